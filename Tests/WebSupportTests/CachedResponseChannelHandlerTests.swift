import HTTPTypes
import Logging
import Hummingbird
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
import WebTestSupport
@testable import WebSupport

/// A handler over a cache holding one kept response, `/kept` at generation 1, in an
/// `EmbeddedChannel`: what the handler writes is read back as response parts, what it passes on
/// as request parts.
private struct Pipeline {
    let channel = EmbeddedChannel()
    let cache = ResponseCache(budget: 1 << 20) { headers in
        QuotedHeadersMiddleware<BasicRequestContext>.decode(&headers)
        headers[.server] = "test"
    }

    init() throws {
        cache.insert(
            key: "/kept", generation: 1, headers: [.contentType: "text/plain", .eTag: "%22k1%22", .contentLength: "4"],
            body: ByteBuffer(string: "kept"), eTag: "\"k1\""
        )
        let middleware = ResponseCacheMiddleware<BasicRequestContext>(
            cache: cache, generation: { 1 }, isCacheable: { $0.uri.path == "/kept" }
        )
        let handler = CachedResponseChannelHandler(middleware: middleware, logger: Logger(label: "test"), logLevel: .trace)
        try channel.pipeline.syncOperations.addHandler(handler)
    }

    func send(_ parts: HTTPRequestPart...) throws {
        for part in parts { try channel.writeInbound(part) }
    }

    func get(_ path: String, _ headers: HTTPFields = [:]) throws {
        try send(.head(HTTPRequest(method: .get, scheme: nil, authority: nil, path: path, headerFields: headers)), .end(nil))
    }

    /// Everything the handler wrote, in order.
    func written() throws -> [HTTPResponsePart] {
        var parts: [HTTPResponsePart] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) { parts.append(part) }
        return parts
    }

    /// The paths of the request heads passed on to the router, in order.
    func passedOn() throws -> [String] {
        var paths: [String] = []
        while let part = try channel.readInbound(as: HTTPRequestPart.self) {
            if case .head(let head) = part { paths.append(head.path ?? "") }
        }
        return paths
    }
}

@Suite("Cached answers in the connection pipeline")
struct CachedResponseChannelHandlerTests {
    @Test("The Date header is the IMF-fixdate of RFC 9110")
    func dateFormat() {
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(1_795_455_304) == "Mon, 23 Nov 2026 17:35:04 GMT")
    }

    @Test("A GET whose response is kept is answered in the pipeline with the router's finished headers, and not passed on")
    func keptGetIsAnsweredInPlace() throws {
        let pipeline = try Pipeline()
        try pipeline.get("/kept")
        let parts = try pipeline.written()
        #expect(parts.count == 3)
        guard case .head(let head) = parts.first, case .body(let body) = parts[1], case .end(nil) = parts[2] else {
            Issue.record("not head, body, end: \(parts)")
            return
        }
        #expect(head.status == .ok)
        #expect(head.headerFields[.eTag] == "\"k1\"")
        #expect(head.headerFields[.server] == "test")
        #expect(head.headerFields[.contentType] == "text/plain")
        #expect(head.headerFields[.date]?.hasSuffix(" GMT") == true)
        #expect(String(buffer: body) == "kept")
        #expect(try pipeline.passedOn() == [])
    }

    @Test("Connection: keep-alive is answered in the pipeline; close or upgrade go to the router")
    func connectionHeader() throws {
        func head(_ value: String) -> HTTPRequest {
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/kept", headerFields: [.connection: value])
        }
        #expect(!CachedResponseChannelHandler<BasicRequestContext>.asksToClose(head("keep-alive")))
        #expect(!CachedResponseChannelHandler<BasicRequestContext>.asksToClose(head("Keep-Alive")))
        #expect(CachedResponseChannelHandler<BasicRequestContext>.asksToClose(head("close")))
        #expect(CachedResponseChannelHandler<BasicRequestContext>.asksToClose(head("keep-alive, Upgrade")))
        let pipeline = try Pipeline()
        try pipeline.get("/kept", [.connection: "keep-alive"])
        #expect(try pipeline.passedOn() == [])
        #expect(try pipeline.written().count == 3)
    }

    @Test("If-None-Match naming the kept tag is answered 304 without a body, in the pipeline")
    func matchingTagIsNotModified() throws {
        let pipeline = try Pipeline()
        try pipeline.get("/kept", [.ifNoneMatch: "\"k1\""])
        let parts = try pipeline.written()
        guard parts.count == 2, case .head(let head) = parts[0], case .end(nil) = parts[1] else {
            Issue.record("not head, end: \(parts)")
            return
        }
        #expect(head.status == .notModified)
        #expect(head.headerFields[.eTag] == "\"k1\"")
        #expect(head.headerFields[.server] == "test")
        #expect(head.headerFields[.contentLength] == "0")
    }

    @Test("Requests the cache cannot answer go on to the router unchanged: another path, a Range, Connection: close, a POST, a GET with a body")
    func otherRequestsPassOn() throws {
        let pipeline = try Pipeline()
        try pipeline.get("/other")
        #expect(try pipeline.passedOn() == ["/other"])
        try pipeline.channel.writeOutbound(HTTPResponsePart.end(nil))  // the router's answer ends
        _ = try pipeline.written()

        try pipeline.get("/kept", [.range: "bytes=0-1"])
        #expect(try pipeline.passedOn() == ["/kept"])
        try pipeline.channel.writeOutbound(HTTPResponsePart.end(nil))
        _ = try pipeline.written()

        try pipeline.get("/kept", [.connection: "close"])
        #expect(try pipeline.passedOn() == ["/kept"])
        try pipeline.channel.writeOutbound(HTTPResponsePart.end(nil))
        _ = try pipeline.written()

        try pipeline.send(.head(HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/kept")), .end(nil))
        #expect(try pipeline.passedOn() == ["/kept"])
        try pipeline.channel.writeOutbound(HTTPResponsePart.end(nil))
        _ = try pipeline.written()

        try pipeline.send(.head(HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/kept")), .body(ByteBuffer(string: "x")), .end(nil))
        var parts: [HTTPRequestPart] = []
        while let part = try pipeline.channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
        #expect(parts.count == 3)
        if case .body(let body) = parts[1] { #expect(String(buffer: body) == "x") } else { Issue.record("no body passed on: \(parts)") }
        #expect(try pipeline.written().isEmpty)
    }

    @Test("While the router is answering an earlier request, a pipelined kept GET waits its turn behind it")
    func pipelinedRequestsKeepTheirOrder() throws {
        let pipeline = try Pipeline()
        try pipeline.get("/other")
        try pipeline.get("/kept")
        #expect(try pipeline.passedOn() == ["/other", "/kept"])
        #expect(try pipeline.written().isEmpty)
        try pipeline.channel.writeOutbound(HTTPResponsePart.end(nil))
        try pipeline.channel.writeOutbound(HTTPResponsePart.end(nil))
        _ = try pipeline.written()
        try pipeline.get("/kept")  // both answered: the pipeline answers again
        #expect(try pipeline.passedOn() == [])
        #expect(try pipeline.written().count == 3)
    }

    @Test("Once the server quiesces, everything goes to the router, which closes the connection when it is done")
    func quiescingPassesEverythingOn() throws {
        let pipeline = try Pipeline()
        pipeline.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        try pipeline.get("/kept")
        #expect(try pipeline.passedOn() == ["/kept"])
        #expect(try pipeline.written().isEmpty)
    }

    @Test("A response made at another generation is not served: the request goes to the router")
    func staleEntryPassesOn() throws {
        let pipeline = try Pipeline()
        pipeline.cache.insert(key: "/kept", generation: 0, headers: [:], body: ByteBuffer(string: "old"), eTag: nil)
        try pipeline.get("/kept")
        #expect(try pipeline.passedOn() == ["/kept"])
    }
}
