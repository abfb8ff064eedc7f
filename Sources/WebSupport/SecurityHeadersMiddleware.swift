import HTTPTypes
import Hummingbird

/// Adds the headers every response gets: a Content-Security-Policy that allows no inline script
/// and nothing from other origins, `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, and
/// frame denial; over HTTPS also `Strict-Transport-Security` (a year), so a browser that has
/// been here never again tries plain HTTP for this host.
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
        Self.add(to: &response.headers, secure: SessionCookie.isSecure(request))
        return response
    }

    /// `Strict-Transport-Security`'s value: a year, this host only (a home server's name may
    /// share its domain with hosts that have no HTTPS).
    public static var strictTransportSecurity: String { "max-age=31536000" }

    /// Sets the security headers in `headers` (also used where responses bypass the router);
    /// HSTS when the response goes out over HTTPS (`secure`).
    public static func add(to headers: inout HTTPFields, secure: Bool = false) {
        if secure { headers[HTTPField.Name("Strict-Transport-Security")!] = strictTransportSecurity }
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    }
}
