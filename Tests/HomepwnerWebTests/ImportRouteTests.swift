import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("POST /api/items/import and GET /api/items.csv?bom=true")
struct ImportRouteTests {
    static let csvHeaders: HTTPFields = [.contentType: "text/csv"]

    @Test("a dry run answers the preview and changes nothing; the import applies it; an unedited export imported back changes nothing")
    func dryRunThenImport() async throws {
        try await withApp { client, _ in
            let lamp = try await addItem(client, #"{"name":"Lamp","valueInDollars":5}"#)
            let key = try #require(lamp["itemKey"] as? String)
            let export = try await client.execute(uri: "/api/items.csv?bom=true", method: .get)
            #expect(export.status == .ok)
            let bytes = Data(String(buffer: export.body).utf8)
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            let plain = Data(String(buffer: try await client.execute(uri: "/api/items.csv", method: .get).body).utf8)
            #expect(bytes.dropFirst(3) == plain)

            let unchanged = try json(try await client.execute(uri: "/api/items/import", method: .post, headers: Self.csvHeaders, body: body(bytes)))
            #expect(unchanged["unchangedCount"] as? Int == 1)
            #expect((unchanged["changed"] as? [Any])?.isEmpty == true && (unchanged["added"] as? [Any])?.isEmpty == true)

            var text = try #require(String(data: plain, encoding: .utf8))
            text = text.replacingOccurrences(of: "Lamp,,5,", with: "Lamp,,7,") + "Desk,,50\r\nSaw,,lots\r\n"
            let preview = try json(try await client.execute(uri: "/api/items/import?dryRun=true", method: .post, headers: Self.csvHeaders, body: body(text)))
            #expect(preview["applied"] as? Bool == false)
            let changed = try #require((preview["changed"] as? [[String: Any]])?.first)
            #expect(changed["itemKey"] as? String == key && changed["columns"] as? [String] == ["Value Each in Dollars"] && changed["line"] as? Int == 2)
            #expect((preview["added"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Desk"])
            let refused = try #require((preview["refused"] as? [[String: Any]])?.first)
            #expect(refused["line"] as? Int == 4)
            #expect(refused["reason"] as? String == "a value must be a whole number of dollars from 0 to 1,000,000,000, not \"lots\"")
            #expect(try json(try await client.execute(uri: "/api/items/\(key)", method: .get))["valueInDollars"] as? Int == 5)

            let applied = try json(try await client.execute(uri: "/api/items/import", method: .post, headers: Self.csvHeaders, body: body(text)))
            #expect(applied["applied"] as? Bool == true)
            #expect(try json(try await client.execute(uri: "/api/items/\(key)", method: .get))["valueInDollars"] as? Int == 7)
            let list = try json(try await client.execute(uri: "/api/items", method: .get))
            #expect((list["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Lamp", "Desk"])
        }
    }

    @Test("a file that is no CSV is 422 with the line, another media type 415, never a 500")
    func refusals() async throws {
        try await withApp { client, _ in
            let broken = try await client.execute(uri: "/api/items/import", method: .post, headers: Self.csvHeaders, body: body("Name\n\"open\n"))
            #expect(broken.status == .unprocessableContent)
            #expect(try errorMessage(broken) == "line 2: a quoted field is never closed")
            let empty = try await client.execute(uri: "/api/items/import", method: .post, headers: Self.csvHeaders, body: body(""))
            #expect(empty.status == .unprocessableContent || empty.status == .badRequest)
            let noName = try await client.execute(uri: "/api/items/import", method: .post, headers: Self.csvHeaders, body: body("Colour\nred\n"))
            #expect(noName.status == .unprocessableContent)
            let json = try await client.execute(uri: "/api/items/import", method: .post, headers: jsonHeaders, body: body("{}"))
            #expect(json.status == .unsupportedMediaType)
        }
    }
}
