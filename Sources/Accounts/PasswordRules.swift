/// What a new password must be: 12 to 256 characters, not only spaces, not one character
/// repeated, not the account's name, and not one of the passwords most often found in breaches
/// (``CommonPasswords``, compared without regard to ASCII case). Long and uncommon is what
/// matters (NIST SP 800-63B); no rule asks for digits or symbols.
public enum PasswordRules {
    /// The fewest characters (Unicode scalars) a password may have.
    public static let minLength = 12
    /// The most.
    public static let maxLength = 256

    /// Checks `password` for the account `name`.
    ///
    /// - Throws: ``AccountError`` `.invalidPassword` with the first rule it breaks.
    public static func check(_ password: String, for name: AccountName) throws {
        let scalars = password.unicodeScalars
        guard scalars.count >= minLength else {
            throw AccountError(.invalidPassword, "a password needs at least \(minLength) characters; a few unrelated words make a good one")
        }
        guard scalars.count <= maxLength else {
            throw AccountError(.invalidPassword, "a password may have at most \(maxLength) characters")
        }
        guard !scalars.allSatisfy({ $0.properties.isWhitespace }) else {
            throw AccountError(.invalidPassword, "a password cannot be only spaces")
        }
        guard let first = scalars.first, !scalars.allSatisfy({ $0 == first }) else {
            throw AccountError(.invalidPassword, "a password cannot be one character repeated")
        }
        let folded = lowered(password)
        guard !folded.utf8.elementsEqual(name.text.utf8) else {
            throw AccountError(.invalidPassword, "a password cannot be the account's name")
        }
        guard !CommonPasswords.contains(folded) else {
            throw AccountError(.invalidPassword, "that password is one of the most common ones, which are tried first; choose another")
        }
    }

    /// `text` with ASCII letters in lower case.
    static func lowered(_ text: String) -> String {
        String(decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
