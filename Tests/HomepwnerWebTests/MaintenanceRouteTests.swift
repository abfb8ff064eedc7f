import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Homepwner API: an item's maintenance log")
struct MaintenanceRouteTests {
    /// POSTs `entry` to the item's log.
    static func add(_ client: some TestClientProtocol, _ key: String, _ entry: String, ifMatch: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let ifMatch { headers[.ifMatch] = ifMatch }
        return try await client.execute(uri: "/api/items/\(key)/maintenance", method: .post, headers: headers, body: body(Data(entry.utf8)))
    }

    @Test("add (201, numbered in date order, the ETag the item's new version), list (200), remove by number (200): the item's JSON says when it is next due")
    func lifecycle() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Furnace"}"#)
            let key = try #require(item["itemKey"] as? String)
            let empty = try await client.execute(uri: "/api/items/\(key)/maintenance", method: .get)
            #expect(empty.status == .ok)
            #expect(try json(empty)["entries"] as? [Any] != nil && (try json(empty)["entries"] as? [Any])?.isEmpty == true)
            #expect(try json(empty)["nextDue"] == nil)

            let first = try await Self.add(client, key, #"{"date":"2026-03-01","note":" New filter ","costInDollars":30,"nextDue":"2026-09-01"}"#)
            #expect(first.status == .created)
            let firstLog = try json(first)
            #expect(firstLog["added"] as? Int == 1)
            #expect(firstLog["nextDue"] as? String == "2026-09-01")
            let version = try #require(firstLog["version"] as? String)
            #expect(first.headers[.eTag] == "\"\(version)\"")

            let earlier = try await Self.add(client, key, #"{"date":"2025-10-01","note":"Inspected","nextDue":null}"#, ifMatch: "\"\(version)\"")
            #expect(earlier.status == .created)
            let log = try json(earlier)
            #expect(log["added"] as? Int == 1)
            let entries = try #require(log["entries"] as? [[String: Any]])
            #expect(entries.map { $0["number"] as? Int } == [1, 2])
            #expect(entries.map { $0["note"] as? String } == ["Inspected", "New filter"])
            #expect(entries[1]["costInDollars"] as? Int == 30)
            #expect(entries[0]["costInDollars"] == nil && entries[0]["nextDue"] == nil)
            // The latest entry says when it is due again.
            #expect(log["nextDue"] as? String == "2026-09-01")
            let shown = try json(try await client.execute(uri: "/api/items/\(key)", method: .get))
            #expect(shown["nextMaintenance"] as? String == "2026-09-01")
            #expect(shown["version"] as? String == log["version"] as? String)

            let stale = try await client.execute(uri: "/api/items/\(key)/maintenance/1", method: .delete, headers: [.ifMatch: "\"\(version)\""])
            #expect(stale.status == .preconditionFailed)
            let removed = try await client.execute(uri: "/api/items/\(key)/maintenance/1", method: .delete, headers: [.ifMatch: try #require(earlier.headers[.eTag])])
            #expect(removed.status == .ok)
            #expect((try json(removed)["entries"] as? [[String: Any]])?.map { $0["note"] as? String } == ["New filter"])
            let listed = try json(try await client.execute(uri: "/api/items/\(key)/maintenance", method: .get))
            #expect((listed["entries"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test("what the API refuses: a bad day, an empty note, a next-due before the work, a cost out of range (422); an entry number that is not there (404) or not a number (400); another item (404)")
    func refusals() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Boiler"}"#)
            let key = try #require(item["itemKey"] as? String)
            for (entry, message) in [
                (#"{"date":"2026-02-30","note":"x"}"#, "a maintenance date must be a date like 2024-03-15, not \"2026-02-30\""),
                (#"{"date":"2026-03-01","note":"   "}"#, "a maintenance entry needs a note saying what was done"),
                (#"{"date":"2026-03-01","note":"x","nextDue":"2026-02-01"}"#, "the next-due date 2026-02-01 is before the work's date 2026-03-01"),
                (#"{"date":"2026-03-01","note":"x","costInDollars":-5}"#, "a maintenance cost must be 0 to 1,000,000,000 whole dollars, not -5"),
                (#"{"date":"2026-03-01","note":"x","costInDollars":9223372036854775807}"#, nil),
                (#"{"date":"1899-12-31","note":"x"}"#, nil),
            ] {
                let response = try await Self.add(client, key, entry)
                #expect(response.status == .unprocessableContent, "\(entry)")
                let answer = try json(response)
                if let message { #expect((answer["error"] as? [String: Any])?["message"] as? String == message) }
            }
            #expect(try await client.execute(uri: "/api/items/\(key)/maintenance/1", method: .delete).status == .notFound)
            for path in ["0", "x", "1e3", "-1", "99999999999999999999"] {
                let response = try await client.execute(uri: "/api/items/\(key)/maintenance/\(path)", method: .delete)
                #expect(response.status == .badRequest, "\(path)")
            }
            let other = "6A8F4F3E-7C1B-4E55-9A61-0D2B3C4D5E6F"
            #expect(try await client.execute(uri: "/api/items/\(other)/maintenance", method: .get).status == .notFound)
            #expect(try await Self.add(client, other, #"{"date":"2026-03-01","note":"x"}"#).status == .notFound)
            let text = try await client.execute(uri: "/api/items/\(key)/maintenance", method: .post, headers: [.contentType: "text/plain"], body: body(Data("x".utf8)))
            #expect(text.status == .unsupportedMediaType)
            #expect((try json(try await client.execute(uri: "/api/items/\(key)/maintenance", method: .get))["entries"] as? [Any])?.isEmpty == true)
        }
    }
}
