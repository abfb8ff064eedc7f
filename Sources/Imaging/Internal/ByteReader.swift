import Foundation

/// Bounds-checked big- and little-endian reads over image bytes; running off the end is a
/// `.truncated` error naming the format.
struct ByteReader {
    let bytes: Data
    let format: String

    /// The byte at `offset`.
    func byte(_ offset: Int) throws -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw truncated(at: offset) }
        return bytes[bytes.startIndex + offset]
    }

    /// The big-endian 16-bit value at `offset`.
    func uint16(_ offset: Int, littleEndian: Bool = false) throws -> Int {
        let a = Int(try byte(offset)), b = Int(try byte(offset + 1))
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    /// The 32-bit value at `offset`.
    func uint32(_ offset: Int, littleEndian: Bool = false) throws -> Int {
        let high = try uint16(offset, littleEndian: littleEndian), low = try uint16(offset + 2, littleEndian: littleEndian)
        return littleEndian ? high | low << 16 : high << 16 | low
    }

    /// Whether the bytes at `offset` are `ascii`.
    func matches(_ ascii: String, at offset: Int) -> Bool {
        let expected = Array(ascii.utf8)
        guard offset >= 0, offset + expected.count <= bytes.count else { return false }
        return bytes[(bytes.startIndex + offset)..<(bytes.startIndex + offset + expected.count)].elementsEqual(expected)
    }

    func truncated(at offset: Int) -> ImagingError {
        ImagingError(.truncated, "this \(format) is cut short (the file ends at byte \(bytes.count), inside its header)")
    }
}
