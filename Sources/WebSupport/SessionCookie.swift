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
    /// was sent to (its `Host`; 80 when it names none) — over HTTPS with the `__Host-` prefix,
    /// which a browser keeps only if it was set `Secure`, for this host alone, on `Path=/`, so no
    /// other site and no plain-HTTP page can plant or overwrite it.
    public func name(for request: Request) -> String {
        let port = RequestOrigin.of(request).authority.flatMap { HostPolicy.split(authority: $0)?.port } ?? 80
        return (Self.isSecure(request) ? "__Host-" : "") + "\(prefix)_\(purpose)_\(port)"
    }

    /// The `Set-Cookie` value that gives the browser `value` under this cookie's name: `Path=/;
    /// HttpOnly; SameSite=Strict`, `Secure` over HTTPS, and `Max-Age` when `maxAge` is given
    /// (else it lasts until the browser closes).
    public func setCookie(_ value: String, for request: Request, maxAge: Int? = nil) -> String {
        "\(name(for: request))=\(value); Path=/" + (maxAge.map { "; Max-Age=\($0)" } ?? "") + (Self.isSecure(request) ? "; Secure" : "")
            + "; HttpOnly; SameSite=Strict"
    }

    /// The `Set-Cookie` value that removes this cookie from the browser.
    public func clearing(for request: Request) -> String {
        setCookie("", for: request, maxAge: 0)
    }

    /// Whether `request` came over HTTPS: to this server, or to a trusted proxy that says so
    /// (``RequestOrigin``).
    public static func isSecure(_ request: Request) -> Bool {
        RequestOrigin.of(request).isSecure
    }

    /// The value the request's cookie of this name carries, if any.
    public func value(in request: Request) -> String? {
        request.cookies[name(for: request)]?.value
    }
}
