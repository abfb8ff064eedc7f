import HTTPTypes
import Hummingbird

/// A server's access token in token mode, and what checks it: a script sends the token itself
/// (`Authorization: Bearer TOKEN`); a browser signs in once at ``SignIn/path`` and then sends
/// its ``SessionCookie``, which holds a random session id (``SignInSessions``), never the token.
/// Every comparison with the token is throttled per server (``TokenModeLimits``): once the
/// burst is spent, token checks are refused with 429 without comparing; requests with a
/// current session are never throttled.
public struct AccessToken: Sendable {
    let bytes: [UInt8]
    /// The cookie that holds the session id.
    let cookie: SessionCookie
    /// The cookie that held the token itself in earlier releases, cleared at sign-in and out.
    let formerCookie: SessionCookie
    let sessions: SignInSessions
    let throttle: AttemptThrottle

    /// The session the request being answered was signed in with, if it came with one; set by
    /// ``TokenMiddleware`` for the rest of the chain (``FormGuardMiddleware`` binds forms to it).
    @TaskLocal static var session: String?

    /// The token `token` of the app called `appName` (which names its cookies), checked within
    /// `limits`.
    public init(_ token: String, appName: String, limits: TokenModeLimits = TokenModeLimits()) {
        bytes = Array(token.utf8)
        cookie = SessionCookie(appName: appName, purpose: "session")
        formerCookie = SessionCookie(appName: appName, purpose: "token")
        sessions = SignInSessions(limits)
        throttle = AttemptThrottle(limits)
    }

    /// How a request stands.
    enum Admission: Equatable {
        /// It carries the current session with this id.
        case session(String)
        /// It carries the token as a bearer.
        case bearer
        /// It carries neither (or a wrong token): 401.
        case refused
        /// Too many wrong tokens lately: 429, to try again in this many seconds.
        case throttled(retryAfter: Int)
    }

    /// Whether `request` may in, and how: a current session first (no comparison, never
    /// throttled), else its bearer token, checked by ``check(_:)``.
    func admit(_ request: Request) -> Admission {
        if let id = session(in: request) { return .session(id) }
        guard let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer ") else { return .refused }
        switch check(Array(authorization.utf8.dropFirst(7))) {
        case .right: return .bearer
        case .wrong: return .refused
        case .throttled(let seconds): return .throttled(retryAfter: seconds)
        }
    }

    /// The id of the current session `request`'s cookie names, if it names one.
    func session(in request: Request) -> String? {
        guard let id = cookie.value(in: request), RandomHex.isWellFormed(id), sessions.isCurrent(id) else { return nil }
        return id
    }

    /// What a check of a given token found.
    enum Check: Equatable {
        case right
        case wrong
        /// Not compared: to try again in this many seconds.
        case throttled(Int)
    }

    /// Compares `given` with the token in constant time, if the throttle allows a check now.
    func check(_ given: [UInt8]) -> Check {
        if let seconds = throttle.take() { return .throttled(seconds) }
        guard Self.constantTimeEqual(given, bytes) else { return .wrong }
        throttle.giveBack()
        return .right
    }

    /// Whether `given` equals `secret`. The time it takes depends on the length of `given`
    /// alone, never on where the two differ; lengths are compared in full (a token followed by
    /// 256 NUL bytes is not the token).
    static func constantTimeEqual(_ given: [UInt8], _ secret: [UInt8]) -> Bool {
        var difference = UInt(bitPattern: given.count ^ secret.count)
        for index in given.indices {
            let expected = index < secret.count ? secret[index] : 0
            difference |= UInt(given[index] ^ expected)
        }
        return difference == 0
    }

    /// The 429 for a request not checked: ``APIError`` `too_many_attempts` with `Retry-After`.
    static func throttledError(retryAfter seconds: Int) -> APIError {
        var error = APIError(
            .tooManyRequests, code: "too_many_attempts",
            "too many wrong access tokens were tried: try again in \(seconds) second\(seconds == 1 ? "" : "s")"
        )
        error.headers[.retryAfter] = String(seconds)
        return error
    }
}
