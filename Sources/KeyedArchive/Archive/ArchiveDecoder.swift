/// Reads the keyed fields of one object while it decodes itself (the `NSCoder` of
/// ``Archivable/init(from:)``).
public struct ArchiveDecoder {
    /// The unarchiver the object is read from.
    public let unarchiver: KeyedUnarchiver
    /// The object's number in `$objects`.
    public let uid: UInt32
    /// The archived class name (`$classname`).
    public let className: String
    private let versionKey: String

    init(unarchiver: KeyedUnarchiver, uid: UInt32, className: String, versionKey: String) {
        self.unarchiver = unarchiver
        self.uid = uid
        self.className = className
        self.versionKey = versionKey
    }

    /// All raw fields: inline scalars or UIDs, plus `$class`. Builds the whole dictionary.
    ///
    /// - Throws: ``ArchiveError`` if the object is corrupt.
    public func fields() throws -> [PropertyListKey: PropertyList] {
        try unarchiver.classAndFields(of: uid).fields
    }

    /// The raw values of fields `keys` (nil where absent), and how many fields the object has
    /// besides those and `$class` — read in place, without building the object's dictionary.
    ///
    /// - Throws: ``ArchiveError`` if the object is corrupt.
    public func rawValues(forKeys keys: [String]) throws -> (values: [PropertyList?], otherCount: Int) {
        try unarchiver.fields(keys, of: uid)
    }

    /// The field names present, without `$class`, in UTF-16 order; keys that differ only in
    /// their scalars (such as "é" and "e\u{301}") are listed separately.
    ///
    /// - Throws: ``ArchiveError`` if the object is corrupt.
    public func allKeys() throws -> [String] {
        try fields().keys.filter { $0 != "$class" }.sorted().map(\.string)
    }

    /// Whether the object has a field named `key`.
    public func contains(_ key: String) -> Bool {
        (try? unarchiver.field(key, of: uid)) != nil
    }

    /// The raw value of field `key` (an inline scalar or a UID in this archive), or nil.
    ///
    /// - Throws: ``ArchiveError`` if the object is corrupt.
    public func rawValue(forKey key: String) throws -> PropertyList? {
        try unarchiver.field(key, of: uid)
    }

    /// The format version the object was written with, or nil if it has none.
    public var version: Int? {
        guard case .integer(let value)? = try? unarchiver.field(versionKey, of: uid) else { return nil }
        return Int(exactly: value)
    }

    /// Decodes the field `key` as `Value`; nil if the key is missing or refers to `$null`.
    ///
    /// - Throws: ``ArchiveError`` naming the key and object when the value has another type or class.
    public func decode<Value: ArchiveDecodable>(_ type: Value.Type, forKey key: String) throws -> Value? {
        do {
            guard let raw = try unarchiver.field(key, of: uid), raw != .uid(0) else { return nil }
            return try Value.decodeField(raw, in: unarchiver)
        } catch var error as ArchiveError {
            error.message = "\(className) object \(uid), key \"\(key)\": \(error.message)"
            throw error
        }
    }

    /// Decodes the field `key` as `Value` totally: nil when it is missing, `$null`, or holds a
    /// well-formed value of another type — then `key` is added to `unreadable`, for the caller to
    /// keep the value as it was (``decodeFields(except:)`` without it).
    ///
    /// - Throws: ``ArchiveError`` only for damage to the archive's structure (``ArchiveError/isStructural``).
    public func decodeTotally<Value: ArchiveDecodable>(_ type: Value.Type, forKey key: String, unreadable: inout [String]) throws -> Value? {
        do {
            return try decode(type, forKey: key)
        } catch let error as ArchiveError where error.isStructural {
            throw error
        } catch {
            unreadable.append(key)
            return nil
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
