import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Homepwner API: an item's own fields and the archive")
struct CustomFieldRouteTests {
    static func patch(_ client: some TestClientProtocol, _ key: String, _ body: String) async throws -> TestResponse {
        try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: [.contentType: "application/json"], body: WebTestSupport.body(Data(body.utf8)))
    }

    @Test("PATCH customFields sets fields in order (an empty value removes one), clear removes them all; the item's JSON lists them")
    func fields() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Piano","customFields":[{"name":"Colour","value":"Walnut"}]}"#)
            let key = try #require(item["itemKey"] as? String)
            #expect((item["customFields"] as? [[String: String]]) == [["name": "Colour", "value": "Walnut"]])
            let patched = try await Self.patch(client, key, #"{"customFields":[{"name":"Policy","value":" HO-3 "},{"name":"Colour","value":""}]}"#)
            #expect(patched.status == .ok)
            #expect((try json(patched)["customFields"] as? [[String: String]]) == [["name": "Policy", "value": "HO-3"]])
            let cleared = try await Self.patch(client, key, #"{"clear":["customFields"]}"#)
            #expect(try json(cleared)["customFields"] == nil)
            let bad = try await Self.patch(client, key, #"{"customFields":[{"name":"Two\nlines","value":"x"}]}"#)
            #expect(bad.status == .unprocessableContent)
            #expect(try errorCode(bad) == "invalid_value")
            let both = try await Self.patch(client, key, #"{"customFields":[{"name":"A","value":"x"}],"clear":["customFields"]}"#)
            #expect(both.status == .unprocessableContent)
        }
    }

    @Test("an archived item leaves GET /api/items and /api/stats unless asked for (archived=include|only), and archivedLeftOut counts it")
    func archive() async throws {
        try await withApp { client, _ in
            let piano = try #require(try await addItem(client, #"{"name":"Piano","valueInDollars":4000}"#)["itemKey"] as? String)
            _ = try await addItem(client, #"{"name":"Bike","valueInDollars":300}"#)
            let archived = try await Self.patch(client, piano, #"{"archivedDate":"2026-11-01"}"#)
            #expect(try json(archived)["archivedDate"] as? String == "2026-11-01")
            let list = try json(try await client.execute(uri: "/api/items", method: .get))
            #expect((list["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Bike"])
            #expect(list["count"] as? Int == 1 && list["totalValueInDollars"] as? Int == 300 && list["archivedLeftOut"] as? Int == 1)
            let all = try json(try await client.execute(uri: "/api/items?archived=include", method: .get))
            #expect(all["count"] as? Int == 2 && all["totalValueInDollars"] as? Int == 4_300 && all["archivedLeftOut"] as? Int == 0)
            let only = try json(try await client.execute(uri: "/api/items?archived=only", method: .get))
            #expect((only["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Piano"])
            #expect(try await client.execute(uri: "/api/items?archived=sometimes", method: .get).status == .badRequest)
            let stats = try json(try await client.execute(uri: "/api/stats", method: .get))
            #expect(stats["itemCount"] as? Int == 1 && stats["totalValueInDollars"] as? Int == 300)
            let back = try await Self.patch(client, piano, #"{"clear":["archivedDate"]}"#)
            #expect(try json(back)["archivedDate"] == nil)
            #expect(try json(try await client.execute(uri: "/api/items", method: .get))["count"] as? Int == 2)
            #expect(try await Self.patch(client, piano, #"{"archivedDate":"1800-01-01"}"#).status == .unprocessableContent)
        }
    }
}
