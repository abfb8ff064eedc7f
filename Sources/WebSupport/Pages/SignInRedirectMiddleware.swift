import HTTPTypes
import Hummingbird

/// Sends a browser that asks for a page without a current session to the sign-in form (303 to
/// ``SignIn/path``) instead of the JSON 401 that ``TokenMiddleware`` answers; place it before
/// that middleware. Only `GET`/`HEAD` requests that accept HTML, are not for the API and carry
/// no `Authorization` (which ``TokenMiddleware`` checks) are redirected; everything else passes
/// on unchanged.
public struct SignInRedirectMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: AccessToken

    /// Creates the middleware for `access`.
    public init(access: AccessToken) {
        self.access = access
    }

    /// Redirects a page request without a session, or runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard [.get, .head].contains(request.method), !path.hasPrefix("/api/"), path != SignIn.path,
              request.headers[.authorization] == nil, (request.headers[.accept] ?? "").contains("text/html"),
              access.session(in: request) == nil else {
            return try await next(request, context)
        }
        var headers = HTTPFields()
        headers[.location] = SignIn.path
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}
