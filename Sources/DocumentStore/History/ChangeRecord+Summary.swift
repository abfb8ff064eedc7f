import Foundation
import KeyedArchive

extension SummaryRecordWriter {
    /// Appends who added a document and changed it last, and its history, for a listing
    /// summary: a 2-byte mask of what is set (1 `createdBy`, 2 `updatedBy`, 4 the history), each
    /// name, then the history's count (2 bytes) and each change (its date's 64 bits, a 2-byte 1
    /// and the person or a 2-byte 0, the action, the fields' count and each field).
    ///
    /// - Returns: false when the history cannot be kept in a record (a change keeps keys this
    ///   version does not know, or there are more than 65,535 of something): the document is then
    ///   read from its file every time.
    public mutating func append(createdBy: String?, updatedBy: String?, history: [ChangeRecord]?) -> Bool {
        let mask: UInt16 = (createdBy == nil ? 0 : 1) | (updatedBy == nil ? 0 : 2) | (history == nil ? 0 : 4)
        append(mask)
        if let createdBy { append(createdBy) }
        if let updatedBy { append(updatedBy) }
        guard let history else { return true }
        guard history.count <= Int(UInt16.max), history.allSatisfy({ $0.otherFields.isEmpty && $0.fields.count <= Int(UInt16.max) }) else { return false }
        append(UInt16(history.count))
        for record in history {
            append(record.date.timeIntervalSinceReferenceDate.bitPattern)
            if let person = record.person {
                append(UInt16(1))
                append(person)
            } else {
                append(UInt16(0))
            }
            append(record.action)
            append(UInt16(record.fields.count))
            for field in record.fields { append(field) }
        }
        return true
    }
}

extension SummaryRecordReader {
    /// Reads what ``SummaryRecordWriter/append(createdBy:updatedBy:history:)`` wrote; nil when
    /// the bytes are not that (the document is then read from its file).
    public mutating func changes(maxBytes: Int) -> (createdBy: String?, updatedBy: String?, history: [ChangeRecord]?)? {
        guard let mask = uint16(), mask & ~7 == 0 else { return nil }
        var createdBy: String?, updatedBy: String?, history: [ChangeRecord]?
        if mask & 1 != 0 { guard let name = string(maxBytes: maxBytes) else { return nil }; createdBy = name }
        if mask & 2 != 0 { guard let name = string(maxBytes: maxBytes) else { return nil }; updatedBy = name }
        guard mask & 4 != 0 else { return (createdBy, updatedBy, nil) }
        guard let count = uint16() else { return nil }
        var records: [ChangeRecord] = []
        for _ in 0..<count {
            guard let bits = uint64(), let hasPerson = uint16(), hasPerson <= 1 else { return nil }
            var person: String?
            if hasPerson == 1 { guard let name = string(maxBytes: maxBytes) else { return nil }; person = name }
            guard let action = string(maxBytes: maxBytes), let fieldCount = uint16() else { return nil }
            var fields: [String] = []
            for _ in 0..<fieldCount {
                guard let field = string(maxBytes: maxBytes) else { return nil }
                fields.append(field)
            }
            records.append(ChangeRecord(date: Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)), person: person, action: action, fields: fields))
        }
        history = records
        return (createdBy, updatedBy, history)
    }
}
