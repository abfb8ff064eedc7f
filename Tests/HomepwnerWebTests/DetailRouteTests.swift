import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Homepwner API: an item's details")
struct DetailRouteTests {
    static let allDetails = #"""
        {"name":"Drill","location":" House ›Garage› Shelf 2 ","labels":["tools"," tools","power"],"quantity":2,
         "purchaseDate":"2024-03-15","pricePaid":129,"purchasedFrom":"Hardware Co","warrantyEnds":"2027-03-15",
         "warrantyNotes":"call 555\r\nkeep the box","notes":"left-handed\tgrip","modelName":"DR-9","manufacturer":"Bosch"}
        """#

    @Test("POST with every detail answers them as the rules keep them, days as YYYY-MM-DD; the store holds midnight UTC")
    func createWithDetails() async throws {
        try await withApp { client, folder in
            let item = try await addItem(client, Self.allDetails)
            let key = try #require(item["itemKey"] as? String)
            #expect(item["location"] as? String == "House › Garage › Shelf 2")
            #expect(item["labels"] as? [String] == ["tools", "power"])
            #expect(item["quantity"] as? Int == 2)
            #expect(item["purchaseDate"] as? String == "2024-03-15")
            #expect(item["pricePaid"] as? Int == 129)
            #expect(item["purchasedFrom"] as? String == "Hardware Co")
            #expect(item["warrantyEnds"] as? String == "2027-03-15")
            #expect(item["warrantyNotes"] as? String == "call 555\nkeep the box")
            #expect(item["notes"] as? String == "left-handed\tgrip")
            #expect(item["modelName"] as? String == "DR-9")
            #expect(item["manufacturer"] as? String == "Bosch")
            let stored = try await ItemStore.open(at: folder, readOnly: true).item(key)
            // 2024-03-15T00:00:00Z is 732,153,600 s after 2001-01-01.
            #expect(stored.purchaseDate?.timeIntervalSinceReferenceDate.bitPattern == Double(732_153_600).bitPattern)
            #expect(item["version"] as? String == stored.version)
        }
    }

    @Test("an item without details has none of their keys in its JSON")
    func noDetailsNoKeys() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Spork"}"#)
            for key in Item.detailKeys { #expect(item[key] == nil, "\(key)") }
        }
    }

    @Test("PATCH sets details, keeps the others, changes the version; empty text, [] and quantity 1 clear; clear names the rest")
    func patchAndClear() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, Self.allDetails)
            let key = try #require(item["itemKey"] as? String)
            func patch(_ json: String) async throws -> (HTTPResponse.Status, [String: Any]) {
                let response = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(json))
                return (response.status, try WebTestSupport.json(response))
            }
            let (status, changed) = try await patch(#"{"notes":"right-handed","labels":[]}"#)
            #expect(status == .ok)
            #expect(changed["notes"] as? String == "right-handed")
            #expect(changed["labels"] == nil)
            #expect(changed["location"] as? String == "House › Garage › Shelf 2")
            #expect(changed["version"] as? String != item["version"] as? String)
            let (_, cleared) = try await patch(#"{"location":"","quantity":1,"clear":["pricePaid","purchaseDate","warrantyEnds","manufacturer"]}"#)
            #expect(cleared["location"] == nil)
            #expect(cleared["quantity"] == nil)
            #expect(cleared["pricePaid"] == nil)
            #expect(cleared["purchaseDate"] == nil)
            #expect(cleared["warrantyEnds"] == nil)
            #expect(cleared["manufacturer"] == nil)
            #expect(cleared["modelName"] as? String == "DR-9")
            let (alone, onlyClear) = try await patch(#"{"clear":["modelName"]}"#)
            #expect(alone == .ok)
            #expect(onlyClear["modelName"] == nil)
            #expect(onlyClear["name"] as? String == "Drill")
        }
    }

    @Test("a detail breaking its rule is 422 invalid_value with the rule's sentence, and nothing changes")
    func refusals() async throws {
        try await withApp { client, folder in
            let item = try await addItem(client, #"{"name":"Drill","notes":"kept"}"#)
            let key = try #require(item["itemKey"] as? String)
            let cases: [(String, String)] = [
                (#"{"purchaseDate":"2024-02-30"}"#, "a purchase date must be a date like 2024-03-15, not \"2024-02-30\""),
                (#"{"warrantyEnds":"1899-12-31"}"#, "a warranty end must be from 1900-01-01 to 2199-12-31, not 1899-12-31T00:00:00.000Z"),
                (#"{"quantity":0}"#, "a quantity must be 1 to 1,000,000, not 0"),
                (#"{"location":"House ›› Shelf"}"#, "a location cannot have an empty level (levels are separated by \"›\" or \">\")"),
                (#"{"modelName":"a\u0007b"}"#, "a model name cannot contain control characters (found U+0007)"),
                (#"{"notes":"x","clear":["notes"]}"#, "notes is both given a value and named in clear; send one of them"),
                ("{\"labels\":[" + Array(repeating: "\"a\"", count: 51).joined(separator: ",") + "]}", "an item can have at most 50 labels, not 51"),
            ]
            for (json, message) in cases {
                let response = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(json))
                #expect(response.status == .unprocessableContent, "\(json)")
                #expect(try errorCode(response) == "invalid_value", "\(json)")
                #expect(try errorMessage(response) == message, "\(json)")
            }
            let refusedCreate = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(#"{"name":"X","pricePaid":-1}"#))
            #expect(refusedCreate.status == .badRequest || refusedCreate.status == .unprocessableContent)
            let stored = try await ItemStore.open(at: folder, readOnly: true).items()
            #expect(stored.count == 1)
            #expect(stored.first?.notes == "kept")
            #expect(stored.first?.version == item["version"] as? String)
        }
    }

    @Test("a clear that names no detail of the API is 400, not 500")
    func unknownClear() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Drill"}"#)
            let key = try #require(item["itemKey"] as? String)
            let response = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"clear":["colour"]}"#))
            #expect(response.status == .badRequest)
        }
    }
}
