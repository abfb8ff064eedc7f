import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers repeated `GET`s of cacheable paths from a ``ResponseCache`` while the data behind
/// them is unchanged, and fills the cache from the rest of the chain otherwise.
///
/// The data's change generation comes from `generation`: it must change (before the change is
/// acknowledged) whenever anything a cached response shows may have changed, and is nil while
/// changes cannot be seen (nothing is then cached or served from the cache). A request's
/// generation is read before the chain runs, so a response that raced a change is kept under
/// the older generation and never served. `If-None-Match` is answered from the kept entity
/// tag. Only complete `200` responses with a known length are kept.
public struct ResponseCacheMiddleware<Context: RequestContext>: RouterMiddleware {
    let cache: ResponseCache
    let generation: @Sendable () -> UInt64?
    let isCacheable: @Sendable (Request) -> Bool

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - generation: the data's change generation, or nil when it cannot be trusted.
    ///   - isCacheable: which `GET`s may be kept (their response depends on the URI alone).
    public init(cache: ResponseCache, generation: @escaping @Sendable () -> UInt64?, isCacheable: @escaping @Sendable (Request) -> Bool) {
        self.cache = cache
        self.generation = generation
        self.isCacheable = isCacheable
    }

    /// Serves from the cache, or runs the chain and keeps what it answered.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let (key, current) = lookup(request) else {
            return try await next(request, context)
        }
        if let entry = cache.entry(for: key, generation: current) {
            return Self.answer(request, from: entry)
        }
        guard await cache.takeOff(key) else {
            // Another request made it meanwhile: use it if it was kept, else make our own.
            if let current = generation(), let entry = cache.entry(for: key, generation: current) {
                return Self.answer(request, from: entry)
            }
            return try await next(request, context)
        }
        defer { cache.land(key) }
        let response = try await next(request, context)
        guard response.status == .ok, let length = response.body.contentLength, length <= cache.largestEntry else { return response }
        let collector = BodyCollector()
        try await response.body.write(CollectingWriter(collector: collector))
        let body = collector.buffer
        var headers = response.headers
        headers[.contentLength] = String(body.readableBytes)
        let eTag = Self.decodedTag(headers[.eTag])
        cache.insert(key: key, generation: current, headers: headers, body: body, eTag: eTag)
        return Response(status: .ok, headers: response.headers, body: ResponseBody(byteBuffer: body))
    }

    /// A kept response, or a `304` when the client already has it.
    static func answer(_ request: Request, from entry: ResponseCache.Entry) -> Response {
        let (status, headers, body) = reply(to: request.headers, from: entry)
        guard let body else { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// The status, headers and body that answer a request with `requestHeaders` from `entry`:
    /// `304` without a body when its `If-None-Match` names the kept tag, else the kept `200`.
    static func reply(to requestHeaders: HTTPFields, from entry: ResponseCache.Entry) -> (HTTPResponse.Status, HTTPFields, ByteBuffer?) {
        if let tag = entry.eTag, let ifNoneMatch = requestHeaders[.ifNoneMatch], EntityTag.matches(ifNoneMatch, tag) {
            var headers = HTTPFields()
            headers[.eTag] = tag
            if let cacheControl = entry.headers[.cacheControl] { headers[.cacheControl] = cacheControl }
            return (.notModified, headers, nil)
        }
        return (.ok, entry.headers, entry.body)
    }

    /// Whether `request` may be answered from the cache, and at which generation.
    func lookup(_ request: Request) -> (key: String, generation: UInt64)? {
        guard request.method == .get, request.headers[.range] == nil, isCacheable(request), let current = generation() else { return nil }
        return (request.uri.description, current)
    }

    /// The entity tag as the client will see it (the generated code may have percent-encoded it).
    static func decodedTag(_ value: String?) -> String? {
        guard let value else { return nil }
        return value.utf8.contains(UInt8(ascii: "%")) ? value.removingPercentEncoding ?? value : value
    }
}

/// Gathers a response body's bytes.
private final class BodyCollector: @unchecked Sendable {
    // Written only by the one `write` call that runs before `buffer` is read.
    var buffer = ByteBuffer()
}

/// A response-body writer that appends to a ``BodyCollector``.
private struct CollectingWriter: ResponseBodyWriter {
    let collector: BodyCollector

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        collector.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
