import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Imaging
import KeyedArchive
import Testing
import WebTestSupport

@Suite("The Homepwner item page and its plain forms")
struct PagesItemTests {
    @Test("an item's page shows every field in its input, the date, the photo drop and its script")
    func itemPage() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Guitar", serialNumber: "G-7", valueInDollars: 950))
            let page = try await client.execute(uri: "/items/\(item.itemKey)", method: .get, headers: BrowserForms.pageHeaders)
            #expect(page.status == .ok)
            let html = text(page)
            #expect(html.contains("<input id=\"name\" name=\"name\" value=\"Guitar\""))
            #expect(html.contains("<input id=\"serialNumber\" name=\"serialNumber\" value=\"G-7\""))
            #expect(html.contains("<input id=\"valueInDollars\" name=\"valueInDollars\" value=\"950\""))
            #expect(html.contains("Created on <time datetime=\"2026-11-23T12:00:00Z\">23 Nov 2026</time>"))
            #expect(html.contains("data-key=\"\(item.itemKey)\" data-version=\"\(item.version)\""))
            #expect(html.contains("<script type=\"module\" src=\"/assets/item.js\"></script>"))
            #expect(html.contains("<form method=\"post\" action=\"/items/\(item.itemKey)/photo\" enctype=\"multipart/form-data\""))
        }
    }

    @Test("the plain edit form changes each field and answers 303 to the item; a value that is not whole dollars ends, by a 303, on the page saying why")
    func editByForm() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Guitar"))
            let uri = "/items/\(item.itemKey)"
            let edited = try await client.execute(uri: uri, method: .post, headers: forms.headers, body: body("name=Bass+guitar&serialNumber=B-2&valueInDollars=1%2C100"))
            #expect(edited.status == .seeOther)
            #expect(edited.headers[.location] == uri)
            var stored = try await store.item(item.itemKey)
            #expect(stored.itemName == "Bass guitar")
            #expect(stored.serialNumber == "B-2")
            #expect(stored.valueInDollars == 1100)
            #expect(try await client.execute(uri: uri, method: .post, headers: forms.headers, body: body("serialNumber=")).status == .seeOther)
            stored = try await store.item(item.itemKey)
            #expect(stored.serialNumber == "")
            #expect(stored.itemName == "Bass guitar")
            let refusedPost = try await client.execute(uri: uri, method: .post, headers: forms.headers, body: body("valueInDollars=-3"))
            #expect(refusedPost.status == .seeOther)
            let refused = try #require(try await client.page(after: refusedPost))
            #expect(refused.status == .ok)
            #expect(text(refused).contains("<p class=\"error\" role=\"alert\">A value must be a whole number of dollars from 0 to 1,000,000,000, not &quot;-3&quot;.</p>"))
            let tooLongPost = try await client.execute(uri: uri, method: .post, headers: forms.headers, body: body("serialNumber=" + String(repeating: "9", count: 65)))
            #expect(tooLongPost.status == .seeOther)
            let tooLong = try #require(try await client.page(after: tooLongPost))
            #expect(tooLong.status == .ok)
            #expect(try await store.item(item.itemKey).valueInDollars == 1100)
            let emptyPost = try await client.execute(uri: uri, method: .post, headers: forms.headers, body: body(""))
            #expect(emptyPost.status == .seeOther)
            let empty = try #require(try await client.page(after: emptyPost))
            #expect(empty.status == .ok)
            #expect(text(empty).contains("Give a name, a serial number, a value or a detail."))
        }
    }

    @Test("a plain-form delete asks first, then with confirm=yes deletes the item and its photo and answers 303 to the inventory")
    func deleteByForm() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Old TV"))
            try await store.setImage(try png(), forKey: item.itemKey)
            let askedPost = try await client.execute(uri: "/items/\(item.itemKey)/delete", method: .post, headers: forms.headers, body: body(""))
            #expect(askedPost.status == .seeOther)
            let asked = try #require(try await client.page(after: askedPost))
            #expect(asked.status == .ok)
            #expect(text(asked).contains("<h1>Delete “Old TV”?</h1>"))
            #expect(try await store.items().count == 1)
            let deleted = try await client.execute(uri: "/items/\(item.itemKey)/delete", method: .post, headers: forms.headers, body: body("confirm=yes"))
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/")
            #expect(try await store.items().isEmpty)
            #expect(await store.images.hasImage(forKey: item.itemKey) == false)
            #expect(try await client.execute(uri: "/items/\(item.itemKey)", method: .get).status == .notFound)
        }
    }

    @Test("the plain photo form stores a PNG (303), the table and page then show it; a file that is not a photo ends, by a 303, on its page saying why in words; remove takes it away")
    func photoByForm() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Bike"))
            let uri = "/items/\(item.itemKey)"
            let (headers, upload) = forms.multipart(field: "photo", filename: "bike.png", type: "image/png", data: try png())
            let stored = try await client.execute(uri: "\(uri)/photo", method: .post, headers: headers, body: upload)
            #expect(stored.status == .seeOther)
            #expect(stored.headers[.location] == uri)
            #expect(try await store.images.image(forKey: item.itemKey) == (try png()))
            let list = text(try await client.execute(uri: "/", method: .get))
            #expect(list.contains("<img class=\"thumb\" src=\"/api/items/\(item.itemKey)/thumbnail?v="))
            #expect(list.contains("alt=\"Photo of Bike\""))
            #expect(text(try await client.execute(uri: uri, method: .get)).contains("<img id=\"photo\" class=\"photo\" src=\"/api/items/\(item.itemKey)/photo?v="))
            let (junkHeaders, junk) = forms.multipart(field: "photo", filename: "notes.txt", type: "text/plain", data: Data("not a photo".utf8))
            let refusedPost = try await client.execute(uri: "\(uri)/photo", method: .post, headers: junkHeaders, body: junk)
            #expect(refusedPost.status == .seeOther)
            let refused = try #require(try await client.page(after: refusedPost))
            #expect(refused.status == .ok)
            #expect(text(refused).contains("<p class=\"error\" role=\"alert\">"))
            let (emptyHeaders, empty) = forms.multipart(field: "photo", filename: "", type: "application/octet-stream", data: Data())
            let emptyPost = try await client.execute(uri: "\(uri)/photo", method: .post, headers: emptyHeaders, body: empty)
            #expect(text(try #require(try await client.page(after: emptyPost))).contains("Choose a photo first."))
            let removed = try await client.execute(uri: "\(uri)/photo/delete", method: .post, headers: forms.headers, body: body(""))
            #expect(removed.status == .seeOther)
            #expect(await store.images.hasImage(forKey: item.itemKey) == false)
            #expect(text(try await client.execute(uri: uri, method: .get)).contains("<img id=\"photo\" class=\"photo\" alt=\"\" hidden>"))
        }
    }

    @Test("an unknown item key, or a path that is not a key, is a 404 page")
    func unknownItem() async throws {
        try await withPages { client, _ in
            let missing = try await client.execute(uri: "/items/\(UUID().uuidString)", method: .get, headers: BrowserForms.pageHeaders)
            #expect(missing.status == .notFound)
            #expect(text(missing).contains("<h1>No such item</h1>"))
            #expect(try await client.execute(uri: "/items/not-a-key", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/items/%3Cscript%3E/delete", method: .post, headers: forms.headers, body: body("confirm=yes")).status == .notFound)
        }
    }

    @Test("a damaged archive is shown read-only with the repair command, and a refused form ends, by a 303, on that page saying nothing changed, leaving the file as it was")
    func damagedArchive() async throws {
        let garbage = Data("bplist00 this is not an archive".utf8)
        try await withPages(prepare: { folder in
            try garbage.write(to: folder.appendingPathComponent("items.archive"))
        }) { client, store in
            let list = text(try await client.execute(uri: "/", method: .get))
            #expect(list.contains("<strong>This inventory cannot be changed right now.</strong>"))
            #expect(list.contains("<code class=\"command\">homepwner check --repair --data-dir /data</code>"))
            #expect(!list.contains("id=\"add-form\""))
            let refusedPost = try await client.execute(uri: "/items", method: .post, headers: forms.headers, body: body("name=Chair"))
            #expect(refusedPost.status == .seeOther)
            let refused = try #require(try await client.page(after: refusedPost))
            #expect(refused.status == .ok)
            #expect(text(refused).contains("<code class=\"command\">homepwner check --repair --data-dir /data</code>"))
            #expect(try Data(contentsOf: store.archiveURL) == garbage)
        }
    }

    @Test("a damaged archive's salvaged items are listed with their values and total, without delete buttons; their pages have no forms, and a form sent anyway ends, by a 303, on a page saying nothing changed")
    func damagedArchiveWithSalvagedItems() async throws {
        let key = "0C4F2B8E-7D1A-4E3B-9A5C-2F6D8E1B3A7C"
        // Element 0 refers to object 40 of 10: the archive is damaged; element 1, an item, still reads.
        let damaged = try damagedArchiveBytes(key: key, name: "Salvaged <b>lamp</b>")
        try await withPages(prepare: { folder in
            try damaged.write(to: folder.appendingPathComponent("items.archive"))
        }) { client, store in
            let list = text(try await client.execute(uri: "/", method: .get))
            #expect(list.contains("<strong>This inventory cannot be changed right now.</strong>"))
            #expect(list.contains("<a href=\"/items/\(key)\" class=\"row-link\">Salvaged &lt;b&gt;lamp&lt;/b&gt;</a>"))
            #expect(list.contains("id=\"total\">$75</td>"))
            #expect(!list.contains("class=\"delete-form\""))
            #expect(!list.contains("<form method=\"post\""))
            let page = text(try await client.execute(uri: "/items/\(key)", method: .get))
            #expect(page.contains("<dt>Serial number</dt><dd>S-1</dd>"))
            #expect(!page.contains("<form"))
            #expect(!page.contains("<script"))
            let refusedPost = try await client.execute(uri: "/items/\(key)", method: .post, headers: forms.headers, body: body("name=Renamed"))
            #expect(refusedPost.status == .seeOther)
            let refused = try #require(try await client.page(after: refusedPost))
            #expect(refused.status == .ok)
            #expect(text(refused).contains("<p class=\"error\" role=\"alert\">Nothing was changed: this inventory can only be read until it is repaired (see above).</p>"))
            #expect(try Data(contentsOf: store.archiveURL) == damaged)
        }
    }
}

/// A 120×80 PNG.
func png() throws -> Data {
    try PNGEncoder.encode(PixelImage(width: 120, height: 80, channels: 3) { x, _ in x < 60 ? [200, 30, 30] : [30, 30, 200] })
}
