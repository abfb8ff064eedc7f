import Crypto
import Foundation
import Hex

/// A personal access token as stored: its label (what its owner calls it: "ci", "backup
/// script"), the SHA-256 of its secret (never the secret, which its owner is shown once) and
/// when it was made. A script sends the secret as `Authorization: Bearer pat_…` and acts as the
/// token's person, with their role, until the token is revoked, the person is reset or removed.
public struct PersonalToken: Sendable, Hashable {
    /// What its owner calls it; unique among their tokens (compared by code point).
    public var label: String
    /// SHA-256 of the secret, 64 lower-case hex digits.
    public var digest: String
    /// When it was made.
    public var created: Date

    /// A stored token.
    public init(label: String, digest: String, created: Date) {
        self.label = label
        self.digest = digest
        self.created = created
    }

    /// Every secret starts with this, so a bearer of one is told from the server's own access
    /// token (and from anything else) before any lookup.
    public static let prefix = "pat_"
    /// The most characters in a label.
    public static let maxLabelLength = 64

    /// Whether `text` has a secret's shape: ``prefix`` and 64 lower-case hex digits.
    public static func isSecret(_ text: Substring) -> Bool {
        text.hasPrefix(prefix) && Hex.isLowercaseHex(String(text.dropFirst(prefix.count)), count: 64)
    }

    /// SHA-256 of `secret`'s bytes, in lower-case hex: what is stored and looked up.
    public static func digest(of secret: Substring) -> String {
        Hex.encode(SHA256.hash(data: Array(secret.utf8)))
    }

    /// `text` as a label: 1 to ``maxLabelLength`` characters, no control or format characters
    /// (bidi overrides, zero-width) and no line breaks, not only
    /// spaces; surrounding spaces are dropped.
    ///
    /// - Throws: ``AccountError`` `.invalidLabel` saying why.
    public static func label(_ text: String) throws -> String {
        let label = text.trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty else { throw AccountError(.invalidLabel, "a token needs a label that says what uses it (--label ci)") }
        guard label.unicodeScalars.count <= maxLabelLength else {
            throw AccountError(.invalidLabel, "a token's label is at most \(maxLabelLength) characters")
        }
        guard !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            || $0.properties.generalCategory == .lineSeparator || $0.properties.generalCategory == .paragraphSeparator }) else {
            throw AccountError(.invalidLabel, "a token's label cannot hold control characters, invisible formatting characters or line breaks")
        }
        return label
    }

    /// Whether this token is labelled `label`, compared by code point.
    public func isLabelled(_ label: String) -> Bool {
        self.label.unicodeScalars.elementsEqual(label.unicodeScalars)
    }
}

/// A new personal access token as its maker sees it once: the secret to send as
/// `Authorization: Bearer`.
public struct IssuedToken: Sendable, Hashable {
    /// Whose it is.
    public let name: AccountName
    /// Its label.
    public let label: String
    /// The secret: ``PersonalToken/prefix`` and 32 random bytes in hex.
    public let secret: String
    /// When it was made.
    public let created: Date
}
