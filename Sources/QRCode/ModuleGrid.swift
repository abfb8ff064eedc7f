/// A symbol being made: the function patterns drawn, then the codewords placed, then a mask
/// and the format information applied (ISO/IEC 18004, sections 6.3 to 6.9).
struct ModuleGrid {
    let size: Int
    let version: Int
    /// Row by row, `true` for dark.
    private(set) var dark: [Bool]
    /// Row by row, `true` where a function pattern or format or version information sits:
    /// never data, never masked.
    private var reserved: [Bool]

    init(version shape: QRVersion) {
        size = shape.size
        version = shape.number
        dark = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
        drawFunctionPatterns(alignment: shape.alignmentCentres)
    }

    private mutating func set(_ x: Int, _ y: Int, _ value: Bool) {
        dark[y * size + x] = value
        reserved[y * size + x] = true
    }

    private mutating func drawFunctionPatterns(alignment: [Int]) {
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)
        let last = alignment.count - 1
        for (i, y) in alignment.enumerated() {
            for (j, x) in alignment.enumerated() {
                let underFinder = (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)
                if !underFinder { drawAlignment(centreX: x, centreY: y) }
            }
        }
        // Reserve the format information's modules (drawn for real once the mask is chosen)
        // and draw the version information.
        writeFormat(0)
        writeVersion()
    }

    /// A finder pattern with its light separator, clipped to the symbol.
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx
                let y = centreY + dy
                guard x >= 0, y >= 0, x < size, y < size else { continue }
                let ring = max(abs(dx), abs(dy))
                set(x, y, ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(centreX + dx, centreY + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The 15 format bits for `bits5` (level and mask), both copies, and the dark module.
    mutating func writeFormat(_ bits5: Int) {
        let bits = Self.formatBits(bits5)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)
    }

    /// The 18 version bits, both copies, from version 7 on.
    private mutating func writeVersion() {
        guard version >= 7 else { return }
        let bits = Self.versionBits(version)
        for index in 0..<18 {
            let value = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3
            let b = index / 3
            set(a, b, value)
            set(b, a, value)
        }
    }

    /// The level and mask (`bits5`) with their BCH(15, 5) check bits, masked with 0x5412.
    static func formatBits(_ bits5: Int) -> Int {
        var remainder = bits5
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (bits5 << 10 | remainder) ^ 0x5412
    }

    /// The version number with its BCH(18, 6) check bits.
    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }

    /// Places `codewords` in the two-module columns, right to left, up then down, skipping
    /// the reserved modules and the vertical timing pattern; what is left stays light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] && bitIndex < bitCount {
                    dark[y * size + x] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// This grid with mask `mask` applied to its data modules and the format information for
    /// `level` and that mask written.
    func masked(_ mask: Int, level: QRCode.Level) -> ModuleGrid {
        var copy = self
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && Self.inverts(mask, x: x, y: y) {
                copy.dark[y * size + x].toggle()
            }
        }
        copy.writeFormat(level.formatBits << 3 | mask)
        return copy
    }

    /// Whether mask pattern `mask` inverts the module at (`x`, `y`).
    static func inverts(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }
}
