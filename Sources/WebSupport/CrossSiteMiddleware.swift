import HTTPTypes
import Hummingbird

/// Refuses state changes (any method but GET, HEAD and OPTIONS) that a browser says come from
/// another site: `Sec-Fetch-Site` other than `same-origin` or `none`, or an `Origin` whose host
/// and port differ from the request's `Host`. Clients that are not browsers send neither header
/// and pass. Answers 403 with a JSON error.
public struct CrossSiteMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Checks the request, then runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site != "same-origin", site != "none" {
            throw APIError(.forbidden, code: "cross_site", "a change from another site (Sec-Fetch-Site: \(site)) is refused")
        }
        if let origin = request.headers[.origin] {
            // The host the browser used: the request's, or the one a trusted proxy says (``RequestOrigin``).
            guard let host = RequestOrigin.of(request).authority, Self.authority(ofOrigin: origin) == host.lowercased() else {
                throw APIError(.forbidden, code: "cross_site", "a change from another origin (\(origin)) is refused")
            }
        }
        return try await next(request, context)
    }

    /// `host[:port]` of an origin such as `http://127.0.0.1:8080`, lowercased; nil for `null`.
    static func authority(ofOrigin origin: String) -> String? {
        guard let schemeEnd = origin.range(of: "://") else { return nil }
        let authority = origin[schemeEnd.upperBound...]
        guard !authority.isEmpty, !authority.contains("/") else { return nil }
        return authority.lowercased()
    }
}
