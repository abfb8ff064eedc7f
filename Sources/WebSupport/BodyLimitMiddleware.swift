import HTTPTypes
import Hummingbird

/// Refuses a request body over its limit with a 413 (``APIError/tooLarge(limit:)``) before the
/// handler sees it: at once when `Content-Length` says so, else after reading at most
/// `limit + 1` bytes of a chunked body (which is then handed on from memory). Memory per
/// request stays within the limit.
///
/// An upload (a route the app declares one: ``RouteKinds``) may have
/// ``limit`` bytes; every other body — the APIs' JSON, the pages' forms — at most
/// ``smallLimit``, so a megabyte of JSON is refused before it is decoded. A large upload (a whole
/// inventory) may have ``largeLimit`` bytes: its `Content-Length` is checked here, and a chunked
/// body is left to its handler, which streams it to disk and stops at the same limit
/// (DocumentStore's `TemporaryFile`) — it is never collected in memory.
public struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The largest upload accepted.
    public let limit: Int
    /// The largest body of any request that is not an upload.
    public let smallLimit: Int
    /// The largest large upload accepted.
    public let largeLimit: Int
    /// Which routes are uploads.
    public let kinds: RouteKinds

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - limit: the largest upload.
    ///   - smallLimit: the largest other body; by default
    ///     ``WorkLimitMiddleware/smallBodyBytes`` (64 KiB), also the size below which a body is
    ///     not counted as an upload.
    ///   - largeLimit: the largest large upload (by default `limit`).
    ///   - kinds: the app's upload routes.
    public init(limit: Int, smallLimit: Int = WorkLimitMiddleware<Context>.smallBodyBytes, largeLimit: Int? = nil, kinds: RouteKinds) {
        self.limit = limit
        self.smallLimit = smallLimit
        self.largeLimit = largeLimit ?? limit
        self.kinds = kinds
    }

    /// Checks the body's size, then runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let large = kinds.isLargeUpload(request)
        let limit = large ? largeLimit : kinds.isUpload(request) ? limit : min(limit, smallLimit)
        if let length = request.headers[.contentLength] {
            guard let bytes = Int(length), bytes >= 0 else { throw APIError.badRequest("Content-Length \(length) is not a number of bytes") }
            guard bytes <= limit else { throw APIError.tooLarge(limit: limit) }
            return try await next(request, context)
        }
        guard request.headers[.transferEncoding] != nil, !large else { return try await next(request, context) }
        var request = request
        do {
            _ = try await request.collectBody(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.tooLarge(limit: limit)
        }
        return try await next(request, context)
    }
}
