import HTTPTypes
import Hummingbird

/// Answers 405 with an `Allow` header, instead of the router's 404, for a method a known path
/// does not take (`TRACE /api/creatures`). Paths are given as patterns whose `{…}` segments
/// match any one segment; where several match, the one with the most fixed segments answers
/// (`/api/items/import` before `/api/items/{itemKey}`), as the router routes.
public struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: [(segments: [Substring], methods: [HTTPRequest.Method])]

    /// Creates the middleware for `routes`: each path pattern with the methods it takes.
    public init(routes: [(String, [HTTPRequest.Method])]) {
        self.routes = routes.map { (path, methods) in (path.split(separator: "/"), methods) }
    }

    /// Runs the rest of the chain; a 404 for no route becomes a 405 where the path is known.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let segments = request.uri.path.split(separator: "/")
            let matching = routes.filter { Self.matches($0.segments, segments) }
            let fixedSegments = { (route: (segments: [Substring], methods: [HTTPRequest.Method])) in route.segments.count { !$0.hasPrefix("{") } }
            let best = matching.max { fixedSegments($0) < fixedSegments($1) }  // the first of equals
            guard let route = best, !route.methods.contains(request.method) else {
                throw error
            }
            let allowed = route.methods.map(\.rawValue).joined(separator: ", ")
            var refusal = APIError(.methodNotAllowed, code: "method_not_allowed", "\(request.uri.path) takes \(allowed), not \(request.method.rawValue)")
            refusal.headers[.allow] = allowed
            throw refusal
        }
    }

    static func matches(_ pattern: [Substring], _ segments: [Substring]) -> Bool {
        pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }
}
