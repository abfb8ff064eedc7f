/// Collects the keyed fields of one object while it encodes itself (the `NSCoder` of
/// ``Archivable/encode(with:)``).
public struct ArchiveEncoder {
    /// The archiver the object is written into.
    public let archiver: KeyedArchiver
    /// The object's number in `$objects`.
    public let uid: UInt32
    /// The fields written so far; values are inline scalars or UIDs.
    public internal(set) var fields = [PropertyListKey: PropertyList](minimumCapacity: 8)

    init(archiver: KeyedArchiver, uid: UInt32) {
        self.archiver = archiver
        self.uid = uid
    }

    /// Encodes a value by key: numbers and booleans inline, everything else as a reference.
    ///
    /// `nil` is written as a reference to `$null`, as `encodeObject:nil forKey:` does.
    public mutating func encode<Value: ArchiveEncodable>(_ value: Value, forKey key: String) {
        fields[PropertyListKey(key)] = value.encodeField(in: archiver)
    }

    /// Encodes a value as a referenced object even if it is a number, as `encodeObject:forKey:`
    /// does with an `NSNumber`.
    public mutating func encodeObject<Value: ArchiveEncodable>(_ value: Value, forKey key: String) {
        fields[PropertyListKey(key)] = .uid(value.encodeObject(in: archiver))
    }

    /// Stores a raw field value (an inline scalar, or a UID from this archiver).
    public mutating func encodeRaw(_ value: PropertyList, forKey key: String) {
        fields[PropertyListKey(key)] = value
    }
}
