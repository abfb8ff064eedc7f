import HTTPTypes
import Hummingbird

/// Adds the headers every response gets: a Content-Security-Policy that allows no inline script
/// and nothing from other origins, `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, and
/// frame denial.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The policy: only this origin's scripts, styles, images and connections.
    public static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// Creates the middleware.
    public init() {}

    /// Runs the rest of the chain and adds the headers.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        Self.add(to: &response.headers)
        return response
    }

    /// Sets the security headers in `headers` (also used where responses bypass the router).
    public static func add(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    }
}
