import Foundation
import KeyedArchive

/// A value as one line of text, for `get --format raw` and `diff`.
enum ValueText {
    /// `value` as people read it: a string as it is (`quoted`: in JSON quotes, control
    /// characters escaped), a number in decimal, a date in ISO 8601, data in base64, a container
    /// as its JSON form (`get`) or its size (`diff`, `quoted`).
    static func text(_ value: PropertyList, quoted: Bool) -> String {
        switch value {
        case .string(let text): return quoted ? ArchiveJSONRenderer.quoted(text) : text
        case .integer(let number): return String(number)
        case .unsignedInteger(let number): return String(number)
        case .real(let number): return "\(number)"
        case .float(let number): return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let date): return ArchiveJSONRenderer.isoDate(date)
        case .data(let bytes): return quoted && bytes.count > 48 ? "<\(bytes.count) bytes>" : bytes.base64EncodedString()
        case .uid(let uid): return "UID \(uid)"
        case .array(let elements), .set(let elements):
            return quoted ? "(\(typeName(value)) of \(elements.count))" : String(decoding: value.jsonData(pretty: true), as: UTF8.self)
        case .dictionary(let entries):
            return quoted ? "(dictionary of \(entries.count))" : String(decoding: value.jsonData(pretty: true), as: UTF8.self)
        }
    }

    /// The type's name as `plutil -type` prints it (`bool`, `float`, …), and `set` and `uid`,
    /// which only binary plists hold.
    static func typeName(_ value: PropertyList) -> String {
        switch value {
        case .string: "string"
        case .integer, .unsignedInteger: "integer"
        case .real, .float: "float"
        case .bool: "bool"
        case .date: "date"
        case .data: "data"
        case .uid: "uid"
        case .array: "array"
        case .dictionary: "dictionary"
        case .set: "set"
        }
    }
}
