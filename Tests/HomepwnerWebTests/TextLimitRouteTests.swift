import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Homepwner API: limits on text and JSON bodies in bytes")
struct TextLimitRouteTests {
    @Test("a name or serial number of one character but hundreds of code points is 422 on POST and PATCH: the API counts code points, as its document's maxLength does, so the byte limits (4 bytes a code point) cannot be passed through it")
    func textBytes() async throws {
        try await withApp { client, _ in
            let name = String(repeating: "\u{E9}", count: 200)  // 200 code points, 400 bytes: fine
            let longName = "a" + String(repeating: "\u{301}", count: 400)  // one character, 401 code points, 801 bytes
            let created = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(#"{"name":"\#(longName)"}"#))
            #expect(created.status == .unprocessableContent)
            #expect(try errorMessage(created) == "a name can have at most 200 characters as sent, spaces at either end included, not 401")
            let key = try #require(try await addItem(client, #"{"name":"\#(name)"}"#)["itemKey"] as? String)
            let serial = "1" + String(repeating: "\u{301}", count: 128)  // one character, 129 code points, 257 bytes
            let patched = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"serialNumber":"\#(serial)"}"#))
            #expect(patched.status == .unprocessableContent)
            #expect(try errorMessage(patched) == "a serial number can have at most 64 characters as sent, spaces at either end included, not 129")
            let item = try json(try await client.execute(uri: "/api/items/\(key)", method: .get))
            #expect(item["serialNumber"] as? String == "")
        }
    }

    @Test("the API counts a name's and a serial number's characters as sent, spaces at either end included, as its document's maxLength does")
    func lengthAsSent() async throws {
        try await withApp { client, _ in
            let name = " " + String(repeating: "x", count: 200)
            let created = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(#"{"name":"\#(name)"}"#))
            #expect(created.status == .unprocessableContent)
            #expect(try errorMessage(created) == "a name can have at most 200 characters as sent, spaces at either end included, not 201")
            let key = try #require(try await addItem(client, #"{"name":" \#(String(repeating: "x", count: 199))"}"#)["itemKey"] as? String)
            let serial = String(repeating: "s", count: 64) + " "
            let patched = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"serialNumber":"\#(serial)"}"#))
            #expect(patched.status == .unprocessableContent)
            #expect(try errorMessage(patched) == "a serial number can have at most 64 characters as sent, spaces at either end included, not 65")
            // Code points, as the document counts: 200 letters, each with a combining accent, are 400.
            let accented = String(repeating: "e\u{301}", count: 200)
            let combining = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(#"{"name":"\#(accented)"}"#))
            #expect(combining.status == .unprocessableContent)
            #expect(try errorMessage(combining) == "a name can have at most 200 characters as sent, spaces at either end included, not 400")
        }
    }

    @Test("every text detail is counted as sent too, so nothing the document's maxLength refuses is accepted after trimming")
    func detailsAsSent() async throws {
        try await withApp { client, _ in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            for (field, limit, what) in [
                ("location", 200, "a location"), ("purchasedFrom", 200, "where it was bought"), ("warrantyNotes", 2000, "warranty notes"),
                ("notes", 10000, "notes"), ("modelName", 100, "a model"), ("manufacturer", 100, "a manufacturer"),
            ] {
                let text = String(repeating: "x", count: limit) + " "
                let patched = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"\#(field)":"\#(text)"}"#))
                #expect(patched.status == .unprocessableContent, "\(field)")
                #expect(try errorMessage(patched) == "\(what) can have at most \(limit) characters as sent, spaces at either end included, not \(limit + 1)")
                let created = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(#"{"name":"Desk","\#(field)":"\#(text)"}"#))
                #expect(created.status == .unprocessableContent, "\(field)")
            }
            let label = " " + String(repeating: "l", count: 40)
            let labels = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(#"{"labels":["ok","\#(label)"]}"#))
            #expect(try errorMessage(labels) == "a label can have at most 40 characters as sent, spaces at either end included, not 41")
            #expect(try json(try await client.execute(uri: "/api/items/\(key)", method: .get))["notes"] == nil)
        }
    }

    @Test("a JSON body over 64 KiB is 413 with the JSON error before it is decoded, on POST and PATCH")
    func jsonBodyLimit() async throws {
        try await withApp { client, _ in
            let huge = #"{"name":"a\#(String(repeating: "\u{301}", count: 500_000))"}"#
            let created = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(huge))
            #expect(created.status == .contentTooLarge)
            #expect(created.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try errorCode(created) == "too_large")
            #expect(try errorMessage(created) == "the body is larger than the limit of 65536 bytes")
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            let padded = #"{"valueInDollars":5\#(String(repeating: " ", count: 65_536))}"#
            let patched = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(padded))
            #expect(patched.status == .contentTooLarge)
            let fits = #"{"valueInDollars":5\#(String(repeating: " ", count: 65_000))}"#
            #expect(try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: jsonHeaders, body: body(fits)).status == .ok)
        }
    }

    @Test("an archive holding names past the byte limit still lists them, each with its problem")
    func storedLongText() async throws {
        let name = "a" + String(repeating: "\u{301}", count: 1_000)
        let item = Item(itemName: name, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: "0E8A6F52-1C3B-4D5E-8F90-000000000001")
        try await withApp(archive: try ItemArchive(items: [item]).encoded()) { client, _ in
            let list = try json(try await client.execute(uri: "/api/items", method: .get))
            let items = try #require(list["items"] as? [[String: Any]])
            #expect(items.map { $0["name"] as? String } == [name])
            #expect(items.map { $0["problems"] as? [String] } == [["the name has 2001 bytes of UTF-8, more than 800"]])
        }
    }
}
