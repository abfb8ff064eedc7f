import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Homepwner API: items")
struct ItemRouteTests {
    @Test("POST /api/items answers 201 with Location and ETag, and the item is on disk with the same date to the bit")
    func create() async throws {
        try await withApp { client, folder in
            let response = try await client.execute(
                uri: "/api/items", method: .post, headers: jsonHeaders,
                body: body(#"{"name":"  Lamp ","serialNumber":"SN-1","valueInDollars":120}"#)
            )
            #expect(response.status == .created)
            let item = try json(response)
            let key = try #require(item["itemKey"] as? String)
            #expect(ItemRules.isValidKey(key))
            #expect(response.headers[.location] == "/api/items/\(key)")
            #expect(item["name"] as? String == "Lamp")
            #expect(item["serialNumber"] as? String == "SN-1")
            #expect(item["valueInDollars"] as? Int == 120)
            #expect(item["hasPhoto"] as? Bool == false)
            #expect(item["problems"] as? [String] == [])
            let links = try #require(item["links"] as? [String: String])
            #expect(links == ["self": "/api/items/\(key)", "photo": "/api/items/\(key)/photo", "thumbnail": "/api/items/\(key)/thumbnail"])
            let stored = try await ItemStore.open(at: folder, readOnly: true).item(key)
            #expect(item["version"] as? String == stored.version)
            #expect(response.headers[.eTag] == "\"\(stored.version)\"")
            let seconds = try #require(item["dateCreatedSeconds"] as? Double)
            #expect(seconds.bitPattern == stored.dateCreated.timeIntervalSinceReferenceDate.bitPattern)
            let text = try #require(item["dateCreated"] as? String)
            #expect(text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z/) != nil)
        }
    }

    @Test("the list has every item, the count and the total value, sorted by name, value or date either way")
    func listSorted() async throws {
        try await withApp { client, _ in
            try await addItem(client, #"{"name":"banjo","valueInDollars":300}"#)
            try await addItem(client, #"{"name":"Accordion","valueInDollars":1000}"#)
            try await addItem(client, #"{"name":"cello","valueInDollars":5}"#)
            func names(_ query: String) async throws -> [String] {
                let response = try await client.execute(uri: "/api/items\(query)", method: .get)
                #expect(response.status == .ok)
                return try #require(try json(response)["items"] as? [[String: Any]]).compactMap { $0["name"] as? String }
            }
            #expect(try await names("") == ["banjo", "Accordion", "cello"])
            #expect(try await names("?sort=name") == ["Accordion", "banjo", "cello"])
            #expect(try await names("?sort=name&order=desc") == ["cello", "banjo", "Accordion"])
            #expect(try await names("?sort=value") == ["cello", "banjo", "Accordion"])
            #expect(try await names("?sort=value&order=desc") == ["Accordion", "banjo", "cello"])
            #expect(try await names("?sort=date") == ["banjo", "Accordion", "cello"])
            #expect(try await names("?sort=date&order=desc") == ["cello", "Accordion", "banjo"])
            let list = try json(try await client.execute(uri: "/api/items", method: .get))
            #expect(list["count"] as? Int == 3)
            #expect(list["totalValueInDollars"] as? Int == 1305)
            #expect(list["readOnly"] as? Bool == false)
            #expect(list["problem"] == nil)
            #expect(try await client.execute(uri: "/api/items?sort=colour", method: .get).status == .badRequest)
        }
    }

    @Test("totals are value × quantity: an item's totalValueInDollars, the list's totals and /api/stats (items, things, value)")
    func totalsCountQuantity() async throws {
        try await withApp { client, _ in
            let chairs = try await addItem(client, #"{"name":"chairs","valueInDollars":500,"quantity":3,"location":"Room"}"#)
            #expect(chairs["valueInDollars"] as? Int == 500 && chairs["totalValueInDollars"] as? Int == 1500)
            let lamp = try await addItem(client, #"{"name":"lamp","valueInDollars":40}"#)
            #expect(lamp["totalValueInDollars"] as? Int == 40)
            let list = try json(try await client.execute(uri: "/api/items?q=chairs", method: .get))
            #expect(list["totalValueInDollars"] as? Int == 1540 && list["shownTotalValueInDollars"] as? Int == 1500)
            let room = try #require((list["locations"] as? [[String: Any]])?.first { $0["name"] as? String == "Room" })
            #expect(room["totalValueInDollars"] as? Int == 1500)
            let stats = try json(try await client.execute(uri: "/api/stats", method: .get))
            #expect(stats["itemCount"] as? Int == 2 && stats["quantity"] as? Int == 4 && stats["totalValueInDollars"] as? Int == 1540)
        }
    }

    @Test("a location typed with > is stored with ›, on POST and PATCH; the list's places hold every parent with the count the filter shows, and the filter takes > too")
    func locationsTypedAndPlaces() async throws {
        try await withApp { client, _ in
            let drill = try await addItem(client, #"{"name":"drill","location":"House > Garage"}"#)
            #expect(drill["location"] as? String == "House › Garage")
            let key = try #require(drill["itemKey"] as? String)
            let moved = try await client.execute(
                uri: "/api/items/\(key)", method: .patch, headers: [.contentType: "application/json"], body: body(#"{"location":" House>Garage > Shelf 2 "}"#))
            #expect(try json(moved)["location"] as? String == "House › Garage › Shelf 2")
            _ = try await addItem(client, #"{"name":"saw","location":"House › Garage"}"#)
            _ = try await addItem(client, #"{"name":"kettle","location":"House › Kitchen"}"#)
            let list = try json(try await client.execute(uri: "/api/items", method: .get))
            let places = try #require(list["places"] as? [[String: Any]])
            #expect(places.compactMap { $0["name"] as? String } == ["House", "House › Garage", "House › Garage › Shelf 2", "House › Kitchen"])
            #expect(places.compactMap { $0["count"] as? Int } == [3, 2, 1, 1])
            let filtered = try json(try await client.execute(uri: "/api/items?location=House%20%3E%20Garage", method: .get))
            #expect(filtered["shownCount"] as? Int == 2)
        }
    }

    @Test("GET an item by key: 200 with its ETag; an unknown UUID is 404, anything else 400")
    func getByKey() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Lamp"}"#)
            let key = try #require(item["itemKey"] as? String)
            let response = try await client.execute(uri: "/api/items/\(key)", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.eTag] == "\"\(try #require(item["version"] as? String))\"")
            #expect(try json(response)["name"] as? String == "Lamp")
            let missing = try await client.execute(uri: "/api/items/00000000-0000-0000-0000-000000000000", method: .get)
            #expect(missing.status == .notFound)
            #expect(try errorCode(missing) == "not_found")
            let bad = try await client.execute(uri: "/api/items/lamp", method: .get)
            #expect(bad.status == .badRequest)
            #expect(try errorCode(bad) == "bad_request")
            #expect(try await client.execute(uri: "/api/items/\(key.lowercased())x", method: .get).status == .badRequest)
        }
    }

    @Test("PATCH with the current If-Match changes the item; a stale one is 412 and changes nothing")
    func patchIfMatch() async throws {
        try await withApp { client, folder in
            let item = try await addItem(client, #"{"name":"Lamp","valueInDollars":10}"#)
            let key = try #require(item["itemKey"] as? String)
            let first = "\"\(try #require(item["version"] as? String))\""
            let changed = try await client.execute(
                uri: "/api/items/\(key)", method: .patch, headers: [.contentType: "application/json", .ifMatch: first],
                body: body(#"{"name":"Desk lamp","valueInDollars":25}"#)
            )
            #expect(changed.status == .ok)
            let after = try json(changed)
            #expect(after["name"] as? String == "Desk lamp")
            #expect(after["valueInDollars"] as? Int == 25)
            let second = try #require(changed.headers[.eTag])
            #expect(second != first)
            let stale = try await client.execute(
                uri: "/api/items/\(key)", method: .patch, headers: [.contentType: "application/json", .ifMatch: first],
                body: body(#"{"serialNumber":"X"}"#)
            )
            #expect(stale.status == .preconditionFailed)
            #expect(try errorCode(stale) == "version_mismatch")
            let stored = try await ItemStore.open(at: folder, readOnly: true).item(key)
            #expect(stored.serialNumber == "")
            #expect("\"\(stored.version)\"" == second)
            let any = try await client.execute(
                uri: "/api/items/\(key)", method: .patch, headers: [.contentType: "application/json", .ifMatch: "*"],
                body: body(#"{"serialNumber":"X-1"}"#)
            )
            #expect(any.status == .ok)
            #expect(try json(any)["serialNumber"] as? String == "X-1")
        }
    }

    @Test("PATCH refusals: no field 422, a broken rule 422 naming it, not JSON 415, unknown item 404")
    func patchRefusals() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Lamp"}"#)
            let key = try #require(item["itemKey"] as? String)
            let empty = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body("{}"))
            #expect(empty.status == .unprocessableContent)
            #expect(try errorCode(empty) == "empty_change")
            let value = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"valueInDollars":1000000001}"#))
            #expect(value.status == .unprocessableContent)
            #expect(try errorCode(value) == "invalid_value")
            let name = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"name":"   "}"#))
            #expect(name.status == .unprocessableContent)
            #expect(try errorCode(name) == "invalid_name")
            let serial = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"serialNumber":"a\u0007b"}"#))
            #expect(serial.status == .unprocessableContent)
            #expect(try errorCode(serial) == "invalid_serial_number")
            let text = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: [.contentType: "text/plain"], body: body("name=x"))
            #expect(text.status == .unsupportedMediaType)
            let unknown = try await client.execute(
                uri: "/api/items/00000000-0000-0000-0000-000000000000", method: .patch, headers: jsonHeaders, body: body(#"{"name":"x"}"#)
            )
            #expect(unknown.status == .notFound)
            let post = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(#"{"name":"","valueInDollars":1}"#))
            #expect(post.status == .unprocessableContent)
            #expect(try errorCode(post) == "invalid_name")
        }
    }

    @Test("DELETE with a stale If-Match is 412; with the current one 204, and the item is gone")
    func deleteIfMatch() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Lamp"}"#)
            let key = try #require(item["itemKey"] as? String)
            let version = "\"\(try #require(item["version"] as? String))\""
            _ = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"name":"Lamp 2"}"#))
            let stale = try await client.execute(uri: "/api/items/\(key)", method: .delete, headers: [.ifMatch: version])
            #expect(stale.status == .preconditionFailed)
            let current = try #require(try await client.execute(uri: "/api/items/\(key)", method: .get).headers[.eTag])
            let deleted = try await client.execute(uri: "/api/items/\(key)", method: .delete, headers: [.ifMatch: current])
            #expect(deleted.status == .noContent)
            #expect(try await client.execute(uri: "/api/items/\(key)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/items/\(key)", method: .delete).status == .notFound)
        }
    }

    @Test("the CSV export is text/csv, an attachment, and the same text as homepwner export-csv")
    func csvExport() async throws {
        try await withApp { client, folder in
            try await addItem(client, #"{"name":"=cmd","serialNumber":"a,b","valueInDollars":7}"#)
            let response = try await client.execute(uri: "/api/items.csv", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"items.csv\"")
            let items = try await ItemStore.open(at: folder, readOnly: true).items()
            #expect(String(buffer: response.body) == ItemCSV.csv(items))
        }
    }

    @Test("GET /api/stats counts acknowledged changes and durable writes")
    func stats() async throws {
        try await withApp { client, _ in
            try await addItem(client, #"{"name":"A"}"#)
            try await addItem(client, #"{"name":"B"}"#)
            let stats = try json(try await client.execute(uri: "/api/stats", method: .get))
            #expect(stats["changeCount"] as? Int == 2)
            #expect(stats["saveCount"] as? Int == 2)
        }
    }
}
