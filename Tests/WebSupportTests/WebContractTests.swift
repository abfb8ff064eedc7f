import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOPosix
import Testing
import TestSupport
import WebSupport
import WebTestSupport

/// WebSupport's mechanisms once, on the smallest app built as both apps are (``ContractApp``):
/// the apps' own tests hold them to the same ``WebContract`` only where their wiring matters.
@Suite("WebSupport's contract, on a small app", .timeLimit(.minutes(4)))
struct WebContractTests {
    /// Runs `body` against a fresh ``ContractApp`` served live (on ``ServerThreads``), with one
    /// thing (id 1, "Ghost") and its photo.
    private func withContractApp(
        _ configuration: WebConfiguration = WebConfiguration(port: 0), _ body: @escaping @Sendable (any TestClientProtocol, Int) async throws -> Void
    ) async throws {
        let app = try await ContractApp.build(configuration)
        try await ServerThreads.run {
            try await app.test(.live) { client in
                #expect(try await client.execute(uri: "/api/things", method: .post, headers: jsonHeaders, body: WebTestSupport.body(#"{"title":"Ghost"}"#)).status == .created)
                let photo = try await client.execute(uri: "/api/things/1/photo", method: .put, headers: [.contentType: "image/png"], body: WebTestSupport.body("png"))
                #expect(photo.status == .ok)
                try await body(client, try #require(client.port))
            }
        }
    }

    @Test("HEAD answers wherever GET does, 404s and the document included: the same status and headers, Content-Length included, and no body")
    func headLikeGet() async throws {
        try await withContractApp { client, _ in
            try await WebContract.expectHeadAnswersLikeGet(client, uris: [
                "/api/things", "/api/things/1", "/api/things/1/photo", "/api/things/1/thumbnail", "/api/things/2", "/api/things/2/photo",
                "/api/things/2/thumbnail", "/openapi.yaml", "/nothing/here",
            ])
            try await WebContract.expectHeadAnswersLikeGet(client, uris: ["/api/things", "/nothing/here"], headers: BrowserForms.pageHeaders)
        }
    }

    @Test("A photo and its thumbnail are answered alike (PhotoAnswer): ETag, private no-cache, 304 for If-None-Match, 206/416 for Range, If-Range honoured, 400 for an over-long header")
    func storedFileAnswers() async throws {
        try await withContractApp { client, port in
            let photo = "a photo of a ghost"
            #expect(try await client.execute(uri: "/api/things/1/photo", method: .put, headers: [.contentType: "image/png"], body: WebTestSupport.body(photo)).status == .ok)
            try await WebContract.expectStoredFileAnswers(port: port, path: "/api/things/1/photo", file: Array(photo.utf8), type: "image/png")
            try await WebContract.expectStoredFileAnswers(port: port, path: "/api/things/1/thumbnail", file: Array(photo.utf8).reversed(), type: "image/png")
            #expect(try await client.execute(uri: "/api/things", method: .post, headers: jsonHeaders, body: WebTestSupport.body(#"{"title":"Moth"}"#)).status == .created)
            for uri in ["/api/things/2/photo", "/api/things/2/thumbnail", "/api/things/3/thumbnail"] {
                let missing = try await client.execute(uri: uri, method: .get)
                #expect(missing.status == .notFound, "\(uri)")
                #expect((try json(missing)["error"] as? [String: Any])?["code"] as? String == "not_found", "\(uri)")
            }
        }
    }

    @Test("a browser (Accept names text/html first) gets an HTML 404 page with a way back; an API client gets JSON")
    func notFound() async throws {
        try await withContractApp { client, _ in try await expectNotFoundAnswers(client) }
    }

    @Test("Malformed chunked bodies and unknown transfer codings are 400, a 30 MB chunked photo is 413 — each with the JSON error, never a 500")
    func lyingBodies() async throws {
        try await withContractApp { client, port in
            try await WebContract.expectLyingBodiesRefused(port: port, routes: [
                .init("POST", "/api/things"), .init("PUT", "/api/things/1/photo", type: "image/png"), .init("PATCH", "/api/things/1"),
            ], upload: "/api/things/1/photo")
            #expect(try json(try await client.execute(uri: "/api/things/1", method: .get))["title"] as? String == "Ghost")
        }
    }

    @Test("A Content-Type that repeats a parameter (charset=utf-8; Charset=utf-8) is 400 with the JSON error on every body-taking route, and the server lives on")
    func repeatedContentTypeParameters() async throws {
        try await withContractApp { client, port in
            try await WebContract.expectRepeatedContentTypeRefused(port: port, routes: [
                .init("POST", "/api/things", body: #"{"title":"a"}"#), .init("PATCH", "/api/things/1", body: #"{"title":"b"}"#),
                .init("PUT", "/api/things/1/photo", type: "image/png", body: "x"),
                .init("PUT", "/api/things/1/photo", type: "multipart/form-data; boundary=b", body: "--b--\r\n"),
            ])
            let thing = try await RawConnection.exchange(port: port, "GET /api/things/1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(thing.status == 200)
            #expect(thing.text.hasSuffix(#"{"id":1,"title":"Ghost"}"#))
        }
    }

    @Test("Every route answers a foreign Host with 421 and changes nothing, HTTP/1.0 too; the server's own names still work")
    func foreignHostRefused() async throws {
        try await withContractApp { client, port in
            try await WebContract.expectForeignHostRefused(port: port, routes: [
                .init("GET", "/api/things"), .init("GET", "/api/things/1"), .init("GET", "/api/things/1/photo"), .init("GET", "/api/events"),
                .init("GET", "/openapi.yaml"), .init("GET", "/nothing/here"), .init("HEAD", "/api/things"),
                .init("POST", "/api/things", body: #"{"title":"Rebound"}"#), .init("PATCH", "/api/things/1", body: #"{"title":"Rebound"}"#),
                .init("PUT", "/api/things/1/photo", body: "x"),
            ])
            #expect(String(buffer: try await client.execute(uri: "/api/things", method: .get).body) == #"{"things":[{"id":1,"title":"Ghost"}]}"#)
            #expect(String(buffer: try await client.execute(uri: "/api/things/1/photo", method: .get).body) == "png")
            let own = try await RawConnection.exchange(port: port, "GET /api/things HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            #expect(own.status == 200)
        }
    }

    @Test("One client holding every place cannot lock a new page out: of 300 streams all are served, the 44 oldest ended by the server, and after all close the next stream is 200")
    func eventStreamPlaces() async throws {
        try await withContractApp { _, port in try await WebContract.expectEventStreamPlaces(port: port) }
    }

    @Test("A stream tells each change as it happens, and a stream with nothing to say sends a heartbeat comment at the configured interval")
    func eventStreamHeartbeat() async throws {
        try await withContractApp(WebConfiguration(port: 0, timeouts: ConnectionTimeouts(eventStreamHeartbeat: .milliseconds(200)))) { client, port in
            let (connection, status) = try await EventStreamFlood.open(port: port)
            #expect(status == 200)
            #expect(await connection.read(until: "retry: 2000\n\n"))
            #expect(await connection.read(until: ": heartbeat\n\n", timeout: 5))
            #expect(try await client.execute(uri: "/api/things", method: .post, headers: jsonHeaders, body: WebTestSupport.body(#"{"title":"Moth"}"#)).status == .created)
            #expect(await connection.read(until: "id: 2\nevent: created\ndata: {\"id\":2,\"version\":\"1\"}\n\n"))
        }
    }
}

@Suite("In-process servers under test run as in production", .timeLimit(.minutes(4)))
struct ServerThreadsTests {
    @Test("a live server's handler starts on the event loop that read its request and, resumed from elsewhere, stays on it (EventLoopAffinityMiddleware, as in a server process)")
    func handlersStayOnTheirLoop() async throws {
        let router = Router()
        router.add(middleware: EventLoopAffinityMiddleware())
        router.get("/where") { _, _ in
            let before = MultiThreadedEventLoopGroup.currentEventLoop
            try await Task.sleep(for: .milliseconds(5))  // resumed by a timer, on another thread
            let after = MultiThreadedEventLoopGroup.currentEventLoop
            guard let before, let after else { return "off the loops" }
            return before === after ? "one loop" : "another loop"
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), eventLoopGroupProvider: .shared(ServerThreads.group))
        try await ServerThreads.run {
            try await app.test(.live) { client in
                for _ in 0..<8 {
                    let answer = try await client.execute(uri: "/where", method: .get)
                    #expect(String(buffer: answer.body) == "one loop")
                }
            }
        }
    }
}
