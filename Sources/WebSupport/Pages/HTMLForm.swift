import Foundation

/// The fields of an `application/x-www-form-urlencoded` text: a form's body or a URL's query.
///
/// Hostile input is the normal case: malformed escapes leave a field out, a repeated name keeps
/// its first value, and at most ``maxFields`` fields are read.
public struct HTMLForm: Sendable, Equatable {
    /// The most fields read; the rest are ignored.
    public static let maxFields = 64

    /// The fields by name, first value kept.
    public private(set) var fields: [String: String] = [:]

    /// Parses `text` (`a=1&b=two+words`); `+` is a space, `%XX` a byte of UTF-8.
    public init(_ text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true).prefix(Self.maxFields) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty, fields[name] == nil else { continue }
            let value = parts.count == 2 ? Self.decode(parts[1]) : ""
            if let value { fields[name] = value }
        }
    }

    /// The value of field `name`, if the form has it.
    public subscript(_ name: String) -> String? { fields[name] }

    /// `text` with `+` as space and percent escapes decoded; nil for a malformed escape or bytes
    /// that are not UTF-8.
    static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// RFC 3986's unreserved characters: letters and digits of ASCII and `-._~`.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `value` escaped for a URL query (everything but unreserved characters).
    public static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
