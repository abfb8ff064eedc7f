import HTTPTypes
import Hummingbird

/// Requires the access token on every request but the sign-in form's: a current session's
/// cookie (``SignIn``), or `Authorization: Bearer TOKEN` compared in constant time. Without
/// either: 401 with a JSON error; after too many wrong tokens, 429 with `Retry-After` and no
/// comparison (``AccessToken``).
public struct TokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: AccessToken

    /// Creates the middleware for `access`.
    public init(access: AccessToken) {
        self.access = access
    }

    /// Checks the session or the token, then runs the rest of the chain (knowing the session).
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.path == SignIn.path { return try await next(request, context) }
        switch access.admit(request) {
        case .session(let id):
            return try await AccessToken.$session.withValue(id) { try await next(request, context) }
        case .bearer:
            return try await next(request, context)
        case .throttled(let seconds):
            throw AccessToken.throttledError(retryAfter: seconds)
        case .refused:
            throw APIError(.unauthorized, code: "unauthorized", "this server needs its access token (Authorization: Bearer …, or sign in at \(SignIn.path))")
        }
    }
}
