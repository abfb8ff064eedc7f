import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeyedArchive
import Testing
import WebTestSupport

@Suite("The Homepwner pages on an items.archive of a newer model version")
struct PagesModelVersionTests {
    @Test("the list shows the items with a read-only notice naming both versions and no add form; a form sent anyway ends on the item page saying nothing changed; the file stays")
    func newerArchiveIsReadOnly() async throws {
        let key = "0C4F2B8E-7D1A-4E3B-9A5C-2F6D8E1B3A7C"
        let archiver = KeyedArchiver()
        archiver.encode(ItemArchive(items: [Item(itemName: "Lamp", valueInDollars: 40, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: key)]), forKey: "root")
        archiver.encode(9, forKey: "modelVersion")
        let newer = try archiver.encodedData()
        try await withPages(prepare: { folder in
            try newer.write(to: folder.appendingPathComponent("items.archive"))
        }) { client, store in
            let list = text(try await client.execute(uri: "/", method: .get))
            #expect(list.contains("<strong>This inventory can only be read here.</strong> items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only."))
            #expect(list.contains("<a href=\"/items/\(key)\" class=\"row-link\">Lamp</a>"))
            #expect(!list.contains("id=\"add-form\""))
            #expect(!list.contains("check --repair"))
            let refusedPost = try await client.execute(uri: "/items/\(key)", method: .post, headers: forms.headers, body: body("name=Renamed"))
            #expect(refusedPost.status == .seeOther)
            let refused = try #require(try await client.page(after: refusedPost))
            #expect(refused.status == .ok)
            #expect(text(refused).contains("<p class=\"error\" role=\"alert\">Nothing was changed: this inventory was written by a newer Homepwner and can only be read here (see above).</p>"))
            #expect(try Data(contentsOf: store.archiveURL) == newer)
        }
    }
}
