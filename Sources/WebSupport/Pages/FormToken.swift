import Hummingbird

/// The token a page's forms carry (a hidden `_formtoken` field) and the browser's cookie holds
/// beside it (double submit): a form another site makes the browser send has the cookie — or,
/// with `SameSite=Strict`, not even that — but cannot know the token, so it is refused whatever
/// the browser says in `Origin` or `Sec-Fetch-Site` (older browsers say neither).
public enum FormToken {
    /// The form field that carries the token.
    public static let field = "_formtoken"

    /// The token of the page being answered, for its templates (``PageResources``); set by
    /// ``FormGuardMiddleware``.
    @TaskLocal public static var current: String?

    /// A new token: 32 random bytes in hex.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.utf8.count) + hex
        }.joined()
    }

    /// Whether `text` has the form of a token (64 lowercase hex digits).
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
