import Foundation
import HTTPTypes
import HummingbirdTesting
import ImagingSamples
import KeyedArchive
import ScaryCreatures
import Testing
import WebTestSupport

@Suite("Scary Creatures API and pages on a creature of a newer model version")
struct ModelVersionRouteTests {
    /// Creature data whose `Version` is `version` (newer than this program's 1).
    static func creature(version: Int64) throws -> Data {
        let written = try CreatureLayout.scaryCreatures.encode(ScaryCreatureData(title: "Ghost", rating: 2))
        guard case .dictionary(var root) = try PropertyList(data: written), case .array(var objects) = root["$objects"],
              let index = objects.firstIndex(where: { $0["Title"] != nil }), case .dictionary(var fields) = objects[index] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        fields["Version"] = .integer(version)
        objects[index] = .dictionary(fields)
        root["$objects"] = .array(objects)
        return try PropertyList.dictionary(root).encoded(as: .binary)
    }

    @Test("GET shows it; PATCH, DELETE and photo PUT/DELETE are 409 newer_model naming both versions; a page form ends on its page saying so; the file stays")
    func newerCreatureIsReadOnly() async throws {
        try await withApp { client, folder in
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            #expect(created.status == .created)
            let url = folder.appendingPathComponent("1.scarycreature/Data.plist")
            let newer = try Self.creature(version: 9)
            try newer.write(to: url)
            let shown = try await client.execute(uri: "/api/creatures/1", method: .get)
            #expect(shown.status == .ok)
            #expect(try json(shown)["title"] as? String == "Ghost")
            let message = "the Data.plist of creature 1 was written by model version 9; this scary-creatures knows up to 2 and opens it read-only; nothing was changed"
            let answers = [
                try await client.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(#"{"rating":4}"#)),
                try await client.execute(uri: "/api/creatures/1", method: .delete),
                try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png())),
                try await client.execute(uri: "/api/creatures/1/photo", method: .delete),
            ]
            for answer in answers {
                #expect(answer.status == .conflict)
                #expect(try errorCode(answer) == "newer_model")
                #expect(try errorMessage(answer) == message)
            }
            let posted = try await client.execute(uri: "/creatures/1", method: .post, headers: forms.headers, body: forms.body("title=Renamed"))
            #expect(posted.status == .seeOther)
            let page = try #require(try await client.page(after: posted))
            #expect(text(page).contains("The Data.plist of creature 1 was written by model version 9; this scary-creatures knows up to 2 and opens it read-only; nothing was changed."))
            #expect(try Data(contentsOf: url) == newer)
        }
    }
}
