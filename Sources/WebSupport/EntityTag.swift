import Foundation
import Hex

/// HTTP entity tags: making them, and reading `If-Match` and `If-None-Match`.
public enum EntityTag {
    /// A strong tag for `bytes`: the 64-bit FNV-1a hash of the content, quoted.
    public static func of(_ bytes: Data) -> String {
        "\"\(identity(of: bytes))\""
    }

    /// The contents of ``of(_:)``'s tag, unquoted: the 64-bit FNV-1a hash of `bytes` in hex.
    public static func identity(of bytes: Data) -> String {
        String(FNV1a.hash(bytes), radix: 16)
    }

    /// Whether an `If-None-Match` value (a list of tags, or `*`) matches `tag` (weakly, as
    /// RFC 9110 says for `If-None-Match`).
    public static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        let wanted = opaque(tag)
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            // Compared byte for byte: canonically equivalent tags are different tags.
            return candidate == "*" || opaque(candidate).utf8.elementsEqual(wanted.utf8)
        }
    }

    /// The versions an `If-Match` value accepts (a list of tags, RFC 9110 §13.1.1); nil for `*`
    /// (any version). `If-Match` compares strongly, so a weak tag (`W/"…"`) matches no version
    /// and is left out.
    ///
    /// - Throws: ``APIError`` 400 for a value with no tag in it; 412 (`version_mismatch`) when
    ///   every tag in it is weak.
    public static func versions(fromIfMatch value: String) throws -> [String]? {
        let tags = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if tags.contains("*") { return nil }
        guard !tags.isEmpty else {
            throw APIError.badRequest("If-Match must hold the version (the ETag) you read, not \"\(value.prefix(80))\"")
        }
        let strong = tags.filter { !isWeak($0) }
        guard !strong.isEmpty else {
            throw APIError(
                .preconditionFailed, code: "version_mismatch",
                "If-Match compares versions strongly, so a weak tag (W/\"…\") never matches; send the ETag as you read it"
            )
        }
        return strong.map(opaque)
    }

    /// Whether an `If-Range` value lets a `Range` be served for the representation tagged
    /// `tag` (RFC 9110 §13.1.5): true without one; with one, only when it is that same strong
    /// tag. A weak tag never matches, nor does a date (these responses carry no
    /// `Last-Modified`), so the whole representation is sent instead.
    public static func ifRangeMatches(_ ifRange: String?, _ tag: String) -> Bool {
        guard let ifRange else { return true }
        let given = ifRange.trimmingCharacters(in: .whitespaces)
        return !isWeak(given) && !isWeak(tag) && given.utf8.elementsEqual(tag.utf8)
    }

    /// Whether `tag` is weak (`W/"…"`).
    static func isWeak(_ tag: String) -> Bool {
        tag.utf8.starts(with: "W/".utf8)
    }

    /// A tag without `W/` and quotes.
    static func opaque(_ tag: String) -> String {
        var text = Substring(tag)
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
        return String(text)
    }
}
