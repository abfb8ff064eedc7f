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
}
