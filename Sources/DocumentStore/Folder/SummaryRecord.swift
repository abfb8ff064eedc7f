/// Builds an app's record for a ``ListingSummary``: integers little-endian, strings as a length
/// and their UTF-8 bytes (every code point kept as it was).
public struct SummaryRecordWriter: Sendable {
    /// The record so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty record.
    public init() {}

    /// Appends `value` as 8 bytes.
    public mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` as 4 bytes.
    public mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` as 2 bytes.
    public mutating func append(_ value: UInt16) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `string` as its UTF-8 length (4 bytes) and bytes.
    public mutating func append(_ string: String) {
        append(UInt32(truncatingIfNeeded: string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends `raw` as its length (2 or 4 bytes, as `lengthBytes` says) and the bytes.
    mutating func appendBytes(_ raw: some Collection<UInt8>, lengthBytes: Int) {
        if lengthBytes == 2 { append(UInt16(truncatingIfNeeded: raw.count)) } else { append(UInt32(truncatingIfNeeded: raw.count)) }
        bytes.append(contentsOf: raw)
    }
}

/// Reads an app's record back from a ``ListingSummary``. Every read checks the bytes left: a
/// read past the end, or a string that is not UTF-8, gives nil (the bundle is then read from
/// its data file instead).
public struct SummaryRecordReader: Sendable {
    private let bytes: ArraySlice<UInt8>
    /// Where the next read starts (an index into the bytes given).
    public private(set) var offset: Int

    /// A reader of `bytes` from their start.
    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == bytes.endIndex }

    /// The next 8 bytes as an integer.
    public mutating func uint64() -> UInt64? {
        integer(UInt64.self)
    }

    /// The next 4 bytes as an integer.
    public mutating func uint32() -> UInt32? {
        integer(UInt32.self)
    }

    /// The next 2 bytes as an integer.
    public mutating func uint16() -> UInt16? {
        integer(UInt16.self)
    }

    /// The next string (a 4-byte length, then UTF-8), if it is at most `maxBytes` long and
    /// valid UTF-8.
    public mutating func string(maxBytes: Int) -> String? {
        guard let range = bytes(lengthBytes: 4, max: maxBytes) else { return nil }
        return String(validating: bytes[range], as: UTF8.self)
    }

    private mutating func integer<Value: FixedWidthInteger>(_: Value.Type) -> Value? {
        let size = MemoryLayout<Value>.size
        guard bytes.endIndex - offset >= size else { return nil }
        // One unaligned load of the bounds-checked range, not a shift per byte.
        let start = offset - bytes.startIndex
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Value.self) }
        offset += size
        return Value(littleEndian: value)
    }

    /// The range of the next length-prefixed bytes (`lengthBytes` 2 or 4), at most `max` long.
    mutating func bytes(lengthBytes: Int, max: Int) -> Range<Int>? {
        let start = offset
        guard let length = lengthBytes == 2 ? uint16().map(Int.init) : uint32().map(Int.init),
              length <= max, bytes.endIndex - offset >= length else {
            offset = start
            return nil
        }
        offset += length
        return (offset - length)..<offset
    }
}
