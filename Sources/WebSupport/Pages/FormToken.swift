import Crypto
import Foundation
import Hex
import Hummingbird

/// The token a page's forms carry (a hidden `_formtoken` field), bound to the browser: an
/// HMAC-SHA256, under a key of this process's, of the browser's session id in token mode, or
/// else of the random id its form cookie holds. A form another site makes the browser send
/// cannot know it; and one that a same-site app (another port of this host, which can set this
/// host's cookies) makes the browser send, after writing a form cookie of its choosing, cannot
/// know the token for that cookie either — nor, in token mode, for the session. So it is refused
/// whatever the browser says in `Origin` or `Sec-Fetch-Site` (older browsers say neither).
///
/// The key is random, made when the process first needs it and never stored: after a restart
/// the forms of pages shown before are refused (403, reload the page).
public enum FormToken {
    /// The form field that carries the token.
    public static let field = "_formtoken"

    /// The token of the page being answered, for its templates (``PageResources``); set by
    /// ``FormGuardMiddleware``.
    @TaskLocal public static var current: String?

    /// This process's key, as bytes (swift-crypto's `SymmetricKey` is not `Sendable`): 32 from
    /// the system's random source.
    private static let keyBytes: [UInt8] = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }

    /// The key, made from its bytes where it is used.
    private static var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// What a token is bound to.
    enum Binding: Sendable {
        /// The token-mode session the request came with.
        case session(String)
        /// The id the form cookie holds.
        case formCookie(String)

        /// The bytes the HMAC is made of: the kind, then the id, so the two never coincide.
        var message: Data {
            switch self {
            case .session(let id): Data("session \(id)".utf8)
            case .formCookie(let id): Data("form \(id)".utf8)
            }
        }
    }

    /// A new id for a form cookie: 32 random bytes in hex.
    static func make() -> String { RandomHex.make() }

    /// The token for `binding`: the HMAC in 64 lowercase hex digits.
    static func token(for binding: Binding) -> String {
        Hex.encode(HMAC<SHA256>.authenticationCode(for: binding.message, using: key))
    }

    /// Whether `sent` is the token for `binding` (compared by swift-crypto in constant time).
    static func isValid(_ sent: String, for binding: Binding) -> Bool {
        guard sent.utf8.count == 64, let code = Hex.decode(sent) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: binding.message, using: key)
    }

    /// The token this process gives forms whose form cookie holds `id` (no session), as a test
    /// browser must send it.
    @_spi(Testing) public static func token(forFormCookie id: String) -> String {
        token(for: .formCookie(id))
    }

    /// The token this process gives forms of the token-mode session `id`.
    @_spi(Testing) public static func token(forSession id: String) -> String {
        token(for: .session(id))
    }

    /// Whether `text` has the form of a form cookie's id (64 lowercase hex digits).
    static func isWellFormed(_ text: String) -> Bool {
        RandomHex.isWellFormed(text)
    }
}
