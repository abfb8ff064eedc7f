/// Reads the keyed fields of one object while it decodes itself (the `NSCoder` of
/// ``Archivable/init(from:)``).
public struct ArchiveDecoder {
    /// The unarchiver the object is read from.
    public let unarchiver: KeyedUnarchiver
    /// The object's number in `$objects`.
    public let uid: UInt32
    /// The archived class name (`$classname`).
    public let className: String
    /// The raw fields: inline scalars or UIDs, plus `$class`.
    public let fields: [String: PropertyList]
    private let versionKey: String

    init(unarchiver: KeyedUnarchiver, uid: UInt32, className: String, fields: [String: PropertyList], versionKey: String) {
        self.unarchiver = unarchiver
        self.uid = uid
        self.className = className
        self.fields = fields
        self.versionKey = versionKey
    }

    /// The field names present, without `$class`.
    public var allKeys: [String] { fields.keys.filter { $0 != "$class" }.sorted() }

    /// Whether the object has a field named `key`.
    public func contains(_ key: String) -> Bool { fields[key] != nil }

    /// The format version the object was written with, or nil if it has none.
    public var version: Int? {
        guard case .integer(let value) = fields[versionKey] else { return nil }
        return Int(exactly: value)
    }

    /// Decodes the field `key` as `Value`; nil if the key is missing or refers to `$null`.
    ///
    /// - Throws: ``ArchiveError`` naming the key and object when the value has another type or class.
    public func decode<Value: ArchiveDecodable>(_ type: Value.Type, forKey key: String) throws -> Value? {
        guard let raw = fields[key], raw != .uid(0) else { return nil }
        do {
            return try Value.decodeField(raw, in: unarchiver)
        } catch var error as ArchiveError {
            error.message = "\(className) object \(uid), key \"\(key)\": \(error.message)"
            throw error
        }
    }

    /// Decodes the field `key` as `Value`, throwing if it is missing or nil.
    ///
    /// - Throws: ``ArchiveError`` `.missingValue`, or the errors of ``decode(_:forKey:)``.
    public func decodeRequired<Value: ArchiveDecodable>(_ type: Value.Type, forKey key: String) throws -> Value {
        guard let value = try decode(type, forKey: key) else {
            throw ArchiveError(.missingValue, "\(className) object \(uid) has no value for key \"\(key)\"", object: Int(uid))
        }
        return value
    }
}
