/// What a person signs in as: 1 to 32 of the ASCII letters, digits, `.`, `_` and `-`, starting
/// with a letter or digit. Letters are kept in lower case, so `Anna` and `anna` are one name and
/// what is compared is plain bytes (never Unicode equivalence).
public struct AccountName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name, in lower case.
    public let text: String

    /// The longest name, in characters.
    public static let maxLength = 32

    /// `given` as a name (upper-case letters lowered).
    ///
    /// - Throws: ``AccountError`` `.invalidName` saying what is allowed.
    public init(_ given: String) throws {
        let bytes = Array(given.utf8)
        let allowed = !bytes.isEmpty && bytes.count <= Self.maxLength
            && Self.isLetterOrDigit(bytes[0])
            && bytes.allSatisfy { Self.isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        guard allowed else {
            throw AccountError(
                .invalidName,
                "a name is 1 to \(Self.maxLength) ASCII letters, digits, dots, underscores and hyphens, starting with a letter or digit, not \(Self.quoted(given))")
        }
        text = String(decoding: bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The name.
    public var description: String { text }

    /// Names in the order of their bytes.
    public static func < (a: AccountName, b: AccountName) -> Bool {
        a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
    }

    /// Equal when their bytes are.
    public static func == (a: AccountName, b: AccountName) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8)
    }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `text` in quotes for a message: at most 40 characters, control characters as `?`.
    static func quoted(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
        return "\u{201C}" + shown + (text.unicodeScalars.count > 40 ? "…" : "") + "\u{201D}"
    }
}
