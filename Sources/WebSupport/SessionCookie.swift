import Hummingbird

/// A cookie of a server's, named for the app, what it holds and the port
/// (`scary_creatures_session_8080`, `homepwner_form_8081`): browsers send a host's cookies to
/// every port of it, so one name for all would let signing in to one app overwrite the other's.
/// The session's (`session`: a random id, never the access token) is set `HttpOnly;
/// SameSite=Strict` by ``SignIn`` and read through ``AccessToken``; the form cookie's (`form`)
/// by ``FormGuardMiddleware``. (`token` named the cookie that held the token itself in earlier
/// releases; sign-in and sign-out clear it.)
public struct SessionCookie: Sendable {
    /// The app's part of the name: its name in lowercase ASCII, other characters as `_`.
    public let prefix: String
    /// What the cookie holds: `session` or `form`.
    public let purpose: String

    /// The cookie that holds `purpose` (the sign-in session by default) for the app called `appName`.
    public init(appName: String, purpose: String = "session") {
        self.purpose = purpose
        prefix = String(appName.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "0"..."9": Character(scalar)
            case "A"..."Z": Character(Unicode.Scalar(scalar.value + 32)!)
            default: "_"
            }
        })
    }

    /// The cookie's name for a request: the app's prefix, the purpose, and the port the request
    /// was sent to (its `Host`; 80 when it names none).
    public func name(for request: Request) -> String {
        let port = request.head.authority.flatMap { HostPolicy.split(authority: $0)?.port } ?? 80
        return "\(prefix)_\(purpose)_\(port)"
    }

    /// The value the request's cookie of this name carries, if any.
    public func value(in request: Request) -> String? {
        request.cookies[name(for: request)]?.value
    }
}
