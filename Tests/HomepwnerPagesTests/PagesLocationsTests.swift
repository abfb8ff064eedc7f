import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("The Homepwner locations page and its plain forms")
struct PagesLocationsTests {
    @Test("the page lists each location with its item count; add, rename and remove by plain form each answer 303 to the page")
    func addRenameRemove() async throws {
        try await withPages { client, store in
            let empty = text(try await client.execute(uri: "/locations", method: .get, headers: BrowserForms.pageHeaders))
            #expect(empty.contains("<p class=\"empty\">No locations yet.</p>"))
            let added = try await client.execute(uri: "/locations", method: .post, headers: forms.headers, body: body("name=House+%E2%80%BA+Garage"))
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/locations")
            var draft = NewItem(name: "Drill")
            draft.details.location = "House › Garage"
            let drill = try await store.add(draft)
            let page = text(try await client.execute(uri: "/locations", method: .get, headers: BrowserForms.pageHeaders))
            #expect(page.contains("<span class=\"location-name\">House › Garage</span> <span class=\"location-count\">1 item</span>"))
            let renamed = try await client.execute(uri: "/locations/rename", method: .post, headers: forms.headers, body: body("from=House+%E2%80%BA+Garage&to=Home+%E2%80%BA+Garage"))
            #expect(renamed.status == .seeOther)
            #expect(try await store.locations().names == ["Home › Garage"])
            #expect(try await store.item(drill.itemKey).location == "Home › Garage")
            let removed = try await client.execute(uri: "/locations/remove", method: .post, headers: forms.headers, body: body("name=Home+%E2%80%BA+Garage"))
            #expect(removed.status == .seeOther)
            #expect(try await store.locations().names == [])
        }
    }

    @Test("a refused location ends, by a 303, on the page saying why; the item page offers the kept locations")
    func refusalAndChoices() async throws {
        try await withPages { client, store in
            try await store.addLocation("Attic")
            let posted = try await client.execute(uri: "/locations", method: .post, headers: forms.headers, body: body("name=Attic"))
            #expect(posted.status == .seeOther)
            let page = text(try #require(try await client.page(after: posted)))
            #expect(page.contains("<p class=\"error\" role=\"alert\">&quot;Attic&quot; is already in the list of locations.</p>"))
            let item = try await store.add(NewItem(name: "Lamp"))
            let itemPage = text(try await client.execute(uri: "/items/\(item.itemKey)", method: .get, headers: BrowserForms.pageHeaders))
            #expect(itemPage.contains("<datalist id=\"location-choices\"><option value=\"Attic\"></option></datalist>"))
        }
    }
}
