import Foundation

/// Reads any `Decodable` value from a keyed archive of Foundation objects.
///
/// The counterpart of ``KeyedArchiveEncoder``: `NSDictionary` feeds keyed containers, `NSArray`
/// (and `NSSet`, `NSOrderedSet`) unkeyed ones, and Foundation's value classes the matching Swift
/// types. Reading is bounded by ``ArchiveLimits``; an object that contains itself is an error.
public struct KeyedArchiveDecoder: Sendable {
    /// The bounds applied to the archive.
    public var limits: ArchiveLimits
    /// The `$top` key the value is read from; `root` by default.
    public var rootKey = "root"
    /// Contextual information for the values' `init(from:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder.
    public init(limits: ArchiveLimits = .default) {
        self.limits = limits
    }

    /// Decodes a `Value` from archive bytes (binary or XML).
    ///
    /// - Throws: ``ArchiveError`` if the bytes are not a sound keyed archive; `DecodingError` if
    ///   the archived values do not fit `Value`.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let unarchiver = try KeyedUnarchiver(data: data, limits: limits)
        guard let root = try unarchiver.decode(ArchivedValue.self, forKey: rootKey) else {
            throw DecodingError.valueNotFound(Value.self, DecodingError.Context(codingPath: [], debugDescription: "the archive has no \"\(rootKey)\" object"))
        }
        return try CodableTreeDecoder(value: root, codingPath: [], userInfo: userInfo).decode(Value.self)
    }
}
