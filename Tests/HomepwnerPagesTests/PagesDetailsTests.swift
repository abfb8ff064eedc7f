import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("The Homepwner pages show and take an item's details")
struct PagesDetailsTests {
    static func drill() -> NewItem {
        var draft = NewItem(name: "Drill")
        draft.details.location = "House › Garage"
        draft.details.labels = ["tools", "power"]
        draft.details.quantity = 2
        draft.details.purchaseDate = .some(Date(timeIntervalSinceReferenceDate: 732_153_600))  // 2024-03-15
        draft.details.pricePaid = .some(1_200)
        draft.details.notes = "two\nlines <b>"
        draft.details.manufacturer = "Bosch"
        return draft
    }

    @Test("the item page puts each detail in its field (dates as date inputs, labels comma-separated) and offers the items' locations")
    func itemPageFields() async throws {
        try await withPages { client, store in
            let item = try await store.add(Self.drill())
            var other = NewItem(name: "Saw")
            other.details.location = "Attic"
            try await store.add(other)
            let html = text(try await client.execute(uri: "/items/\(item.itemKey)", method: .get, headers: BrowserForms.pageHeaders))
            #expect(html.contains("<input id=\"location\" name=\"location\" value=\"House › Garage\" maxlength=\"200\" list=\"location-choices\""))
            #expect(html.contains("<datalist id=\"location-choices\"><option value=\"Attic\"></option><option value=\"House › Garage\"></option></datalist>"))
            #expect(html.contains("<input id=\"labels\" name=\"labels\" value=\"tools, power\""))
            #expect(html.contains("<input id=\"quantity\" name=\"quantity\" value=\"2\""))
            #expect(html.contains("<input type=\"date\" id=\"purchaseDate\" name=\"purchaseDate\" value=\"2024-03-15\""))
            #expect(html.contains("<input type=\"date\" id=\"warrantyEnds\" name=\"warrantyEnds\" value=\"\""))
            #expect(html.contains("<input id=\"pricePaid\" name=\"pricePaid\" value=\"1200\""))
            #expect(html.contains(">two\nlines &lt;b&gt;</textarea>"))
            #expect(html.contains("<p id=\"notes-state\" class=\"save-state\" role=\"status\" aria-live=\"polite\"></p>"))
        }
    }

    @Test("the plain edit form sets every detail, and empty fields clear them")
    func editDetailsByForm() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Drill"))
            let uri = "/items/\(item.itemKey)"
            let form = "location=House+%E2%80%BA+Garage&labels=tools%2C+power%2C+tools&quantity=3&purchaseDate=2024-03-15&pricePaid=%241%2C200"
                + "&purchasedFrom=Store&warrantyEnds=2027-03-15&warrantyNotes=call&notes=a%0D%0Ab&modelName=DR-9&manufacturer=Bosch"
            let edited = try await client.execute(uri: uri, method: .post, headers: forms.headers, body: body(form))
            #expect(edited.status == .seeOther)
            var stored = try await store.item(item.itemKey)
            #expect(stored.location == "House › Garage")
            #expect(stored.labels == ["tools", "power"])
            #expect(stored.quantity == 3)
            #expect(stored.purchaseDate?.timeIntervalSinceReferenceDate == 732_153_600)
            #expect(stored.pricePaid == 1_200)
            #expect(stored.purchasedFrom == "Store")
            #expect(stored.warrantyEnds.flatMap(ItemRules.dayText) == "2027-03-15")
            #expect(stored.warrantyNotes == "call")
            #expect(stored.notes == "a\nb")
            #expect(stored.modelName == "DR-9")
            #expect(stored.manufacturer == "Bosch")
            let cleared = "location=&labels=&quantity=&purchaseDate=&pricePaid=&purchasedFrom=&warrantyEnds=&warrantyNotes=&notes=&modelName=&manufacturer="
            #expect(try await client.execute(uri: uri, method: .post, headers: forms.headers, body: body(cleared)).status == .seeOther)
            stored = try await store.item(item.itemKey)
            #expect(!stored.hasDetails)
            #expect(stored.itemName == "Drill")
        }
    }

    @Test("a refused detail ends, by a 303, on the item's page saying why, and nothing changes")
    func refusedDetail() async throws {
        try await withPages { client, store in
            let item = try await store.add(Self.drill())
            let posted = try await client.execute(uri: "/items/\(item.itemKey)", method: .post, headers: forms.headers, body: body("purchaseDate=2024-02-30&notes=changed"))
            #expect(posted.status == .seeOther)
            let page = try #require(try await client.page(after: posted))
            #expect(text(page).contains("<p class=\"error\" role=\"alert\">A purchase date must be a date like 2024-03-15, not &quot;2024-02-30&quot;.</p>"))
            #expect(try await store.item(item.itemKey).version == item.version)
        }
    }

    @Test("the add form takes details; a refusal keeps what was typed in the details, shown open")
    func addWithDetails() async throws {
        try await withPages { client, store in
            let list = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(list.contains("<input id=\"new-location\" name=\"location\" value=\"\""))
            #expect(list.contains("<details class=\"more-details\">"))
            let added = try await client.execute(uri: "/items", method: .post, headers: forms.headers, body: body("name=Drill&location=Garage&labels=tools&warrantyEnds=2027-03-15"))
            #expect(added.status == .seeOther)
            let items = try await store.items()
            #expect(items.count == 1)
            #expect(items.first?.location == "Garage")
            #expect(items.first?.labels == ["tools"])
            #expect(added.headers[.location] == "/items/\(try #require(items.first?.itemKey))")
            let refusedPost = try await client.execute(uri: "/items", method: .post, headers: forms.headers, body: body("name=Saw&modelName=SW-1&quantity=0"))
            #expect(refusedPost.status == .seeOther)
            let refused = text(try #require(try await client.page(after: refusedPost)))
            #expect(refused.contains("A quantity must be 1 to 1,000,000, not 0."))
            #expect(refused.contains("<details class=\"more-details\" open>"))
            #expect(refused.contains("<input id=\"new-modelName\" name=\"modelName\" value=\"SW-1\""))
            #expect(try await store.items().count == 1)
        }
    }

    @Test("a read-only page (damaged archive) lists the details that are set, and only those")
    func readOnlyDetails() async throws {
        let key = "0C4F2B8E-7D1A-4E3B-9A5C-2F6D8E1B3A7C"
        let damaged = try damagedArchiveBytes(key: key, name: "Drill", details: [("location", "Garage"), ("notes", "a\nb <i>")])
        try await withPages(prepare: { folder in
            try damaged.write(to: folder.appendingPathComponent("items.archive"))
        }) { client, _ in
            let html = text(try await client.execute(uri: "/items/\(key)", method: .get))
            #expect(html.contains("<dt>Location</dt><dd class=\"detail-text\">Garage</dd>"))
            #expect(html.contains("<dt>Notes</dt><dd class=\"detail-text\">a\nb &lt;i&gt;</dd>"))
            #expect(!html.contains("<dt>Labels</dt>"))
            #expect(!html.contains("<fieldset class=\"detail-fields\">"))
        }
    }
}

@Suite("The Homepwner item page lists and takes attachments")
struct PagesAttachmentTests {
    @Test("the plain upload form attaches a PDF (303 to the item), the page lists it as a download, and the remove form removes it")
    func uploadListRemove() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Boiler"))
            let pdf = Data("%PDF-1.4\n%%EOF\n".utf8)
            let (headers, form) = fileUpload(pdf, fileName: "manual.pdf", type: "application/pdf")
            let posted = try await client.execute(uri: "/items/\(item.itemKey)/attachments", method: .post, headers: headers, body: body(form))
            #expect(posted.status == .seeOther)
            let name = "\(item.itemKey).attachment-1-manual.pdf"
            #expect(try await store.attachments.attachments(forKey: item.itemKey).map(\.storedName) == [name])
            let page = text(try await client.execute(uri: "/items/\(item.itemKey)", method: .get, headers: BrowserForms.pageHeaders))
            #expect(page.contains("<a href=\"/api/items/\(item.itemKey)/attachments/\(name)\" download=\"manual.pdf\" class=\"attachment-link\">manual.pdf</a>"))
            let removed = try await client.execute(uri: "/items/\(item.itemKey)/attachments/\(name)/delete", method: .post, headers: forms.headers, body: body(""))
            #expect(removed.status == .seeOther)
            #expect(try await store.attachments.attachments(forKey: item.itemKey) == [])
        }
    }
}
