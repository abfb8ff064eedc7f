import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Homepwner API: the list of locations")
struct LocationRouteTests {
    @Test("POST adds (201, spelled by the rule), GET lists with item counts, rename moves the items, DELETE removes")
    func lifecycle() async throws {
        try await withApp { client, folder in
            let added = try await client.execute(uri: "/api/locations", method: .post, headers: jsonHeaders, body: body(#"{"name":"House›Garage"}"#))
            #expect(added.status == .created)
            #expect(try names(added) == ["House › Garage"])
            try await addItem(client, #"{"name":"Drill","location":"House › Garage › Shelf 2"}"#)
            let listed = try await client.execute(uri: "/api/locations", method: .get)
            #expect(listed.status == .ok)
            let entries = try #require(try json(listed)["locations"] as? [[String: Any]])
            #expect(entries.map { $0["itemCount"] as? Int } == [1])
            let renamed = try await client.execute(uri: "/api/locations/rename", method: .post, headers: jsonHeaders, body: body(#"{"from":"House › Garage","to":"Home › Garage"}"#))
            #expect(renamed.status == .ok)
            #expect(try json(renamed)["movedItems"] as? Int == 1)
            #expect(try names(renamed) == ["Home › Garage"])
            let items = try await ItemStore.open(at: folder, readOnly: true).items()
            #expect(items.map(\.location) == ["Home › Garage › Shelf 2"])
            let query = "Home › Garage".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let removed = try await client.execute(uri: "/api/locations?name=\(query)", method: .delete)
            #expect(removed.status == .ok)
            #expect(try names(removed) == [])
        }
    }

    @Test("GET /api/places: every location in use or kept and each parent, parents first, with the totals the location filter shows; the items without a location; ?noLocation=true lists those, and with location= is 422")
    func places() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/locations", method: .post, headers: jsonHeaders, body: body(#"{"name":"Attic"}"#))
            try await addItem(client, #"{"name":"Drill","valueInDollars":120,"location":"House > Garage"}"#)
            try await addItem(client, #"{"name":"Saw","valueInDollars":30,"quantity":2,"location":"House › Garage › Shelf 2"}"#)
            try await addItem(client, #"{"name":"Lamp","valueInDollars":5}"#)
            let answer = try await client.execute(uri: "/api/places", method: .get)
            #expect(answer.status == .ok)
            let tree = try json(answer)
            let places = try #require(tree["places"] as? [[String: Any]])
            #expect(places.map { $0["name"] as? String } == ["Attic", "House", "House › Garage", "House › Garage › Shelf 2"])
            #expect(places.map { $0["depth"] as? Int } == [1, 1, 2, 3])
            #expect(places.map { $0["kept"] as? Bool } == [true, false, false, false])
            #expect(places.map { $0["itemCount"] as? Int } == [0, 2, 2, 1])
            #expect(places.map { $0["quantity"] as? Int } == [0, 3, 3, 2])
            #expect(places.map { $0["totalValueInDollars"] as? Int } == [0, 180, 180, 60])
            #expect(places[3]["levels"] as? [String] == ["House", "Garage", "Shelf 2"])
            let without = try #require(tree["withoutLocation"] as? [String: Any])
            #expect(without["itemCount"] as? Int == 1 && without["totalValueInDollars"] as? Int == 5)
            #expect((tree["everything"] as? [String: Any])?["totalValueInDollars"] as? Int == 185)

            let nowhere = try json(try await client.execute(uri: "/api/items?noLocation=true", method: .get))
            #expect((nowhere["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Lamp"])
            #expect(nowhere["shownCount"] as? Int == 1)
            let both = try await client.execute(uri: "/api/items?noLocation=true&location=House", method: .get)
            #expect(both.status == .unprocessableContent)
            #expect(try errorCode(both) == "invalid_value")
            #expect(try errorMessage(both) == "ask for a location or for items without one, not both")
        }
    }

    @Test("a repeat or broken name is 422 invalid_value, an unknown one 404, a missing body field 400; never a 500")
    func refusals() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/locations", method: .post, headers: jsonHeaders, body: body(#"{"name":"Attic"}"#))
            let repeated = try await client.execute(uri: "/api/locations", method: .post, headers: jsonHeaders, body: body(#"{"name":"Attic"}"#))
            #expect(repeated.status == .unprocessableContent)
            #expect(try errorCode(repeated) == "invalid_value")
            #expect(try errorMessage(repeated) == "\"Attic\" is already in the list of locations")
            let unknown = try await client.execute(uri: "/api/locations?name=Cellar", method: .delete)
            #expect(unknown.status == .notFound)
            let unknownRename = try await client.execute(uri: "/api/locations/rename", method: .post, headers: jsonHeaders, body: body(#"{"from":"Cellar","to":"Basement"}"#))
            #expect(unknownRename.status == .notFound)
            let missing = try await client.execute(uri: "/api/locations", method: .post, headers: jsonHeaders, body: body(#"{}"#))
            #expect(missing.status == .badRequest)
            let noQuery = try await client.execute(uri: "/api/locations", method: .delete)
            #expect(noQuery.status == .badRequest)
        }
    }

    private func names(_ response: TestResponse) throws -> [String] {
        try #require(try json(response)["locations"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    }
}
