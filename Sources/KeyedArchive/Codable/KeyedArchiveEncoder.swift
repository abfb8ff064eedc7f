import Foundation

/// Writes any `Encodable` value as a keyed archive that Foundation reads as plain objects.
///
/// Keyed containers become `NSDictionary`, unkeyed ones `NSArray`, nil `$null`, strings
/// `NSString`, numbers and booleans `NSNumber`, and `Date`, `Data`, `URL` and `UUID` their
/// Foundation classes. `NSKeyedUnarchiver` on any platform reads the result without custom classes.
public struct KeyedArchiveEncoder: Sendable {
    /// The plist format written: binary by default, as `NSKeyedArchiver` writes.
    public var outputFormat: PropertyListFormat = .binary
    /// The `$top` key the value is stored under; `root` by default.
    public var rootKey = "root"
    /// Contextual information for the values' `encode(to:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with the defaults.
    public init() {}

    /// Archives `value`.
    ///
    /// - Throws: `EncodingError` if the value's `encode(to:)` fails or encodes nothing.
    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let node = try CodableTreeEncoder.encode(value, userInfo: userInfo)
        let archiver = KeyedArchiver()
        archiver.encode(node, forKey: rootKey)
        return try archiver.encodedData(format: outputFormat)
    }
}
