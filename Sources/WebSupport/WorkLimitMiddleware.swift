import HTTPTypes
import Hummingbird
import Synchronization

/// Admits uploads and event streams through their ``WorkLimit``s before anything reads a body:
/// beyond a limit the request gets 429 with `Retry-After` at once.
///
/// An upload is a `PUT` or `POST` to a route the app declares an upload (``RouteKinds``: its
/// photo uploads and zip imports, each of which decodes an image or opens a zip, whatever its
/// size), or any request whose body may be over 64 KiB (a `Content-Length` above it, or a body of
/// unknown length, which the body limit reads into memory). It holds its place until its
/// handler has answered. An event stream (a `GET` of a route the app declares one) holds its
/// place until its response ends — the client leaves, or the server shuts down — or until a new
/// stream needs it: with every place taken, the stream open longest is ended (its connection
/// closed; a page's `EventSource` reconnects by itself and re-reads what it missed) and the new
/// one takes its place, so one client holding every stream cannot lock a new page out.
public struct WorkLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Uploads at work at once.
    public let uploads: WorkLimit
    /// Event streams open at once.
    public let eventStreams: WorkLimit
    /// Which routes are uploads and event streams.
    public let kinds: RouteKinds
    /// The open streams, oldest first, that a new stream may end to take a place.
    private let openStreams = OpenStreams()

    /// Bodies up to this size that are not photos or imports are not counted as uploads.
    public static var smallBodyBytes: Int { 64 << 10 }

    /// Creates the middleware for the routes `kinds` declares.
    public init(uploads: WorkLimit, eventStreams: WorkLimit, kinds: RouteKinds) {
        self.uploads = uploads
        self.eventStreams = eventStreams
        self.kinds = kinds
    }

    /// Admits the request (or refuses it with 429), then runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if kinds.isEventStream(request) {
            let place = try admitStream()
            let channel = ServingConnection.current?.channel
            let openStreams = self.openStreams
            let serial = channel.map { openStreams.add(place, channel: $0) }
            @Sendable func end() {
                place.leave()
                if let serial { openStreams.remove(serial) }
            }
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                end()
                throw error
            }
            let body = response.body
            // The place is left when the body has been written, or — if the response is dropped
            // unwritten — when the body (and with it `place`) is freed.
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                defer { end() }
                try await body.write(writer)
            }
            return response
        }
        if isUpload(request) {
            return try await uploads.run { try await next(request, context) }
        }
        return try await next(request, context)
    }

    /// A place for a new event stream: a free one, or the place of the stream open longest, whose
    /// connection is closed.
    ///
    /// - Throws: ``APIError`` 429 when every place is taken and none can be ended (streams
    ///   answered outside a guarded server, whose connections are not known).
    private func admitStream() throws -> Place {
        do {
            try eventStreams.enter()
            return Place(in: eventStreams)
        } catch {
            while let (oldest, channel) = openStreams.removeOldest() {
                guard oldest.handOver() else { continue }
                channel.close(promise: nil)
                return Place(in: eventStreams)
            }
            // The oldest ended by itself meanwhile: its place may be free now.
            try eventStreams.enter()
            return Place(in: eventStreams)
        }
    }

    /// Whether `request` counts as an upload: an upload route, or a body that may be large.
    public func isUpload(_ request: Request) -> Bool {
        if kinds.isUpload(request) { return true }
        if let length = request.headers[.contentLength] {
            return (Int(length) ?? Int.max) > Self.smallBodyBytes
        }
        return request.headers[.transferEncoding] != nil
    }
}

/// One place in a ``WorkLimit``, left exactly once: by ``leave()`` or, failing that, when freed
/// — unless it is handed over to a newcomer (``handOver()``), who then holds it.
final class Place: Sendable {
    private let limit: WorkLimit
    private let isHeld = Mutex(true)

    init(in limit: WorkLimit) {
        self.limit = limit
    }

    func leave() {
        let wasHeld = isHeld.withLock { held in
            defer { held = false }
            return held
        }
        if wasHeld { limit.leave() }
    }

    /// Gives the place up without leaving it (a new holder takes it over); whether it was still
    /// held (false when it had been left).
    func handOver() -> Bool {
        isHeld.withLock { held in
            defer { held = false }
            return held
        }
    }

    deinit {
        leave()
    }
}
