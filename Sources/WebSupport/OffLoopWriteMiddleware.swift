import HTTPTypes
import Hummingbird

/// Answers the app's heavy writes — those whose work grows with what was sent, such as a CSV
/// import of 100,000 rows: reading it, planning it, applying it, and the JSON of what it did —
/// with their whole handler on ``OffLoop``'s pool, as ``OffLoopMiddleware`` does for heavy
/// reads, so the event loop that read the request goes on serving its other connections. The
/// actors the handler calls run their part there too (a task's executor preference).
public struct OffLoopWriteMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: [HTTPRequest.Method: Set<String>]

    /// Creates the middleware for `routes`, each a method and an exact path (no parameters).
    public init(routes: [(HTTPRequest.Method, String)]) {
        self.routes = Dictionary(routes.map { ($0.0, Set([$0.1])) }, uniquingKeysWith: { $0.union($1) })
    }

    /// Runs the rest of the chain on the pool for a heavy write, as it is otherwise.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard routes[request.method]?.contains(request.uri.path) == true else {
            return try await next(request, context)
        }
        return try await withTaskExecutorPreference(OffLoop.executor) {
            try await next(request, context)
        }
    }
}
