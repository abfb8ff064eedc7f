import HTTPTypes
import Hummingbird

/// Refuses a request body over `limit` bytes with a 413 before the handler sees it: at once when
/// `Content-Length` says so, else after reading at most `limit + 1` bytes of a chunked body
/// (which is then handed on from memory). Memory per request stays within the limit.
public struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The largest body accepted.
    public let limit: Int

    /// Creates the middleware.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Checks the body's size, then runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let length = request.headers[.contentLength] {
            guard let bytes = Int(length), bytes >= 0 else { throw APIError.badRequest("Content-Length \(length) is not a number of bytes") }
            guard bytes <= limit else { throw APIError.tooLarge(limit: limit) }
            return try await next(request, context)
        }
        guard request.headers[.transferEncoding] != nil else { return try await next(request, context) }
        var request = request
        do {
            _ = try await request.collectBody(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.tooLarge(limit: limit)
        }
        return try await next(request, context)
    }
}
