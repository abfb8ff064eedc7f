import Hummingbird

/// Answers the app's heavy reads — those whose work grows with the data, such as a list of
/// 10,000 items as JSON or CSV, or a page of them — with their whole handler (building the
/// model, encoding it) on ``OffLoop``'s pool instead of the event loop that read them, so the
/// loop's other connections are not held meanwhile.
public struct OffLoopMiddleware<Context: RequestContext>: RouterMiddleware {
    let paths: Set<String>

    /// Creates the middleware for `GET`s and `HEAD`s of `paths` (exact paths, no parameters).
    public init(paths: Set<String>) {
        self.paths = paths
    }

    /// Runs the rest of the chain on the pool for a heavy read, as it is otherwise.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head, paths.contains(request.uri.path) else {
            return try await next(request, context)
        }
        return try await withTaskExecutorPreference(OffLoop.executor) {
            try await next(request, context)
        }
    }
}
