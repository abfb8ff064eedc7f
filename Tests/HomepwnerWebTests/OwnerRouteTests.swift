import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Homepwner API: the report's owner and policy block")
struct OwnerRouteTests {
    static func put(_ client: some TestClientProtocol, _ json: String) async throws -> TestResponse {
        try await client.execute(uri: "/api/owner", method: .put, headers: [.contentType: "application/json"], body: body(json))
    }

    @Test("GET is empty until PUT sets fields; PUT changes only the fields it names and an empty text clears one; refusals are 422 with nothing saved")
    func setAndRead() async throws {
        try await withApp { client, folder in
            let empty = try await client.execute(uri: "/api/owner", method: .get)
            #expect(empty.status == .ok)
            #expect(try json(empty).isEmpty)
            let set = try await Self.put(client, #"{"name":" Ana Rivera ","insurer":"Acme Mutual","policyNumber":"HO-3 4471","address":"1 Elm St\r\nSpringfield"}"#)
            #expect(set.status == .ok)
            #expect(try json(set) as? [String: String] == ["name": "Ana Rivera", "insurer": "Acme Mutual", "policyNumber": "HO-3 4471", "address": "1 Elm St\nSpringfield"])
            let cleared = try await Self.put(client, #"{"address":"","insurer":null}"#)
            #expect(try json(cleared) as? [String: String] == ["name": "Ana Rivera", "insurer": "Acme Mutual", "policyNumber": "HO-3 4471"])
            let nothing = try await Self.put(client, "{}")
            #expect(nothing.status == .unprocessableContent)
            #expect((try json(nothing)["error"] as? [String: Any])?["code"] as? String == "empty_change")
            let bad = try await Self.put(client, #"{"name":"Ana\nRivera"}"#)
            #expect(bad.status == .unprocessableContent)
            #expect(try json(try await client.execute(uri: "/api/owner", method: .get))["name"] as? String == "Ana Rivera")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("owner.plist").path))
            let text = try await client.execute(uri: "/api/owner", method: .put, headers: [.contentType: "text/plain"], body: body("x"))
            #expect(text.status == .unsupportedMediaType)
        }
    }
}
