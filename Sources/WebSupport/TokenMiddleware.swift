import HTTPTypes
import Hummingbird

/// Requires the access token on every request but the sign-in form's and the public reads' (the
/// health and readiness probes, `x-access: public` in the API's document): a current session's
/// cookie (``SignIn``), or `Authorization: Bearer TOKEN` compared in constant time. Without
/// either: a browser asking for a page (a `GET` or `HEAD` that accepts HTML, not for the API,
/// without `Authorization`) is sent to the sign-in form (303 to ``SignIn/path``), anything else
/// gets 401 with a JSON error; after too many wrong tokens, 429 with `Retry-After` and no
/// comparison (``AccessToken``). The session is looked up once per request.
public struct TokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: AccessToken
    let publicReads: Set<String>

    /// Creates the middleware for `access`; `GET`s and `HEAD`s of `publicReads` pass without it.
    public init(access: AccessToken, publicReads: Set<String> = []) {
        self.access = access
        self.publicReads = publicReads
    }

    /// Checks the session or the token, then runs the rest of the chain (knowing the session).
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if AccountAccess.person != nil { return try await next(request, context) }  // signed in by person
        let path = request.uri.path
        if path == SignIn.path || path.hasPrefix(AccountSignIn.welcomePrefix) || ([.get, .head].contains(request.method) && publicReads.contains(path)) {
            return try await next(request, context)
        }
        switch access.admit(request) {
        case .session(let id):
            return try await AccessToken.$session.withValue(id) { try await next(request, context) }
        case .bearer:
            return try await next(request, context)
        case .throttled(let seconds):
            throw AccessToken.throttledError(retryAfter: seconds)
        case .refused:
            if Self.isPageRequest(request) { return Self.signInRedirect }
            throw APIError(.unauthorized, code: "unauthorized", "this server needs its access token (Authorization: Bearer …, or sign in at \(SignIn.path))")
        }
    }

    /// Whether `request` is a browser's request for a page: `GET`/`HEAD`, accepting HTML, not for
    /// the API, without `Authorization` (a script's, which gets the JSON answer).
    static func isPageRequest(_ request: Request) -> Bool {
        [.get, .head].contains(request.method) && !request.uri.path.hasPrefix("/api/") && request.headers[.authorization] == nil
            && (request.headers[.accept] ?? "").contains("text/html")
    }

    /// The 303 to the sign-in form.
    static var signInRedirect: Response {
        var headers = HTTPFields()
        headers[.location] = SignIn.path
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}
