import HTTPTypes
import Hummingbird

/// Keeps the API's answers — they carry the data: JSON, CSV, zips, photos, attachments, events —
/// out of caches that should not hold them, for every app in one place. An answer under `/api/`
/// that names no `Cache-Control` gets `no-store`, but a `304` or `206` of a file (whose `200`
/// asks to be revalidated) gets `private, no-cache`; a `no-cache` (photos and thumbnails, with
/// their `ETag`s) becomes `private, no-cache`: browsers keep them and revalidate every time,
/// shared caches never keep them. Anything else an answer says is left as it is.
///
/// Placed inside the response cache (``ResponseCacheMiddleware``), so a kept answer — and one
/// sent before the router by ``CachedResponseChannelHandler``, and its `304` — carries the same
/// header as the answer it was made from. Pages say `no-store` themselves (``PageResponses``),
/// static assets `no-cache` (``StaticAssets``); errors say `no-store` (``APIError``).
public struct DataCacheControlMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Runs the rest of the chain and sets the answer's `Cache-Control`.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if request.uri.path.hasPrefix("/api/") {
            Self.apply(to: &response.headers, status: response.status)
        }
        return response
    }

    /// Sets `Cache-Control` in `headers`, of an API answer of `status`, by the rule above.
    static func apply(to headers: inout HTTPFields, status: HTTPResponse.Status) {
        switch headers[.cacheControl] {
        case nil:
            headers[.cacheControl] = status == .notModified || status == .partialContent ? "private, no-cache" : "no-store"
        case "no-cache":
            headers[.cacheControl] = "private, no-cache"
        default:
            break
        }
    }
}
