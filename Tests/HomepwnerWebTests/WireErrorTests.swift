import Foundation
import Testing
import WebTestSupport
import TestSupport

@Suite("homepwner serve: bodies that lie are the client's error", .timeLimit(.minutes(2)))
struct WireErrorTests {
    @Test("Malformed chunked bodies and unknown transfer codings are 400, a 30 MB chunked photo is 413 — each with the JSON error, never a 500")
    func neverA500() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let (_, _, created) = try await server.request("POST", "api/items", body: Data(#"{"name":"Lamp"}"#.utf8), headers: ["Content-Type": "application/json"])
            let key = try #require(try jsonObject(created)["itemKey"] as? String)
            for (method, path, type) in [("POST", "/api/items", "application/json"), ("PUT", "/api/items/\(key)/photo", "image/png"), ("PATCH", "/api/items/\(key)", "application/json")] {
                for body in WireAttacks.malformedChunkedBodies {
                    let response = try await RawConnection.exchange(port: server.port, WireAttacks.chunked(method, path, type: type, body: body))
                    #expect(response.status == 400, "\(method) \(path) \(body.debugDescription)")
                    #expect(response.errorCode == "bad_request")
                }
                #expect(try await RawConnection.exchange(port: server.port, WireAttacks.unknownCoding(method, path, type: type)).status == 400, "\(method) \(path)")
            }
            let connection = try RawConnection(port: server.port)
            try await connection.send(WireAttacks.chunked("PUT", "/api/items/\(key)/photo", type: "image/png", body: ""))
            try? await connection.send(WireAttacks.largeChunkedBody(size: 30 << 20))
            let tooLarge = try await connection.readResponse()
            #expect(tooLarge.status == 413)
            #expect(tooLarge.errorCode == "too_large")
        }
    }

    @Test("A Content-Type that repeats a parameter (charset=utf-8; Charset=utf-8) is 400 with the JSON error on every body-taking route, and the server lives on")
    func repeatedContentTypeParameters() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let (_, _, created) = try await server.request("POST", "api/items", body: Data(#"{"name":"Lamp"}"#.utf8), headers: ["Content-Type": "application/json"])
            let key = try #require(try jsonObject(created)["itemKey"] as? String)
            let routes = [
                ("POST", "/api/items", "application/json", #"{"name":"a"}"#), ("PATCH", "/api/items/\(key)", "application/json", #"{"name":"b"}"#),
                ("PUT", "/api/items/\(key)/photo", "image/png", "x"), ("PUT", "/api/items/\(key)/photo", "multipart/form-data; boundary=b", "--b--\r\n"),
                ("POST", "/api/items/\(key)/attachments", "multipart/form-data; boundary=b", "--b--\r\n"),
                ("POST", "/api/items/import", "text/csv", "Name\r\nx\r\n"), ("POST", "/api/import", "application/zip", "PK"),
            ]
            for (method, path, type, text) in routes {
                for repeated in WireAttacks.repeatedParameters(of: type) {
                    let response = try await RawConnection.exchange(port: server.port, WireAttacks.withBody(method, path, type: repeated, body: text))
                    #expect(response.status == 400, "\(method) \(path) \(repeated)")
                    #expect(response.errorCode == "bad_request", "\(method) \(path) \(repeated)")
                }
            }
            let item = try await RawConnection.exchange(port: server.port, "GET /api/items/\(key) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(item.status == 200)
            #expect(item.text.contains("Lamp"))
        }
    }
}
