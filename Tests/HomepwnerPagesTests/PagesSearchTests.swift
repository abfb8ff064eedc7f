import Foundation
@testable import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("The inventory page searches, filters and pages")
struct PagesSearchTests {
    static func add(_ store: ItemStore, _ name: String, _ value: Int, location: String? = nil, labels: [String]? = nil) async throws {
        var draft = NewItem(name: name, valueInDollars: value)
        draft.details.location = location
        draft.details.labels = labels
        try await store.add(draft)
    }

    /// The names of the rows on `html`, in order.
    static func rows(_ html: String) -> [String] {
        html.components(separatedBy: "class=\"row-link\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test("a search and the location and label menus narrow the table; the count and totals say what matched of how much")
    func searchAndFilters() async throws {
        try await withPages(storeNow: steppingClock()) { client, store in
            try await Self.add(store, "Drill", 120, location: "House › Garage", labels: ["tools"])
            try await Self.add(store, "Éclair tin", 8, location: "House › Attic")
            try await Self.add(store, "Saw", 30, location: "House › Garage › Shelf 2", labels: ["tools"])
            try await Self.add(store, "eclair mould", 12)
            let found = text(try await client.execute(uri: "/?q=ECLAIR", method: .get))
            #expect(Self.rows(found) == ["Éclair tin", "eclair mould"])
            #expect(found.contains("id=\"count\" role=\"status\">2 of 4 items match, worth $20 of $170 in all</p>"))
            #expect(found.contains("<input type=\"search\" id=\"q\" name=\"q\" maxlength=\"200\" autocomplete=\"off\" value=\"ECLAIR\""))
            #expect(found.contains("<th scope=\"row\" colspan=\"4\">Total value of the matches</th><td class=\"num\" id=\"total\">$20</td>"))

            let garage = text(try await client.execute(uri: "/?location=House%20%E2%80%BA%20Garage&sort=value-desc", method: .get))
            #expect(Self.rows(garage) == ["Drill", "Saw"])
            // The menu counts what its filter shows: the location and what is inside it.
            #expect(garage.contains("<option value=\"House › Garage\" selected>House › Garage (2)</option>"))
            #expect(garage.contains("<option value=\"House\">House (3)</option>"), "a parent no item names alone")
            #expect(garage.contains("<option value=\"House › Garage › Shelf 2\">House › Garage › Shelf 2 (1)</option>"))
            #expect(garage.contains("<option value=\"House › Attic\">House › Attic (1)</option>"))

            let tools = text(try await client.execute(uri: "/?label=tools&q=saw", method: .get))
            #expect(Self.rows(tools) == ["Saw"])
            #expect(tools.contains("<option value=\"tools\" selected>tools (2)</option>"))

            let none = text(try await client.execute(uri: "/?q=piano", method: .get))
            #expect(Self.rows(none).isEmpty)
            #expect(none.contains("<p class=\"empty-title\" id=\"no-match\">Nothing matches. <a href=\"/\">Show every item</a></p>"))
            #expect(!none.contains("<table class=\"items\""))

            let byPlace = text(try await client.execute(uri: "/?sort=location", method: .get))
            #expect(Self.rows(byPlace) == ["Éclair tin", "Drill", "Saw", "eclair mould"])
            #expect(byPlace.contains("<tr><th scope=\"row\">House › Garage</th><td class=\"num\">1</td><td class=\"num\">$120</td></tr>"))
            #expect(byPlace.contains("<tr><th scope=\"row\">No location</th><td class=\"num\">1</td><td class=\"num\">$12</td></tr>"))
            #expect(byPlace.contains("<tr><th scope=\"row\">tools</th><td class=\"num\">2</td><td class=\"num\">$150</td></tr>"))
        }
    }

    @Test("the table shows 100 items a page with links to the pages around it, keeping the search and order; a page past the end shows the last")
    func paging() async throws {
        try await withPages(storeNow: steppingClock()) { client, store in
            for index in 1...205 { try await Self.add(store, "Box \(index)", 1, labels: index % 2 == 0 ? ["even"] : nil) }
            let first = text(try await client.execute(uri: "/", method: .get))
            #expect(Self.rows(first).count == 100)
            #expect(Self.rows(first).first == "Box 1")
            #expect(first.contains("<span class=\"page-range\">Items 1–100 of 205</span>"))
            #expect(first.contains("<a href=\"/?page=2\" rel=\"next\" class=\"page-link\">"))
            #expect(!first.contains("rel=\"prev\""))
            #expect(first.contains("id=\"total\">$205</td>"))

            let last = text(try await client.execute(uri: "/?page=3", method: .get))
            #expect(Self.rows(last) == ["Box 201", "Box 202", "Box 203", "Box 204", "Box 205"])
            #expect(last.contains("<a href=\"/?page=2\" rel=\"prev\" class=\"page-link\">"))
            #expect(!last.contains("rel=\"next\""))
            #expect(Self.rows(text(try await client.execute(uri: "/?page=99", method: .get))) == Self.rows(last))
            #expect(Self.rows(text(try await client.execute(uri: "/?page=-4", method: .get))) == Self.rows(first))

            let even = text(try await client.execute(uri: "/?label=even&sort=name-desc&q=box", method: .get))
            #expect(even.contains("<span class=\"page-range\">Items 1–100 of 102</span>"))
            #expect(even.contains("<a href=\"/?q=box&amp;label=even&amp;sort=name-desc&amp;page=2\" rel=\"next\" class=\"page-link\">"))
            #expect(Self.rows(even).first == "Box 204")
        }
    }

    @Test("a search or filter over its limit is cut to it, and the page still answers")
    func longQueries() async throws {
        try await withPages { client, store in
            try await Self.add(store, "Lamp", 5)
            let long = String(repeating: "x", count: 5_000)
            let page = try await client.execute(uri: "/?q=\(long)&location=\(long)&label=\(long)&page=\(long)", method: .get)
            #expect(page.status == .ok)
            #expect(text(page).contains("value=\"\(String(repeating: "x", count: 200))\""))
        }
    }
}
