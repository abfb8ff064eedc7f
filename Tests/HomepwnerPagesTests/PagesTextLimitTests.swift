import Foundation
import Homepwner
import HTTPTypes
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("The pages: text limits in bytes")
struct PagesTextLimitTests {
    @Test("the add and edit forms refuse a name past 800 bytes of UTF-8 and a serial number past 256, saying why")
    func formsRefuse() async throws {
        try await withPages { client, store in
            let longName = "a" + String(repeating: "%CC%81", count: 400)  // one character, 801 bytes
            let addedPost = try await client.execute(uri: "/items", method: .post, headers: forms.headers, body: body("name=\(longName)"))
            #expect(addedPost.status == .seeOther)
            let added = try #require(try await client.page(after: addedPost))
            #expect(added.status == .ok)
            #expect(text(added).contains("<p class=\"error\" id=\"add-error\" role=\"alert\">A name can have at most 800 bytes of UTF-8, not 801.</p>"))
            #expect(try await store.items().isEmpty)
            let item = try await store.add(NewItem(name: "Lamp"))
            let serial = "1" + String(repeating: "%CC%81", count: 128)  // one character, 257 bytes
            let editedPost = try await client.execute(uri: "/items/\(item.itemKey)", method: .post, headers: forms.headers, body: body("serialNumber=\(serial)"))
            #expect(editedPost.status == .seeOther)
            let edited = try #require(try await client.page(after: editedPost))
            #expect(edited.status == .ok)
            #expect(text(edited).contains("<p class=\"error\" role=\"alert\">A serial number can have at most 256 bytes of UTF-8, not 257.</p>"))
            #expect(try await store.item(item.itemKey).serialNumber == "")
        }
    }

    @Test("an item stored with a name past the byte limit still shows, with its problem")
    func storedLongName() async throws {
        let name = "a" + String(repeating: "\u{301}", count: 1_000)
        let item = Item(itemName: name, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: "0E8A6F52-1C3B-4D5E-8F90-000000000001")
        try await withPages(prepare: { folder in
            try ItemArchive(items: [item]).encoded().write(to: folder.appendingPathComponent("items.archive"))
        }) { client, _ in
            let page = try await client.execute(uri: "/items/\(item.itemKey)", method: .get, headers: BrowserForms.pageHeaders)
            #expect(page.status == .ok)
            #expect(text(page).contains(name))
            #expect(text(page).contains("The name has 2001 bytes of UTF-8, more than 800."))
        }
    }
}
