/// Writes a JPEG entropy-coded segment: bits most significant first, a 0x00 stuffed after every
/// 0xFF, the last byte padded with 1 bits.
struct JPEGBits {
    private(set) var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var count = 0

    /// Appends the low `length` bits of `value`, most significant first.
    mutating func write(_ value: Int, length: Int) {
        for shift in stride(from: length - 1, through: 0, by: -1) {
            current = current << 1 | UInt32((value >> shift) & 1)
            count += 1
            if count == 8 { flushByte() }
        }
    }

    /// Pads the last byte with 1 bits and returns the segment.
    mutating func finish() -> [UInt8] {
        if count > 0 {
            current = current << (8 - count) | (UInt32(1) << (8 - count) - 1)
            count = 8
            flushByte()
        }
        return bytes
    }

    private mutating func flushByte() {
        let byte = UInt8(current & 0xFF)
        bytes.append(byte)
        if byte == 0xFF { bytes.append(0) }
        current = 0
        count = 0
    }
}
