import Foundation
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Scary Creatures: bodies that lie are the client's error", .timeLimit(.minutes(2)))
struct WireErrorTests {
    @Test("Malformed chunked bodies and unknown transfer codings are 400, a 30 MB chunked photo is 413 — each with the JSON error, never a 500")
    func neverA500() async throws {
        try await withApp(setup: .live) { client, _ in
            let port = try #require(client.port)
            #expect(try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#)).status == .created)
            for (method, path, type) in [("POST", "/api/creatures", "application/json"), ("PUT", "/api/creatures/1/photo", "image/png"), ("PATCH", "/api/creatures/1", "application/json")] {
                for body in WireAttacks.malformedChunkedBodies {
                    let response = try await RawConnection.exchange(port: port, WireAttacks.chunked(method, path, type: type, body: body))
                    #expect(response.status == 400, "\(method) \(path) \(body.debugDescription)")
                    #expect(response.errorCode == "bad_request")
                }
                #expect(try await RawConnection.exchange(port: port, WireAttacks.unknownCoding(method, path, type: type)).status == 400, "\(method) \(path)")
            }
            let connection = try RawConnection(port: port)
            try await connection.send(WireAttacks.chunked("PUT", "/api/creatures/1/photo", type: "image/png", body: ""))
            try? await connection.send(WireAttacks.largeChunkedBody(size: 30 << 20))
            let tooLarge = try await connection.readResponse()
            #expect(tooLarge.status == 413)
            #expect(tooLarge.errorCode == "too_large")
        }
    }

    @Test("A Content-Type that repeats a parameter (charset=utf-8; Charset=utf-8) is 400 with the JSON error on every body-taking route, and the server lives on")
    func repeatedContentTypeParameters() async throws {
        try await withApp(setup: .live) { client, _ in
            let port = try #require(client.port)
            #expect(try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#)).status == .created)
            let routes = [
                ("POST", "/api/creatures", "application/json", #"{"title":"a"}"#), ("PATCH", "/api/creatures/1", "application/json", #"{"rating":1}"#),
                ("PUT", "/api/creatures/1/photo", "image/png", "x"), ("PUT", "/api/creatures/1/photo", "multipart/form-data; boundary=b", "--b--\r\n"),
                ("POST", "/api/imports", "application/zip", "PK"),
            ]
            for (method, path, type, text) in routes {
                for repeated in WireAttacks.repeatedParameters(of: type) {
                    let response = try await RawConnection.exchange(port: port, WireAttacks.withBody(method, path, type: repeated, body: text))
                    #expect(response.status == 400, "\(method) \(path) \(repeated)")
                    #expect(response.errorCode == "bad_request", "\(method) \(path) \(repeated)")
                }
            }
            let creature = try await RawConnection.exchange(port: port, "GET /api/creatures/1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(creature.status == 200)
            #expect(creature.text.contains("Ghost"))
        }
    }
}
