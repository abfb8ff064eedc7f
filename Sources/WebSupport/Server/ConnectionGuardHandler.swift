import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1

/// The first look at every request on a connection, right after HTTP decoding and before
/// anything else (the cached answers, the router):
///
/// - A request for a name the server does not serve (``HostPolicy``) is refused with 421, and an
///   HTTP/1.1 request without `Host` (or with two) with 400 (RFC 9112 §3.2), then the connection
///   is closed: DNS rebinding reaches nothing, cached answers included.
/// - A request head the decoder cannot read is answered 400 with the JSON error (not an empty
///   400), and the connection closed.
/// - A connection is closed when its request head is not complete in time, when it idles
///   between requests too long, or when a request body stops arriving, arrives slower than
///   its minimum rate or past its deadline (``ConnectionTimeouts``), so a client that drips a
///   body cannot hold an upload place;
///   while a request is being answered (an event stream, a slow handler) no clock runs. The
///   clocks are read by a sweep of the loop's connections (``LoopConnections``), a few times
///   per shortest timeout, not by a timer per request.
/// - It is counted in the server's ``ConnectionCensus``, which closes idle connections first
///   when descriptors run short.
///
/// The refusals answer JSON, or a short HTML page to a client that accepts `text/html`.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let settings: ConnectionGuard
    private var context: ChannelHandlerContext?
    /// Requests passed on whose response has not ended.
    private var inFlight = 0
    /// Between a passed-on request's head and its end.
    private var readingBody = false
    /// A request is being refused: its parts are dropped.
    private var refusing = false
    /// The refusal to write once the responses before it have ended.
    private var pendingRefusal: (status: HTTPResponseStatus, message: String, html: Bool)?
    private var discardedBytes = 0
    private var closing = false
    private var isFresh = true
    private var bytesBeforeHead = false
    private var firstByteOfHead = NIODeadline.now()
    private var lastByte = NIODeadline.now()
    /// When the body being read began (its head arrived), how many bytes came since, and how
    /// many its head declared (nil: chunked).
    private var bodyStart = NIODeadline.now()
    private var bodyBytes = 0
    private var bodyDeclared: Int?
    private var idleSince = NIODeadline.now()
    private var counted = false
    /// The name the last allowed request of this connection was for.
    private var allowedAuthority: String?

    /// Links of the loop's connection list (``LoopConnections``).
    weak var older: ConnectionGuardHandler?
    var newer: ConnectionGuardHandler?

    init(settings: ConnectionGuard) {
        self.settings = settings
    }

    /// How often the connection's clock is read.
    var sweepInterval: TimeAmount { settings.timeouts.sweepInterval }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    private func start(context: ChannelHandlerContext) {
        guard !counted else { return }
        counted = true
        idleSince = .now()
        settings.census.opened(self, on: context.eventLoop)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop(context: context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop(context: context)
        self.context = nil
    }

    private func stop(context: ChannelHandlerContext) {
        if counted {
            counted = false
            settings.census.closed(self, on: context.eventLoop)
        }
    }

    /// `count` bytes arrived (told by ``RawTrafficHandler``, which sees them before the decoder).
    func sawBytes(_ count: Int) {
        let now = NIODeadline.now()
        lastByte = now
        if readingBody { bodyBytes &+= count }
        if !readingBody, !bytesBeforeHead {
            bytesBeforeHead = true
            firstByteOfHead = now
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard !closing else { return }
        if pendingRefusal != nil {
            // A request was refused: the connection closes after its answer, and nothing that
            // came after it is passed on.
            guard refusing else { return }
            if case .body(let buffer) = part { discardedBytes += buffer.readableBytes }
            // A refused request's large body is not read to its end.
            if case .end = part {
                refusing = false
            } else if discardedBytes > 64 << 10 {
                refusing = false
            }
            if !refusing { writeRefusalIfDue(context: context) }
            return
        }
        switch part {
        case .head(let head):
            isFresh = false
            bytesBeforeHead = false
            if let refusal = refusal(of: head) {
                refusing = true
                pendingRefusal = (refusal.status, refusal.message, Self.acceptsHTML(head.headers))
                return
            }
            readingBody = true
            bodyStart = .now()
            bodyBytes = 0
            bodyDeclared = head.headers["Content-Length"].first.flatMap { Int($0) }.map { max(0, $0) }
            inFlight += 1
        case .body:
            break
        case .end:
            readingBody = false
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        context.write(data, promise: promise)
        responseEnded(context: context)
    }

    /// A response written past the HTTP encoder (a cached answer) counts as ended.
    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is AnsweredPastEncoder else { return context.triggerUserOutboundEvent(event, promise: promise) }
        responseEnded(context: context)
        promise?.succeed()
    }

    private func responseEnded(context: ChannelHandlerContext) {
        inFlight = max(0, inFlight - 1)
        guard inFlight == 0 else { return }
        idleSince = .now()
        if pendingRefusal != nil, !refusing {
            writeRefusalIfDue(context: context)
        }
    }

    /// A head the decoder could not read, between requests: answered with the JSON 400 here.
    /// Errors in a body being read go on to the handler reading it (which answers 400).
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, !readingBody, inFlight == 0, !closing else {
            return context.fireErrorCaught(error)
        }
        // A request already refused keeps its own answer.
        if pendingRefusal == nil { pendingRefusal = (.badRequest, "the request is not well-formed HTTP/1.1 (\(error))", false) }
        refusing = false
        writeRefusalIfDue(context: context)
    }

    /// Why `head` is refused before anything reads it; nil when it may pass.
    private func refusal(of head: HTTPRequestHead) -> (status: HTTPResponseStatus, message: String)? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 {
            return (.badRequest, "a request has one Host header, not \(hosts.count)")
        }
        var authority = hosts.first
        if authority == nil, head.version.major == 1, head.version.minor >= 1 {
            return (.badRequest, "an HTTP/1.1 request must say which server it is for (Host)")
        }
        // An absolute-form target (`GET http://name/ HTTP/1.1`) names the server itself.
        if let schemeEnd = head.uri.range(of: "://"), !head.uri.hasPrefix("/") {
            let rest = head.uri[schemeEnd.upperBound...]
            authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        }
        guard let authority else { return nil }
        // A connection's requests nearly always name the same server: the last allowed name is
        // compared byte for byte before the policy parses anything.
        if let allowedAuthority, authority.utf8.elementsEqual(allowedAuthority.utf8) { return nil }
        guard settings.hosts.allows(authority: authority) else {
            let shown = String(authority.unicodeScalars.prefix(100).map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" })
            return (.misdirectedRequest, "this server does not answer to the name \(shown): open the app at its own address, or start it with --allowed-host for that name (a page of another site may have asked)")
        }
        allowedAuthority = authority
        return nil
    }

    /// Writes the pending refusal if every response before it has ended, then closes.
    private func writeRefusalIfDue(context: ChannelHandlerContext) {
        guard let refusal = pendingRefusal, inFlight == 0, !closing else { return }
        pendingRefusal = nil
        closing = true
        let body: String
        let status: HTTPResponse.Status = refusal.status == .misdirectedRequest ? .misdirectedRequest : .badRequest
        var headers = HTTPHeaders()
        if refusal.html {
            headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
            body = PlainPage.html(status: status, message: refusal.message)
        } else {
            headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            let code = refusal.status == .misdirectedRequest ? "unknown_host" : "bad_request"
            body = String(decoding: APIError(status, code: code, refusal.message).body, as: UTF8.self)
        }
        headers.add(name: "Content-Length", value: "\(body.utf8.count)")
        headers.add(name: "Connection", value: "close")
        headers.add(name: "Cache-Control", value: "no-store")
        var security = HTTPFields()
        SecurityHeadersMiddleware<BasicRequestContext>.add(to: &security, secure: settings.tls != nil)
        for field in security { headers.add(name: field.name.rawName, value: field.value) }
        headers.add(name: "Server", value: settings.serverName)
        headers.add(name: "Date", value: HTTPDate.now())
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: refusal.status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }

    /// Closes the connection if it is idle (no request being read or answered); whether it did.
    /// It leaves the census at once (its close completes later), so that connections opening
    /// meanwhile do not shed more than needed.
    func shedIfIdle() -> Bool {
        guard let context, inFlight == 0, !readingBody, !refusing, !closing, !bytesBeforeHead else { return false }
        closing = true
        stop(context: context)
        context.close(promise: nil)
        return true
    }

    /// Closes the connection if its current clock ran out by `now` (called by its loop's
    /// ``LoopConnections`` sweep, so no request schedules or cancels a timer of its own).
    func checkClock(now: NIODeadline) {
        guard let context, !closing, let deadline = currentDeadline(), deadline <= now else { return }
        closing = true
        context.close(promise: nil)
    }

    /// When the connection is closed if nothing more happens; nil while a request is answered.
    private func currentDeadline() -> NIODeadline? {
        let timeouts = settings.timeouts
        if readingBody {
            return min(lastByte + timeouts.bodyProgress, timeouts.bodyDeadline(start: bodyStart, received: bodyBytes, declared: bodyDeclared))
        }
        if bytesBeforeHead { return firstByteOfHead + timeouts.head }
        if inFlight > 0 || refusing || pendingRefusal != nil { return nil }
        return idleSince + (isFresh ? timeouts.head : timeouts.idle)
    }

    /// Whether the client reads HTML (a browser) rather than JSON.
    static func acceptsHTML(_ headers: HTTPHeaders) -> Bool {
        headers["Accept"].contains { PlainPage.prefersHTML($0) }
    }
}

/// The outbound event a handler that answers a request itself, past the HTTP encoder, sends
/// once it has written the answer, so the connection's guard counts the request answered.
public struct AnsweredPastEncoder: Sendable {
    /// Creates the event.
    public init() {}
}

/// Tells the connection's ``ConnectionGuardHandler`` when bytes arrive, before HTTP decoding
/// (a head that never completes produces no request part).
final class RawTrafficHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let guardHandler: ConnectionGuardHandler

    init(guardHandler: ConnectionGuardHandler) {
        self.guardHandler = guardHandler
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guardHandler.sawBytes(unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
    }
}
