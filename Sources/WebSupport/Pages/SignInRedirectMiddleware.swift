import HTTPTypes
import Hummingbird

/// Sends a browser that asks for a page without the access token to the sign-in form (303 to
/// ``SignIn/path``) instead of the JSON 401 that ``TokenMiddleware`` answers; place it before
/// that middleware. Only `GET`/`HEAD` requests that accept HTML and are not for the API are
/// redirected; everything else passes on unchanged.
public struct SignInRedirectMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: AccessToken

    /// Creates the middleware for `token`, carried by browsers in `cookie`.
    public init(token: String, cookie: SessionCookie) {
        self.token = AccessToken(token, cookie: cookie)
    }

    /// Redirects a page request without the token, or runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard [.get, .head].contains(request.method), !path.hasPrefix("/api/"), path != SignIn.path,
              (request.headers[.accept] ?? "").contains("text/html") else {
            return try await next(request, context)
        }
        if token.isCarried(by: request) { return try await next(request, context) }
        var headers = HTTPFields()
        headers[.location] = SignIn.path
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}
