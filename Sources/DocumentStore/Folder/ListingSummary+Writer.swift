extension ListingSummary {
    /// Builds a summary's bytes entry by entry, in increasing bundle numbers.
    public struct Writer: Sendable {
        private var body = SummaryRecordWriter()
        private var count: UInt32 = 0
        private var lastID = 0
        private let countOffset: Int

        /// A summary of records in format `format`.
        public init(format: String) {
            body.append(format)
            countOffset = body.bytes.count
            body.append(UInt32(0))  // the count, set by `finished()`
        }

        /// Appends bundle `id`'s entry; false (nothing appended) if `id` does not follow the
        /// last one, or a part is longer than a summary holds (names and validators 255 bytes,
        /// records `maxRecordBytes`).
        @discardableResult
        public mutating func append(id: Int, name: String, validator: some Collection<UInt8>, record: some Collection<UInt8>, maxRecordBytes: Int = 2048) -> Bool {
            guard id > lastID, name.utf8.count <= 255, validator.count <= 255, record.count <= maxRecordBytes else { return false }
            body.append(UInt64(id))
            body.appendBytes(name.utf8, lengthBytes: 2)
            body.appendBytes(validator, lengthBytes: 2)
            body.appendBytes(record, lengthBytes: 4)
            lastID = id
            count += 1
            return true
        }

        /// How many entries have been appended.
        public var entryCount: Int { Int(count) }

        /// The whole summary: header, format, count and entries.
        public func finished() -> [UInt8] {
            var body = self.body.bytes
            withUnsafeBytes(of: count.littleEndian) { raw in
                for (index, byte) in raw.enumerated() { body[countOffset + index] = byte }
            }
            let checksum = body.withUnsafeBytes { ListingSummary.checksum($0) }
            var whole = ListingSummary.magic
            whole.reserveCapacity(ListingSummary.headerBytes + body.count)
            withUnsafeBytes(of: UInt64(ListingSummary.headerBytes + body.count).littleEndian) { whole.append(contentsOf: $0) }
            withUnsafeBytes(of: checksum.littleEndian) { whole.append(contentsOf: $0) }
            whole.append(contentsOf: body)
            return whole
        }
    }
}
