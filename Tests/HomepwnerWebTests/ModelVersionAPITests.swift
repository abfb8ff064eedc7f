import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import ImagingSamples
import KeyedArchive
import Testing
import WebTestSupport

@Suite("Homepwner API on an items.archive of a newer model version")
struct ModelVersionAPITests {
    static let key = "6A8F4F3E-7C1B-4E55-9A61-0D2B3C4D5E6F"

    /// An items.archive recording model version 9 (newer than this homepwner's 3), one item.
    static func newerArchive() throws -> Data {
        let archiver = KeyedArchiver()
        archiver.encode(ItemArchive(items: [Item(itemName: "Lamp", valueInDollars: 40, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: key)]), forKey: "root")
        archiver.encode(9, forKey: "modelVersion")
        return try archiver.encodedData()
    }

    @Test("the list says read-only and why; POST, PATCH, DELETE and photo PUT/DELETE are 409 newer_model naming both versions; the file stays as it was")
    func newerArchiveIsReadOnly() async throws {
        let newer = try Self.newerArchive()
        try await withApp(archive: newer) { client, folder in
            let list = try json(try await client.execute(uri: "/api/items", method: .get))
            #expect(list["readOnly"] as? Bool == true)
            #expect(list["count"] as? Int == 1)
            #expect(list["problem"] as? String == "items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only; nothing can be changed here (use a homepwner that knows its version)")
            let message = "items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only; nothing was changed"
            let item = "/api/items/\(Self.key)"
            let answers = [
                try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(#"{"name":"Chair"}"#)),
                try await client.execute(uri: item, method: .patch, headers: jsonHeaders, body: body(#"{"valueInDollars":5}"#)),
                try await client.execute(uri: item, method: .delete),
                try await client.execute(uri: "\(item)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png())),
                try await client.execute(uri: "\(item)/photo", method: .delete),
            ]
            for answer in answers {
                #expect(answer.status == .conflict)
                #expect(try errorCode(answer) == "newer_model")
                #expect(try errorMessage(answer) == message)
            }
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive")) == newer)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") } == ["items.archive"])
        }
    }
}
