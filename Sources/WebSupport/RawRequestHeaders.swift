import HTTPTypes
import Hummingbird

/// The request's header fields exactly as they arrived, for handlers behind generated code.
///
/// swift-openapi-generator percent-decodes header values before a handler sees them (`O%`
/// arrives as an empty string, `%41` as `A`); conditional headers such as `If-Match` must be
/// read as sent. ``RawRequestHeadersMiddleware`` keeps them in a task-local for the request.
public enum RawRequestHeaders {
    /// The current request's header fields (nil outside a request).
    @TaskLocal public static var current: HTTPFields?

    /// The raw value of `name` in the current request, or `decoded` (what the generated code
    /// gave) outside one.
    public static func value(_ name: HTTPField.Name, decoded: String?) -> String? {
        guard let current else { return decoded }
        return current[name]
    }
}

/// Keeps each request's header fields in ``RawRequestHeaders/current`` while it is handled.
public struct RawRequestHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Runs the rest of the chain with the request's headers in the task-local.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await RawRequestHeaders.$current.withValue(request.headers) {
            try await next(request, context)
        }
    }
}
