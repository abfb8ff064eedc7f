import Hummingbird
import Logging

/// Logs each request's method and path at `info` — the path only: a query can carry what does
/// not belong in a log (a search, a token someone pasted into a link).
public struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Logs the request, then runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.info("Request", metadata: Self.metadata(method: request.method.rawValue, path: request.uri.path))
        return try await next(request, context)
    }

    /// What is logged of a request (also for answers given before the router).
    public static func metadata(method: String, path: String) -> Logger.Metadata {
        ["hb.request.path": .string(path), "hb.request.method": .string(method)]
    }
}
