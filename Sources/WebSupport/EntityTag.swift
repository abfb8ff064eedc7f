import Foundation

/// HTTP entity tags: making them, and reading `If-Match` and `If-None-Match`.
public enum EntityTag {
    /// A strong tag for `bytes`: the 64-bit FNV-1a hash of the content, quoted.
    public static func of(_ bytes: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            for byte in raw {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        return "\"\(String(hash, radix: 16))\""
    }

    /// Whether an `If-None-Match` value (a list of tags, or `*`) matches `tag` (weakly, as
    /// RFC 9110 says for `If-None-Match`).
    public static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        let wanted = opaque(tag)
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || opaque(candidate) == wanted
        }
    }

    /// The versions an `If-Match` value accepts (a list of tags, RFC 9110 §13.1.1); nil for `*`
    /// (any version).
    ///
    /// - Throws: ``APIError`` 400 for a value with no tag in it.
    public static func versions(fromIfMatch value: String) throws -> [String]? {
        let tags = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if tags.contains("*") { return nil }
        guard !tags.isEmpty else {
            throw APIError.badRequest("If-Match must hold the version (the ETag) you read, not \"\(value.prefix(80))\"")
        }
        return tags.map(opaque)
    }

    /// A tag without `W/` and quotes.
    static func opaque(_ tag: String) -> String {
        var text = Substring(tag)
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
        return String(text)
    }
}
