import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@testable import HomepwnerPages

@Suite("Pages: the dashboard at the top of the inventory")
struct PagesDashboardTests {
    @Test("the first page of the whole inventory starts with the totals, each top-level location and label linked to its filter, the items added last and the warranties ending or ended; a search or a filter has none")
    func dashboard() async throws {
        try await withPages { client, store in
            var drill = NewItem(name: "Drill", valueInDollars: 120)
            drill.details.location = "House › Garage"
            drill.details.labels = ["tools"]
            drill.details.warrantyEnds = .some(testNow.addingTimeInterval(10 * 86_400))
            let added = try await store.add(drill)
            var tv = NewItem(name: "TV", valueInDollars: 800)
            tv.details.warrantyEnds = .some(testNow.addingTimeInterval(-3 * 86_400))
            tv.details.quantity = 2
            try await store.add(tv)
            let html = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(html.contains("<div class=\"dash-panel dash-total\"><p class=\"dash-big\">$1,720</p><p class=\"dash-sub\">2 items, 3 pieces</p></div>"))
            #expect(html.contains("<li><a href=\"/?location=House\">House</a> <span class=\"dash-note\">1 item · $120</span></li><li><a href=\"/?noLocation=1\">No location</a> <span class=\"dash-note\">1 item · $1,600</span></li>"))
            #expect(html.contains("<li><a href=\"/?label=tools\">tools</a> <span class=\"dash-note\">1 item · $120</span></li>"))
            #expect(html.contains("<li class=\"dash-soon\"><a href=\"/items/\(added.itemKey)\">Drill</a> <span class=\"dash-note\"><time datetime=\"\(ItemRules.dayText(testNow.addingTimeInterval(10 * 86_400)) ?? "")\">ends in 10 days</time></span></li>"))
            #expect(html.contains(">ended 3 days ago</time>"))
            #expect(html.contains(">today</time>"))
            for uri in ["/?q=drill", "/?location=House", "/?label=tools", "/?noLocation=1"] {
                let narrowed = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
                #expect(!narrowed.contains("id=\"dashboard\""), "\(uri)")
            }
        }
    }

    @Test("the dashboard lists maintenance overdue and due within 30 days, each linked to the item's log; with none it says so")
    func maintenance() async throws {
        try await withPages { client, store in
            let quiet = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(!quiet.contains("id=\"dash-maintenance\""))
            let boiler = try await store.add(NewItem(name: "Boiler"))
            let html0 = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(html0.contains("<div class=\"dash-panel\" id=\"dash-maintenance\"><h3>Maintenance</h3>\n<p class=\"dash-note\">Nothing due within 30 days.</p>"))
            let day: TimeInterval = 86_400
            try await store.addMaintenance(MaintenanceEntry(date: testNow.addingTimeInterval(-40 * day), note: "Serviced", nextDue: testNow.addingTimeInterval(-4 * day)), toItem: boiler.itemKey)
            let gutter = try await store.add(NewItem(name: "Gutters"))
            try await store.addMaintenance(MaintenanceEntry(date: testNow.addingTimeInterval(-40 * day), note: "Cleared", nextDue: testNow.addingTimeInterval(day)), toItem: gutter.itemKey)
            let html = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(html.contains("<li class=\"dash-soon\"><a href=\"/items/\(boiler.itemKey)#maintenance\">Boiler</a> <span class=\"dash-note\"><time datetime=\"\(ItemRules.dayText(testNow.addingTimeInterval(-4 * day)) ?? "")\">overdue by 4 days</time></span></li>"))
            #expect(html.contains("<a href=\"/items/\(gutter.itemKey)#maintenance\">Gutters</a> <span class=\"dash-note\"><time datetime=\"\(ItemRules.dayText(testNow.addingTimeInterval(day)) ?? "")\">due tomorrow</time>"))
        }
    }

    @Test("an empty inventory has no dashboard, only the invitation to add the first item")
    func empty() async throws {
        try await withPages { client, _ in
            let html = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(!html.contains("id=\"dashboard\""))
            #expect(html.contains("No items yet."))
        }
    }
}
