import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@testable import HomepwnerPages

@Suite("Pages: where things are (the locations tree, a page per location, the items without one)")
struct PagesPlacesTests {
    /// Drill (120) in House › Garage, two saws (30 each) on its Shelf 2, a lamp (5) nowhere; the
    /// list keeps Attic.
    static func furnish(_ store: ItemStore) async throws {
        var drill = NewItem(name: "Drill", valueInDollars: 120)
        drill.details.location = "House > Garage"
        try await store.add(drill)
        var saw = NewItem(name: "Saw", valueInDollars: 30)
        saw.details.location = "House › Garage › Shelf 2"
        saw.details.quantity = 2
        try await store.add(saw)
        try await store.add(NewItem(name: "Lamp", valueInDollars: 5))
        try await store.addLocation("Attic")
    }

    static func page(_ client: some TestClientProtocol, _ uri: String) async throws -> (HTTPResponse.Status, String) {
        let response = try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders)
        return (response.status, text(response))
    }

    @Test("the locations page nests every location in use or kept under its parents, each with what the filter shows for it and a link to its page; then the items without a location")
    func tree() async throws {
        try await withPages { client, store in
            try await Self.furnish(store)
            let (status, html) = try await Self.page(client, "/locations")
            #expect(status == .ok)
            let tree = """
                <ul class="place-tree place-root">
                <li class="place"><a href="/location?name=Attic" class="place-name">Attic</a> <span class="place-totals">0 items · $0</span></li>
                <li class="place"><a href="/location?name=House" class="place-name">House</a> <span class="place-totals">2 items (3 pieces) · $180</span>\
                <ul class="place-tree"><li class="place"><a href="/location?name=House%20%E2%80%BA%20Garage" class="place-name">Garage</a> \
                <span class="place-totals">2 items (3 pieces) · $180</span><ul class="place-tree"><li class="place">\
                <a href="/location?name=House%20%E2%80%BA%20Garage%20%E2%80%BA%20Shelf%202" class="place-name">Shelf 2</a> \
                <span class="place-totals">1 item (2 pieces) · $60</span></li></ul></li></ul></li>
                </ul>
                """
            #expect(html.contains(tree))
            #expect(html.contains("<p class=\"place-none\"><a href=\"/?noLocation=1\">No location</a> <span class=\"place-totals\">1 item · $5</span></p>"))
        }
    }

    @Test("a location's page: its parents as links, its totals, the locations inside it, and its items with where inside it they are; a name typed with > is the same place")
    func locationPage() async throws {
        try await withPages { client, store in
            try await Self.furnish(store)
            let (status, html) = try await Self.page(client, "/location?name=House%20%3E%20Garage")
            #expect(status == .ok)
            #expect(html.contains("<title>House › Garage — Homepwner</title>"))
            #expect(html.contains("<nav class=\"back\" aria-label=\"Where it is\"><a href=\"/locations\">All locations</a> › <a href=\"/location?name=House\">House</a></nav>"))
            #expect(html.contains("<h1 id=\"location-heading\">Garage</h1>"))
            #expect(html.contains("<p class=\"location-totals\" id=\"location-totals\">2 items (3 pieces) · $180</p>"))
            #expect(html.contains("<li><a href=\"/location?name=House%20%E2%80%BA%20Garage%20%E2%80%BA%20Shelf%202\" class=\"place-name\">Shelf 2</a> <span class=\"place-totals\">1 item (2 pieces) · $60</span></li>"))
            #expect(html.contains("<a href=\"/?location=House%20%E2%80%BA%20Garage\">Show in the inventory</a> · <a href=\"/labels?location=House%20%E2%80%BA%20Garage\">Labels for here</a>"))
            let drill = try #require(try await store.items().first { $0.itemName == "Drill" })
            #expect(html.contains("<tr><th scope=\"row\"><a href=\"/items/\(drill.itemKey)\">Drill</a></th><td data-label=\"Where\">here</td><td class=\"number\" data-label=\"Quantity\">1</td><td class=\"number\" data-label=\"Total\">$120</td></tr>"))
            #expect(html.contains("<td data-label=\"Where\">Shelf 2</td><td class=\"number\" data-label=\"Quantity\">2</td><td class=\"number\" data-label=\"Total\">$60</td>"))

            let (keptStatus, attic) = try await Self.page(client, "/location?name=Attic")
            #expect(keptStatus == .ok)
            #expect(attic.contains("<p class=\"empty\">No items here yet.</p>"))
            for missing in ["/location?name=Cellar", "/location?name=", "/location", "/location?name=%3E"] {
                let (missingStatus, page) = try await Self.page(client, missing)
                #expect(missingStatus == .notFound, "\(missing)")
                #expect(page.contains("<h1>No such item</h1>") || page.contains("No item is at the location"), "\(missing)")
            }
        }
    }

    @Test("the inventory's location menu offers No location with its count; choosing it (> in the menu, noLocation=1 in the URL) shows the items without one, and a location asked for as well wins")
    func noLocationFilter() async throws {
        try await withPages { client, store in
            try await Self.furnish(store)
            let (_, all) = try await Self.page(client, "/")
            #expect(all.contains("<option value=\"&gt;\">No location (1)</option>"))
            for uri in ["/?noLocation=1", "/?location=%3E"] {
                let (status, html) = try await Self.page(client, uri)
                #expect(status == .ok)
                #expect(PagesReportTests.texts(after: "class=\"row-link\">", in: html) == ["Lamp"], "\(uri)")
                #expect(html.contains("<option value=\"&gt;\" selected>No location (1)</option>"), "\(uri)")
                #expect(html.contains("<option value=\"\">Every location</option>"), "\(uri)")
                #expect(html.contains("1 of 3 items matches"), "\(uri)")
            }
            let (_, both) = try await Self.page(client, "/?location=House&noLocation=1")
            #expect(PagesReportTests.texts(after: "class=\"row-link\">", in: both) == ["Drill", "Saw"])
        }
    }
}
