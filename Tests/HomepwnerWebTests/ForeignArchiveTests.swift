import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import KeyedArchive
import Testing
import WebTestSupport

@Suite("Homepwner API: archives written elsewhere, and edits that race")
struct ForeignArchiveTests {
    @Test("items against the rules list with their problems, entries of other classes are counted and kept, a non-UUID key cannot be addressed")
    func foreignItems() async throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789.000_000_5)
        let archive = ItemArchive(entries: [
            .item(Item(itemName: "Old radio", serialNumber: "", valueInDollars: -3, dateCreated: date, itemKey: "radio")),
            .other(.string("a note another program left")),
            .item(Item(itemName: "Clock", valueInDollars: 40, dateCreated: date, itemKey: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")),
        ])
        try await withApp(archive: try archive.encoded()) { client, folder in
            let list = try json(try await client.execute(uri: "/api/items", method: .get))
            #expect(list["count"] as? Int == 2)
            #expect(list["otherEntryCount"] as? Int == 1)
            #expect(list["totalValueInDollars"] as? Int == 37)
            let items = try #require(list["items"] as? [[String: Any]])
            #expect(items.map { $0["itemKey"] as? String } == ["radio", "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"])
            #expect(items[0]["dateCreated"] as? String == "2004-11-29T21:33:09.000000Z")
            #expect((items[0]["dateCreatedSeconds"] as? Double)?.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern)
            #expect((items[0]["problems"] as? [String])?.isEmpty == false)
            #expect((items[1]["problems"] as? [String]) == [])
            #expect(try await client.execute(uri: "/api/items/radio", method: .get).status == .badRequest)
            // An edit through the API rewrites the archive with the other entry still in place.
            let patch = try await client.execute(
                uri: "/api/items/0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0", method: .patch, headers: jsonHeaders, body: body(#"{"valueInDollars":41}"#)
            )
            #expect(patch.status == .ok)
            let stored = try await ItemStore.open(at: folder, readOnly: true).archiveContents()
            #expect(stored.entries.count == 3)
            #expect(stored.entries[1] == .other(.string("a note another program left")))
            #expect(stored.items.map(\.valueInDollars) == [-3, 41])
        }
    }

    @Test("eight PATCHes with the same If-Match at once: exactly one is applied, seven are 412")
    func racingEdits() async throws {
        try await withApp { client, folder in
            let item = try await addItem(client, #"{"name":"Lamp"}"#)
            let key = try #require(item["itemKey"] as? String)
            let tag = "\"\(try #require(item["version"] as? String))\""
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for value in 1...8 {
                    group.addTask {
                        try await client.execute(
                            uri: "/api/items/\(key)", method: .patch, headers: [.contentType: "application/json", .ifMatch: tag],
                            body: body(#"{"valueInDollars":\#(value)}"#)
                        ).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .preconditionFailed }.count == 7)
            let stored = try await ItemStore.open(at: folder, readOnly: true).item(key)
            #expect((1...8).contains(stored.valueInDollars))
        }
    }
}
