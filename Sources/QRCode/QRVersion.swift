/// One version's layout: its size, where its alignment patterns sit, how many codewords it
/// has and how they split into error-correction blocks at each level (ISO/IEC 18004, table 9).
struct QRVersion {
    /// 1 to 40.
    let number: Int

    init(_ number: Int) {
        precondition((1...40).contains(number), "QR versions run from 1 to 40")
        self.number = number
    }

    /// Modules on a side.
    var size: Int { 17 + 4 * number }

    /// Bits of the byte-mode character count: 8 up to version 9, 16 from version 10.
    var countBits: Int { number < 10 ? 8 : 16 }

    /// The centres of the alignment patterns along either axis (empty for version 1).
    var alignmentCentres: [Int] {
        guard number > 1 else { return [] }
        let count = number / 7 + 2
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        for index in 1..<count { centres.append(size - 7 - (count - 1 - index) * step) }
        return centres
    }

    /// Modules left for codewords once every function pattern and the format and version
    /// information are placed.
    var dataModules: Int {
        var modules = (16 * number + 128) * number + 64
        if number >= 2 {
            let count = number / 7 + 2
            modules -= (25 * count - 10) * count - 55
            if number >= 7 { modules -= 36 }
        }
        return modules
    }

    /// Codewords in the symbol, data and error correction together.
    var totalCodewords: Int { dataModules / 8 }

    /// Error-correction codewords in each block.
    func eccPerBlock(_ level: Level) -> Int { Self.eccPerBlock[level.rawValue][number - 1] }

    /// The number of blocks the codewords are split into.
    func blockCount(_ level: Level) -> Int { Self.blocks[level.rawValue][number - 1] }

    /// Data codewords in the symbol at `level`.
    func dataCodewordCount(_ level: Level) -> Int { totalCodewords - eccPerBlock(level) * blockCount(level) }

    /// The most bytes byte mode holds at `level`.
    func byteCapacity(_ level: Level) -> Int { (dataCodewordCount(level) * 8 - 4 - countBits) / 8 }

    /// Whether `byteCount` bytes fit at `level`.
    func fits(byteCount: Int, level: Level) -> Bool { byteCount <= byteCapacity(level) }

    /// The data codewords: mode, count, the bytes, a terminator and padding.
    func dataCodewords(_ bytes: [UInt8], level: Level) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = dataCodewordCount(level) * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < dataCodewordCount(level) {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// The data split into blocks, each block's error correction added, and both interleaved
    /// in the order they are placed.
    func interleaved(_ data: [UInt8], level: Level) -> [UInt8] {
        let blockTotal = blockCount(level)
        let ecc = eccPerBlock(level)
        let shortBlocks = blockTotal - totalCodewords % blockTotal
        let shortDataLength = totalCodewords / blockTotal - ecc
        let divisor = ReedSolomon.generator(degree: ecc)
        var blocks: [[UInt8]] = []
        var corrections: [[UInt8]] = []
        var start = 0
        for index in 0..<blockTotal {
            let length = shortDataLength + (index < shortBlocks ? 0 : 1)
            let block = Array(data[start..<start + length])
            start += length
            blocks.append(block)
            corrections.append(ReedSolomon.remainder(of: block, dividedBy: divisor))
        }
        var result: [UInt8] = []
        result.reserveCapacity(totalCodewords)
        for column in 0...shortDataLength {
            for block in blocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<ecc {
            for correction in corrections { result.append(correction[column]) }
        }
        return result
    }

    typealias Level = QRCode.Level

    /// Error-correction codewords per block, by level (low, medium, quartile, high) and version.
    static let eccPerBlock: [[Int]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Error-correction blocks, by level and version.
    static let blocks: [[Int]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    /// Appends the low `count` bits of `value`, most significant first.
    mutating func append(_ value: Int, count: Int) {
        guard count > 0 else { return }
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    /// The bits as bytes; the count must be a multiple of eight.
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
