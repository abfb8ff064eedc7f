import Foundation
import Homepwner
import HTTPTypes
import HummingbirdTesting
import Testing
import TestSupport
import WebTestSupport

@Suite("The import page's Export everything link, and a full export imported into an empty inventory")
struct PagesMoveInTests {
    /// The multipart body of the Import everything form holding `zip` as `name`.
    static func upload(_ zip: Data, name: String) -> (headers: HTTPFields, body: Data) {
        fileUpload(zip, fileName: name, type: "application/zip")
    }

    /// A full export of an inventory of two items, and a stray file.
    static func exportOfTwo() async throws -> Data {
        try await withTemporaryFolder { folder in
            let store = ItemStore(storage: .folder(folder.appendingPathComponent("data")))
            try await store.add(NewItem(name: "Lamp", valueInDollars: 5))
            try await store.add(NewItem(name: "Desk", valueInDollars: 50))
            let zip = folder.appendingPathComponent("out.zip")
            try await store.exportInventory(to: zip)
            try await store.close()
            return try Data(contentsOf: zip)
        }
    }

    @Test("an empty inventory offers the form; the zip is imported and the page says what came in; with items the page says why there is no form")
    func moveIn() async throws {
        let zip = try await Self.exportOfTwo()
        try await withPages { client, store in
            let empty = text(try await client.execute(uri: "/import", method: .get, headers: BrowserForms.pageHeaders))
            #expect(empty.contains("<a href=\"/api/export\" download id=\"export-everything\">Export everything (.zip)</a>"))
            #expect(empty.contains("id=\"import-everything-form\""))
            let (headers, form) = Self.upload(zip, name: "homepwner-2026-11-26.zip")
            let posted = try await client.execute(uri: "/import-everything", method: .post, headers: headers, body: body(form))
            #expect(posted.status == .ok)
            let page = text(posted)
            #expect(page.contains("<h1 id=\"move-in-heading\" tabindex=\"-1\">Imported homepwner-2026-11-26.zip</h1>"))
            #expect(page.contains("<p class=\"import-summary\" id=\"import-summary\" role=\"status\">Imported 2 items, 0 photos and 0 attachments; 0 locations added to the list.</p>"))
            #expect(page.contains("<table class=\"import-rows\" id=\"skipped-files\" hidden>"))
            #expect(try await store.items().map(\.itemName) == ["Lamp", "Desk"])

            let full = text(try await client.execute(uri: "/import", method: .get, headers: BrowserForms.pageHeaders))
            #expect(!full.contains("id=\"import-everything-form\""))
            #expect(full.contains("this one has 2 items: import it on a new machine, or into an empty data folder with <code>homepwner import</code>."))
            // Sent again anyway (an old tab): refused with the reason, nothing changes.
            let again = try await client.execute(uri: "/import-everything", method: .post, headers: headers, body: body(form))
            #expect(again.status == .seeOther)
            let back = try #require(try await client.page(after: again))
            #expect(text(back).contains("has 2 items; a full export is imported only into an inventory with no items, so nothing was imported.</p>"))
            #expect(try await store.items().count == 2)
        }
    }

    @Test("files of the zip that were left out are listed on the page with the reason (the table was hidden whatever the import skipped)")
    func skippedFilesListed() async throws {
        let zip = try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("hand.zip")
            try writeZip([
                ("Documents/items.archive", try ItemArchive(items: [Item(itemName: "Lamp", valueInDollars: 5, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: "0F1E2D3C-4B5A-4978-8796-A5B4C3D2E1F0")]).encoded(), true),
                ("Documents/notes.txt", Data("hi".utf8), false),
            ], to: url)
            return try Data(contentsOf: url)
        }
        try await withPages { client, store in
            let (headers, form) = Self.upload(zip, name: "hand.zip")
            let posted = try await client.execute(uri: "/import-everything", method: .post, headers: headers, body: body(form))
            #expect(posted.status == .ok)
            let page = text(posted)
            #expect(page.contains("<table class=\"import-rows\" id=\"skipped-files\">"))
            #expect(page.contains("<td class=\"file-name\">Documents/notes.txt</td><td>It is not part of an inventory (the archive, the list of locations, a photo or an attachment).</td>"))
            #expect(try await store.items().map(\.itemName) == ["Lamp"])
        }
    }

    @Test("a file that is not a zip, or no file, goes back to the form with the reason")
    func refusals() async throws {
        try await withPages { client, store in
            let (headers, form) = Self.upload(Data("hello".utf8), name: "notes.zip")
            let posted = try await client.execute(uri: "/import-everything", method: .post, headers: headers, body: body(form))
            #expect(posted.status == .seeOther)
            let back = try #require(try await client.page(after: posted))
            #expect(text(back).contains("<p class=\"error\" id=\"import-error\" role=\"alert\">Notes.zip is not a zip file; choose a .zip that Export made.</p>"))
            let (noHeaders, noFile) = Self.upload(Data(), name: "")
            let none = try await client.execute(uri: "/import-everything", method: .post, headers: noHeaders, body: body(noFile))
            let missing = try #require(try await client.page(after: none))
            #expect(text(missing).contains("Choose the zip that Export everything made first."))
            #expect(try await store.items().isEmpty)
        }
    }
}
