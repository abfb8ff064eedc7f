import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a `GET` whose response the ``ResponseCache`` holds for the current generation right
/// in the connection's channel pipeline, on the event loop that read it, without a Swift task,
/// the router or the middleware chain — which, for the cached list and thumbnails, cost several
/// times the writing of the bytes. Everything else passes through untouched to the router.
///
/// It gives the same answer the router would: the kept response (or its `304`) with the headers
/// that the router's outer middleware add (the cache's `finishHeaders`: security headers, decoded
/// entity tags, the server name) and the `Date`, logged as the router logs requests. Only requests without a body are
/// answered here; while a request it passed on is still being answered, later requests on the
/// connection (pipelined) pass on too, so responses keep their order. After the server was told
/// to quiesce it passes everything on, and it hands the quiesce event on only once its own
/// writes finished, so a graceful shutdown never cuts a response short.
///
/// A kept `200` goes out as bytes made once per kept response (status line and headers) plus
/// the `Date` line of the second, written past the HTTP encoders straight to the socket; large
/// bodies are sent from their in-memory file with `sendfile` (see ``KeptFile``).
///
/// Add it only where the router would not refuse the request first (no access token), and with
/// `mayAnswer` saying when people must sign in.
public final class CachedResponseChannelHandler<Context: RequestContext>: ChannelDuplexHandler, RemovableChannelHandler {
    /// The request parts from HTTP decoding.
    public typealias InboundIn = HTTPRequestPart
    /// The parts passed on to the router.
    public typealias InboundOut = HTTPRequestPart
    /// The router's response parts.
    public typealias OutboundIn = HTTPResponsePart
    /// The parts written out.
    public typealias OutboundOut = HTTPResponsePart

    private let middleware: ResponseCacheMiddleware<Context>
    private let logger: Logger
    private let logLevel: Logger.Level
    /// Whether a request may be answered here now, before the router's checks (false once
    /// people must sign in).
    private let mayAnswer: @Sendable () -> Bool
    /// A head that may be answered here, held until its end shows it has no body.
    private var held: HTTPRequest?
    /// Requests passed on whose response has not ended.
    private var passedOn = 0
    /// This handler's responses not yet written out.
    private var writing = 0
    private var quiescing = false
    private var heldQuiesce = false
    private var encoderContext: ChannelHandlerContext?

    /// Creates the handler for one connection.
    ///
    /// - Parameters:
    ///   - middleware: the router's cache middleware (its cache, generation and rules).
    ///   - logger: where to log each request answered here, at `logLevel`.
    ///   - mayAnswer: asked for each request: whether it may be answered before the router
    ///     (``AccountAccess/isKnownOpen()``: not while people must sign in); when it says no,
    ///     the request goes to the router, which checks it first.
    public init(middleware: ResponseCacheMiddleware<Context>, logger: Logger, logLevel: Logger.Level, mayAnswer: @escaping @Sendable () -> Bool = { true }) {
        self.middleware = middleware
        self.logger = logger
        self.logLevel = logLevel
        self.mayAnswer = mayAnswer
    }

    /// Holds an answerable head until its end; passes everything else on.
    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if passedOn == 0, !quiescing, head.method == .get, !Self.asksToClose(head), mayAnswer() {
                held = head
            } else {
                passOn(head, context: context)
            }
        case .body:
            if let head = held {
                held = nil
                passOn(head, context: context)
            }
            context.fireChannelRead(data)
        case .end:
            if let head = held {
                held = nil
                if answer(head, context: context) { return }
                passOn(head, context: context)
            }
            context.fireChannelRead(data)
        }
    }

    /// Counts the router's responses as they end.
    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { passedOn = max(0, passedOn - 1) }
        context.write(data, promise: promise)
    }

    /// Stops answering on quiesce, and hands the event on once this handler's writes are done.
    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else { return context.fireUserInboundEventTriggered(event) }
        quiescing = true
        if writing == 0 {
            context.fireUserInboundEventTriggered(event)
        } else {
            heldQuiesce = true
        }
    }

    /// Lets go of the encoder's context with the connection.
    public func handlerRemoved(context: ChannelHandlerContext) {
        encoderContext = nil
    }

    /// Whether the request's `Connection` header asks for anything but keep-alive (close,
    /// upgrade): the router's to honour.
    static func asksToClose(_ head: HTTPRequest) -> Bool {
        guard let connection = head.headerFields[.connection] else { return false }
        return connection.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() != "keep-alive" }
    }

    private func passOn(_ head: HTTPRequest, context: ChannelHandlerContext) {
        passedOn += 1
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// Writes the kept answer to `head`, if the cache has one now.
    private func answer(_ head: HTTPRequest, context: ChannelHandlerContext) -> Bool {
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        guard let (key, generation) = middleware.lookup(request),
            let entry = middleware.cache.entry(for: key, generation: generation)
        else { return false }
        logger.log(level: logLevel, "Request", metadata: RequestLogMiddleware<Context>.metadata(method: head.method.rawValue, path: request.uri.path))
        let (status, replyHeaders, body) = ResponseCacheMiddleware<Context>.reply(to: head.headerFields, from: entry)
        let file = body == nil ? nil : entry.file
        if let body, let socket = socketOutput(context) {
            // A kept 200 in bytes made once: the head up to the date, the date line of this
            // second, the body (or its file) — straight to the socket, past both HTTP encoders.
            socket.write(NIOAny(IOData.byteBuffer(entry.wireHead)), promise: nil)
            socket.write(NIOAny(IOData.byteBuffer(HTTPDate.lastHeadLine())), promise: nil)
            let payload: IOData = file?.region(on: context.eventLoop).map { .fileRegion($0) } ?? .byteBuffer(body)
            finishWriting(file: file, context: context) { done in socket.writeAndFlush(NIOAny(payload), promise: done) }
            // The connection's guard saw no end of this response go by.
            context.triggerUserOutboundEvent(AnsweredPastEncoder(), promise: nil)
            return true
        }
        var headers = replyHeaders
        if body == nil {
            middleware.cache.finishHeaders(&headers)
            headers[.contentLength] = "0"
        } else {
            headers = entry.finishedHeaders
        }
        headers[.date] = HTTPDate.now()
        context.write(wrapOutboundOut(.head(HTTPResponse(status: status, headerFields: headers))), promise: nil)
        if let body {
            context.write(wrapOutboundOut(.body(body)), promise: nil)
        }
        finishWriting(file: nil, context: context) { done in context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done) }
        return true
    }

    /// Counts a response being written by `write` (given the promise of its last write) until it
    /// is out, keeping its file open meanwhile.
    private func finishWriting(file: KeptFile?, context: ChannelHandlerContext, _ write: (EventLoopPromise<Void>) -> Void) {
        writing += 1
        let done = context.eventLoop.makePromise(of: Void.self)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        done.futureResult.whenComplete { _ in
            // The file stays open until its last write is done, even if the entry is dropped.
            withExtendedLifetime(file) {}
            let (handler, context) = loopBound.value
            handler.finishedWriting(context: context)
        }
        write(done)
    }

    /// The context whose writes go straight to the socket (the HTTP/1 encoder's, which is idle
    /// between responses), if the pipeline has one.
    private func socketOutput(_ context: ChannelHandlerContext) -> ChannelHandlerContext? {
        if encoderContext == nil {
            encoderContext = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        }
        return encoderContext
    }

    private func finishedWriting(context: ChannelHandlerContext) {
        writing -= 1
        if writing == 0, heldQuiesce {
            heldQuiesce = false
            context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }
}
