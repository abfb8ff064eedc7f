import Hex

/// Random identifiers (session ids and form-cookie ids): 32 random bytes in lowercase hex.
enum RandomHex {
    /// 32 bytes from the system's random source, as 64 lowercase hex digits.
    static func make() -> String {
        Hex.random(bytes: 32)
    }

    /// Whether `text` has the form of such an id (64 lowercase hex digits).
    static func isWellFormed(_ text: String) -> Bool {
        Hex.isLowercaseHex(text, count: 64)
    }
}
