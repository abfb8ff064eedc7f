import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import Testing
import WebSupport
import WebTestSupport

/// A small server behind the connection guard: `/hello`, `/slow` (answers after 1.5 s) and
/// `POST /echo` (collects up to 1 KiB), with the JSON error middleware.
private func guardedApp(
    timeouts: ConnectionTimeouts = ConnectionTimeouts(), census: ConnectionCensus = ConnectionCensus(limit: .max), allowedHosts: [String] = []
) -> some ApplicationProtocol {
    let router = Router()
    router.add(middleware: ErrorMiddleware(map: { _ in nil }))
    router.get("/hello") { _, _ in "hello" }
    router.get("/slow") { _, _ in
        try await Task.sleep(for: .milliseconds(1500))
        return "slow"
    }
    router.post("/echo") { request, _ in
        var request = request
        return String(buffer: try await request.collectBody(upTo: 1024))
    }
    let settings = ConnectionGuard(
        hosts: HostPolicy(bindHost: "127.0.0.1", isLoopback: true, allowedHosts: allowedHosts), timeouts: timeouts, census: census,
        serverName: "guarded"
    )
    return Application(
        router: router, server: .guardedHTTP1(settings), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        eventLoopGroupProvider: .shared(oneLoop)
    )
}

/// One event loop for these servers: every connection is accepted, set up and handed to the
/// server in the order it came, so a request answered last proves that every connection before
/// it was taken (connections still waiting when a server ends are dropped unhandled, which NIO
/// traps on).
private let oneLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1)

/// Runs `body` with the port of a live guarded server.
private func withGuardedServer(
    timeouts: ConnectionTimeouts = ConnectionTimeouts(), census: ConnectionCensus = ConnectionCensus(limit: .max), allowedHosts: [String] = [],
    _ body: @escaping @Sendable (Int) async throws -> Void
) async throws {
    try await ServerThreads.run {
        try await guardedApp(timeouts: timeouts, census: census, allowedHosts: allowedHosts).test(.live) { client in
            try await body(try #require(client.port))
        }
    }
}

@Suite("The connection guard on a real socket", .timeLimit(.minutes(4)))
struct ConnectionGuardLiveTests {
    @Test("A request for another name (DNS rebinding) is refused with 421 before routing — JSON for API clients, a page for browsers — and the connection closed")
    func foreignHostRefused() async throws {
        try await withGuardedServer { port in
            let json = try await RawConnection.exchange(port: port, "GET /hello HTTP/1.1\r\nHost: evil.example:\(port)\r\nOrigin: http://evil.example:\(port)\r\n\r\n")
            #expect(json.status == 421)
            #expect(json.errorCode == "unknown_host")
            #expect(json.headers["content-type"] == "application/json; charset=utf-8")
            #expect(json.headers["connection"] == "close")
            #expect(json.headers["x-content-type-options"] == "nosniff")

            let connection = try RawConnection(port: port)
            try await connection.send("DELETE /hello HTTP/1.1\r\nHost: evil.example:\(port)\r\nAccept: text/html,*/*\r\n\r\n")
            let page = try await connection.readResponse()
            #expect(page.status == 421)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("<h1>Misdirected Request</h1>"))
            #expect(await connection.waitForClose(within: 5) != nil)
        }
    }

    @Test("Loopback names, literals and the allowed names pass; anything that only looks like them does not")
    func ownNamesPass() async throws {
        try await withGuardedServer(allowedHosts: ["nas.example"]) { port in
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "127.8.9.10", "[::1]:\(port)", "app.localhost", "nas.example", "NAS.example."] {
                let response = try await RawConnection.exchange(port: port, "GET /hello HTTP/1.1\r\nHost: \(host)\r\n\r\n")
                #expect(response.status == 200, "\(host)")
                #expect(response.text == "hello")
            }
            for host in ["127.0.0.1.nip.io", "localhost.evil.example", "nas.example.evil", "0x7f.1"] {
                #expect(try await RawConnection.exchange(port: port, "GET /hello HTTP/1.1\r\nHost: \(host)\r\n\r\n").status == 421, "\(host)")
            }
        }
    }

    @Test("HTTP/1.1 without Host, or with two, is 400; HTTP/1.0 without Host passes and with a foreign one does not; an absolute-form target names the server")
    func hostHeaderRules() async throws {
        try await withGuardedServer { port in
            let missing = try await RawConnection.exchange(port: port, "GET /hello HTTP/1.1\r\n\r\n")
            #expect(missing.status == 400)
            #expect(missing.errorCode == "bad_request")
            #expect(try await RawConnection.exchange(port: port, "GET /hello HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n").status == 400)
            #expect(try await RawConnection.exchange(port: port, "GET /hello HTTP/1.0\r\n\r\n").status == 200)
            #expect(try await RawConnection.exchange(port: port, "GET /hello HTTP/1.0\r\nHost: evil.example\r\n\r\n").status == 421)
            #expect(try await RawConnection.exchange(port: port, "GET http://evil.example/hello HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 421)
            #expect(try await RawConnection.exchange(port: port, "GET http://localhost:\(port)/hello HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 200)
        }
    }

    @Test("A refused request pipelined behind an accepted one is answered after it, in order")
    func pipelinedRefusalKeepsOrder() async throws {
        try await withGuardedServer { port in
            let connection = try RawConnection(port: port)
            try await connection.send("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\nGET /hello HTTP/1.1\r\nHost: evil.example\r\n\r\n")
            let first = try await connection.readResponse()
            #expect(first.status == 200)
            #expect(first.text == "slow")
            let second = try await connection.readResponse()
            #expect(second.status == 421)
            #expect(await connection.waitForClose(within: 5) != nil)
        }
    }

    @Test("Nothing pipelined behind a refused request is passed on: the connection closes after the refusal")
    func nothingAfterARefusal() async throws {
        try await withGuardedServer { port in
            let connection = try RawConnection(port: port)
            try await connection.send("GET /hello HTTP/1.1\r\nHost: evil.example\r\n\r\nGET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await connection.readResponse().status == 421)
            #expect(await connection.waitForClose(within: 5) != nil)
            #expect(await connection.read(until: "HTTP/1.1", timeout: 0.5) == false)
        }
    }

    @Test("A head the decoder cannot read, a chunked body that lies, an unknown transfer coding: 400 with the JSON error; a body over the limit: 413 — never a 500")
    func wireErrorsAreTheClients() async throws {
        try await withGuardedServer { port in
            let garbage = try await RawConnection.exchange(port: port, "GARBAGE\r\n\r\n")
            #expect(garbage.status == 400)
            #expect(garbage.errorCode == "bad_request")
            let chunkHead = "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
            for body in ["zz\r\nhello\r\n0\r\n\r\n", "-1\r\nhello\r\n0\r\n\r\n", "100000000000000000000\r\nhello\r\n0\r\n\r\n", "5\nhello\n0\n\n"] {
                let response = try await RawConnection.exchange(port: port, chunkHead + body)
                #expect(response.status == 400, "\(body.debugDescription)")
                #expect(response.errorCode == "bad_request")
            }
            let unknown = try await RawConnection.exchange(port: port, "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: xchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            #expect(unknown.status == 400)
            let large = String(repeating: "x", count: 4000)
            let tooLarge = try await RawConnection.exchange(port: port, chunkHead + "fa0\r\n\(large)\r\n0\r\n\r\n")
            #expect(tooLarge.status == 413)
            #expect(tooLarge.errorCode == "too_large")
        }
    }

    @Test("A silent connection and a half-sent head are closed after the head timeout, a stalled body after the body timeout, an idle kept-alive one after the idle timeout — each not before its time")
    func timeouts() async throws {
        // The idle timeout is far from the others, so a connection closed before it was closed by
        // its own clock even on a loaded machine (where a sweep may come a second or more late).
        let timeouts = ConnectionTimeouts(head: .milliseconds(600), idle: .seconds(8), bodyProgress: .milliseconds(1500))
        try await withGuardedServer(timeouts: timeouts) { port in
            let start = Date()
            let silent = try RawConnection(port: port)
            let halfHead = try RawConnection(port: port)
            try await halfHead.send("GET /hello HTTP/1.1\r\nHost: loc")
            let stalled = try RawConnection(port: port)
            try await stalled.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{")
            let keptAlive = try RawConnection(port: port)
            try await keptAlive.send("GET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await keptAlive.readResponse().status == 200)

            // Checked in the order they are due, so each wait ends about when its connection closed.
            func closedAfter(_ connection: RawConnection) async throws -> TimeInterval {
                _ = try #require(await connection.waitForClose(within: 20))
                return Date().timeIntervalSince(start)
            }
            let silentClosed = try await closedAfter(silent)
            let halfHeadClosed = try await closedAfter(halfHead)
            let stalledClosed = try await closedAfter(stalled)
            let keptAliveClosed = try await closedAfter(keptAlive)
            #expect(silentClosed >= 0.6 && silentClosed < 8, "\(silentClosed)")
            #expect(halfHeadClosed >= 0.6 && halfHeadClosed < 8, "\(halfHeadClosed)")
            #expect(stalledClosed >= 1.5 && stalledClosed < 8, "\(stalledClosed)")
            #expect(keptAliveClosed >= 8, "\(keptAliveClosed)")
        }
    }

    @Test("No clock runs while a request is being answered: a response slower than every timeout arrives whole")
    func slowAnswerIsNotCut() async throws {
        let timeouts = ConnectionTimeouts(head: .milliseconds(300), idle: .milliseconds(300), bodyProgress: .milliseconds(300))
        try await withGuardedServer(timeouts: timeouts) { port in
            let response = try await RawConnection.exchange(port: port, "GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(response.status == 200)
            #expect(response.text == "slow")
        }
    }

    @Test("Past the census' limit, idle connections are closed oldest first, and a request that means it is answered")
    func idleConnectionsAreShed() async throws {
        let census = ConnectionCensus(limit: 20)
        try await withGuardedServer(census: census) { port in
            var silent: [RawConnection] = []
            silent.reserveCapacity(200)
            for _ in 0..<200 { silent.append(try RawConnection(port: port)) }
            let response = try await RawConnection.exchange(port: port, "GET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(response.status == 200)
            // The oldest were shed; the server holds no more than its limit and a little room.
            var shed = 0
            let deadline = Date().addingTimeInterval(30)
            for connection in silent.prefix(150) where await connection.waitForClose(within: max(0.1, deadline.timeIntervalSinceNow)) != nil {
                shed += 1
            }
            #expect(shed == 150)
            #expect(census.count <= 20 + 1 + 20 / 64 + 1)
            // One more answered request means the server has taken every connection before it
            // from its accept queue (ending the test with some still queued would drop them
            // unhandled, which NIO traps on).
            silent.removeAll()
            #expect(try await RawConnection.exchange(port: port, "GET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 200)
        }
    }
}
