/// What a listing keeps between runs so that unchanged documents need not be read again: per
/// bundle, its number and name, a validator (an opaque value that changes whenever the
/// bundle's data may have changed: a `stat` on disk, an ETag in a bucket) and the app's record
/// of the value listed.
///
/// Never trusted: a record is used only while its validator equals the bundle's current one,
/// and a summary whose bytes are damaged, truncated, foreign or of another record format reads
/// as no summary at all (``init(decoding:format:limits:)`` returns nil). Reading checks every
/// length and count against the bytes there are, so a hostile summary costs what its bytes
/// cost and no more. The records are views into the bytes read: no copy per entry.
///
/// The bytes: `LSUMMRY1`, the total length and a 64-bit checksum of everything after them,
/// the format name, the entry count, then per entry (increasing numbers) the number, the name,
/// the validator and the record, each with its length; integers little-endian.
public struct ListingSummary: Sendable {
    /// One bundle's entry: where its parts lie in the summary's bytes.
    public struct Entry: Sendable, Hashable {
        /// The bundle's number.
        public let id: Int
        let name: Range<Int>
        let validator: Range<Int>
        let record: Range<Int>
    }

    /// Bounds on what a summary may hold; anything beyond them makes it unreadable.
    public struct Limits: Sendable, Hashable {
        /// The most bytes of the whole summary.
        public var maxBytes: Int
        /// The most bytes of one app record (longer ones are never written).
        public var maxRecordBytes: Int

        /// Limits with these values.
        public init(maxBytes: Int, maxRecordBytes: Int = 2048) {
            self.maxBytes = maxBytes
            self.maxRecordBytes = maxRecordBytes
        }

        /// What a summary of `count` bundles may take: its header and, per bundle, the largest
        /// entry (name and validator of up to 255 bytes each, a record of ``maxRecordBytes``).
        public static func forBundles(_ count: Int, maxRecordBytes: Int = 2048) -> Limits {
            let perEntry = ListingSummary.entryOverhead + 2 * 255 + maxRecordBytes
            return Limits(maxBytes: 65_536 + count.clamped(to: 0...(Int.max / 2 / perEntry)) * perEntry, maxRecordBytes: maxRecordBytes)
        }
    }

    /// The app's record format the entries are in (``ListingSummaryFormat/name``).
    public let format: String
    /// The entries, in increasing ``Entry/id`` order.
    public let entries: [Entry]
    private let bytes: [UInt8]

    static let magic: [UInt8] = Array("LSUMMRY1".utf8)
    /// Magic, total length, checksum.
    static let headerBytes = 24
    /// Number, and the lengths of name, validator and record.
    static let entryOverhead = 8 + 2 + 2 + 4

    /// Reads a summary from `bytes`; nil unless they are a whole, undamaged summary in record
    /// format `format` within `limits`, its entries in increasing number order with unique
    /// numbers.
    public init?(decoding bytes: [UInt8], format: String, limits: Limits) {
        guard bytes.count >= Self.headerBytes + 8, bytes.count <= limits.maxBytes,
              bytes[0..<8].elementsEqual(Self.magic) else { return nil }
        var reader = SummaryRecordReader(bytes[8...])
        guard let length = reader.uint64(), length == UInt64(bytes.count), let checksum = reader.uint64(),
              checksum == bytes.withUnsafeBytes({ Self.checksum(UnsafeRawBufferPointer(rebasing: $0[Self.headerBytes...])) }),
              let formatName = reader.string(maxBytes: 255), formatName.utf8.elementsEqual(format.utf8),
              let count = reader.uint32() else { return nil }
        // Every entry takes at least its overhead: a count larger than the bytes can hold is a lie.
        guard Int(count) <= (bytes.count - reader.offset) / Self.entryOverhead else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var offset = reader.offset
        for _ in 0..<count {
            guard let id = reader.uint64(), id > 0, id <= UInt64(Int.max), Int(id) > (entries.last?.id ?? 0),
                  let name = reader.bytes(lengthBytes: 2, max: 255),
                  let validator = reader.bytes(lengthBytes: 2, max: 255),
                  let record = reader.bytes(lengthBytes: 4, max: limits.maxRecordBytes) else { return nil }
            entries.append(Entry(id: Int(id), name: name, validator: validator, record: record))
            offset = reader.offset
        }
        guard offset == bytes.count else { return nil }
        self.format = format
        self.entries = entries
        self.bytes = bytes
    }

    /// The index in ``entries`` of bundle `id`'s entry, if there is one (binary search).
    public func index(of id: Int) -> Int? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].id == id ? low : nil
    }

    /// The bundle name of `entry`.
    public func name(of entry: Entry) -> String {
        String(decoding: bytes[entry.name], as: UTF8.self)
    }

    /// Whether `entry` is for the bundle named `name` (compared byte for byte, no copy).
    public func entry(_ entry: Entry, isNamed name: String) -> Bool {
        var name = name
        return name.withUTF8 { $0.elementsEqual(bytes[entry.name]) }
    }

    /// The validator of `entry`.
    public func validator(of entry: Entry) -> ArraySlice<UInt8> {
        bytes[entry.validator]
    }

    /// The app's record of `entry`.
    public func record(of entry: Entry) -> ArraySlice<UInt8> {
        bytes[entry.record]
    }

    /// The checksum the header holds: a 64-bit hash of every byte after the header, eight at a
    /// time. It finds damage and torn writes; it is no defence against a forger, and needs none:
    /// a forged summary is still read within its limits, and every record is validated.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0x80
        var shift: UInt64 = 8
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
