/// A type that can be written into a keyed archive.
///
/// Foundation's value types (`String`, the integer and floating-point types, `Bool`, `Data`,
/// `Date`, `UUID`, `URL`), `Optional`, `Array`, `Dictionary` and `Set` conform already, each
/// written as the Foundation class Apple's archiver would write (`NSString`, `NSNumber`, `NSDate`,
/// …). Your own types conform through ``Archivable``.
public protocol ArchiveEncodable {
    /// Writes this value as an entry of `$objects` (or reuses one) and returns its UID.
    func encodeObject(in archiver: KeyedArchiver) -> UInt32

    /// The value stored under a key of the parent object.
    ///
    /// By default a UID from ``encodeObject(in:)``, as `encodeObject:forKey:` writes. Numbers and
    /// booleans store themselves inline, as `encodeInteger:forKey:` and friends do.
    func encodeField(in archiver: KeyedArchiver) -> PropertyList
}

extension ArchiveEncodable {
    /// Stores a reference: the UID of this value's `$objects` entry.
    public func encodeField(in archiver: KeyedArchiver) -> PropertyList {
        .uid(encodeObject(in: archiver))
    }
}

/// A type that can be read from a keyed archive with a secure, typed lookup.
///
/// Decoding checks the archived class against the type's accepted class names before anything
/// is built, and every read is bounded by the unarchiver's ``ArchiveLimits``.
public protocol ArchiveDecodable {
    /// Builds a value from the `$objects` entry `uid`.
    ///
    /// - Throws: ``ArchiveError`` when the entry has another class or shape.
    static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> Self

    /// Builds a value from what a parent object stores under a key: a UID, or an inline scalar.
    static func decodeField(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> Self
}

extension ArchiveDecodable {
    /// Follows a UID; inline values are a type mismatch unless the type overrides this.
    public static func decodeField(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> Self {
        guard case .uid(let uid) = value else {
            throw ArchiveError(.typeMismatch, "expected a reference to \(Self.self), found an inline \(value.typeName)")
        }
        return try decodeObject(uid: uid, in: unarchiver)
    }
}

/// A type that is both written to and read from keyed archives.
public typealias ArchiveCodable = ArchiveEncodable & ArchiveDecodable
