/// A zlib stream of zero bytes at deflate's best ratio: one fixed-Huffman block of a literal 0
/// and then matches of 258 bytes at distance 1 (13 bits per 258 bytes).
enum ZeroDeflate {
    static func zlib(count: Int) -> [UInt8] {
        var bits = DeflateBits()
        bits.write(1, length: 1)  // BFINAL
        bits.write(1, length: 2)  // BTYPE 01: fixed Huffman
        var remaining = count
        var bulkDone = false
        while remaining > 0 {
            if remaining >= 258, count - remaining > 0 {
                if !bulkDone, bits.isAligned {
                    // Eight matches are exactly 13 bytes: repeat them byte-wise.
                    var eight = DeflateBits()
                    for _ in 0..<8 { writeMatch(&eight) }
                    let pattern = eight.finish()
                    let repeats = remaining / (8 * 258)
                    bits.appendAligned(repeatElement(pattern, count: repeats).flatMap { $0 })
                    remaining -= repeats * 8 * 258
                    bulkDone = true
                    continue
                }
                writeMatch(&bits)
                remaining -= 258
            } else {
                bits.writeCode(0b0011_0000, length: 8)  // literal 0
                remaining -= 1
            }
        }
        bits.writeCode(0, length: 7)  // end of block
        let adlerB = UInt32(count % 65_521)
        return [0x78, 0x01] + bits.finish() + HostilePNG.be32(Int(adlerB << 16 | 1))
    }

    /// 258 bytes at distance 1.
    static func writeMatch(_ bits: inout DeflateBits) {
        bits.writeCode(0b1100_0101, length: 8)  // length code 285: 258 bytes
        bits.writeCode(0, length: 5)            // distance code 0: distance 1
    }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
struct DeflateBits {
    private var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var count = 0

    mutating func write(_ value: Int, length: Int) {
        for index in 0..<length { push((value >> index) & 1) }
    }

    mutating func writeCode(_ code: Int, length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { push((code >> index) & 1) }
    }

    /// Whether the next bit starts a byte.
    var isAligned: Bool { count == 0 }

    /// Appends whole bytes; only when ``isAligned``.
    mutating func appendAligned(_ more: [UInt8]) {
        bytes += more
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(current)) }
        return bytes
    }

    private mutating func push(_ bit: Int) {
        current |= UInt32(bit) << count
        count += 1
        if count == 8 {
            bytes.append(UInt8(current))
            current = 0
            count = 0
        }
    }
}
