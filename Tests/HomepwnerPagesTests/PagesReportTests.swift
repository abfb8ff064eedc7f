import Foundation
import Homepwner
import HummingbirdTesting
import QRCode
import Testing
import WebSupport
import WebTestSupport

@Suite("The printable pages: the insurance report by location and the labels")
struct PagesReportTests {
    /// 2024-03-15, midnight UTC.
    static let march15 = Date(timeIntervalSince1970: 1_710_460_800)

    static func add(_ store: ItemStore, _ name: String, _ value: Int, serial: String = "", location: String? = nil, bought: Date? = nil, paid: Int? = nil) async throws -> Item {
        var draft = NewItem(name: name, serialNumber: serial, valueInDollars: value)
        draft.details.location = location
        if let bought { draft.details.purchaseDate = .some(bought) }
        if let paid { draft.details.pricePaid = .some(paid) }
        return try await store.add(draft)
    }

    /// The texts after each `marker` up to the next `<`, in order.
    static func texts(after marker: String, in html: String) -> [String] {
        html.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test("the report groups every item by location as people read them (no location last), each row with photo, serial, purchase date, price paid and value, with subtotals and the total")
    func reportByLocation() async throws {
        try await withPages { client, store in
            let drill = try await Self.add(store, "Drill", 120, serial: "D-1", location: "House › Garage", bought: Self.march15, paid: 150)
            try await store.setImage(try png(), forKey: drill.itemKey)
            _ = try await Self.add(store, "Saw", 30, location: "House › Garage")
            _ = try await Self.add(store, "Rake", 15, location: "Shed 10")
            _ = try await Self.add(store, "Hose", 25, location: "Shed 2")
            _ = try await Self.add(store, "Lamp <b>", 5)
            let response = try await client.execute(uri: "/report", method: .get, headers: BrowserForms.pageHeaders)
            #expect(response.status == .ok)
            let html = text(response)
            #expect(Self.texts(after: "class=\"report-location\">", in: html) == ["House › Garage", "Shed 2", "Shed 10", "No location"])
            #expect(Self.texts(after: "class=\"item-name\">", in: html) == ["Drill", "Saw", "Hose", "Rake", "Lamp &lt;b&gt;"])
            #expect(html.contains("<img class=\"thumb\" src=\"/api/items/\(drill.itemKey)/thumbnail?v="))
            #expect(html.contains("""
                <td class="serial" data-label="Serial number">D-1</td>
                <td class="date" data-label="Purchased"><time datetime="2024-03-15T00:00:00Z">15 Mar 2024</time></td>
                <td class="num" data-label="Price paid">$150</td>
                <td class="num" data-label="Quantity">1</td>
                <td class="num" data-label="Value each">$120</td>
                <td class="num" data-label="Total">$120</td>
                """))
            #expect(html.contains("<tr class=\"subtotal-row\"><th scope=\"row\" colspan=\"8\">Subtotal, House › Garage (2 items)</th><td class=\"num\">$150</td></tr>"))
            #expect(html.contains("<tr class=\"subtotal-row\"><th scope=\"row\" colspan=\"8\">Subtotal, No location (1 item)</th><td class=\"num\">$5</td></tr>"))
            #expect(html.contains("<p class=\"report-total\" id=\"report-total\">Total value of 5 items: <strong>$195</strong></p>"))
            #expect(html.contains("<time datetime=\"2026-11-23T12:00:00Z\">"))
            #expect(html.contains("<link rel=\"stylesheet\" href=\"/assets/report.css\"><script type=\"module\" src=\"/assets/report.js\"></script>"))
            // The Print button needs the script: without it the page has none.
            #expect(html.contains("<button type=\"button\" class=\"jsonly secondary print-button\" id=\"print\">Print</button>"))
            #expect(!html.contains("<b>"))
        }
    }

    @Test("an empty inventory's report says so with a total of $0; the inventory page links to the report and the labels")
    func emptyReportAndLinks() async throws {
        try await withPages { client, _ in
            let html = text(try await client.execute(uri: "/report", method: .get, headers: BrowserForms.pageHeaders))
            #expect(html.contains("<p class=\"report-empty\">No items yet.</p>"))
            #expect(html.contains("Total value of 0 items: <strong>$0</strong>"))
            #expect(!html.contains("class=\"report-group\""))
            let list = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(list.contains("<a href=\"/report\">Insurance report</a> · <a href=\"/labels\">Labels</a>"))
        }
    }

    @Test("the report gives each item's make and model, and repeats its location at the top of every page its table continues onto")
    func makeModelAndContinuedLocation() async throws {
        try await withPages { client, store in
            var drill = NewItem(name: "Drill", valueInDollars: 120)
            drill.details.location = "House › Garage"
            drill.details.manufacturer = "Bosch"
            drill.details.modelName = "PSB 18"
            try await store.add(drill)
            var saw = NewItem(name: "Saw", valueInDollars: 30)
            saw.details.modelName = "X-2"
            try await store.add(saw)
            let html = text(try await client.execute(uri: "/report", method: .get, headers: BrowserForms.pageHeaders))
            #expect(html.contains("<th scope=\"row\" class=\"item-name\">Drill</th>\n<td class=\"make\" data-label=\"Make and model\">Bosch PSB 18</td>"))
            #expect(html.contains("<th scope=\"row\" class=\"item-name\">Saw</th>\n<td class=\"make\" data-label=\"Make and model\">X-2</td>"))
            #expect(html.contains("<thead>\n<tr class=\"report-continued\"><th scope=\"colgroup\" colspan=\"9\">House › Garage</th></tr>"))
        }
    }

    @Test("the labels: a card per location and per item, each with a QR code of its page's absolute URL on the name the request came in on; an item's card prints its code and the address to type, a location's its name; ?location= keeps that location and what is inside it")
    func labels() async throws {
        try await withPages { client, store in
            let drill = try await Self.add(store, "Drill", 120, location: "House › Garage")
            let saw = try await Self.add(store, "Saw", 30, location: "House › Garage › Shelf 2")
            let lamp = try await Self.add(store, "Lamp & shade", 5)
            // The router's test client sends every request for "localhost".
            let headers = BrowserForms.pageHeaders
            let all = text(try await client.execute(uri: "/labels", method: .get, headers: headers))
            #expect(Self.texts(after: "class=\"label-name\">", in: all) == ["House › Garage", "House › Garage › Shelf 2", "Drill", "Saw", "Lamp &amp; shade"])
            #expect(Self.texts(after: "class=\"label-code\">", in: all) == [drill, saw, lamp].map { String($0.itemKey.prefix(8)) })
            let drillQR = try QRCode(text: "http://localhost/items/\(drill.itemKey)").svg(label: "QR code of the page of Drill")
            #expect(all.contains("<li class=\"label-card label-item\"><div class=\"label-qr\">\(drillQR)</div><div class=\"label-text\"><p class=\"label-name\">Drill</p><p class=\"label-code\">\(drill.itemKey.prefix(8))</p><p class=\"label-link\">localhost<wbr>/items/\(drill.itemKey.prefix(8))</p></div></li>"))
            // A location's card prints the location, not a percent-escaped address; its QR code
            // holds the address of the location's page.
            let garageQR = try QRCode(text: "http://localhost/location?name=House%20%E2%80%BA%20Garage").svg(label: "QR code of the page of House › Garage")
            #expect(all.contains("<li class=\"label-card label-location\"><div class=\"label-qr\">\(garageQR)</div><div class=\"label-text\"><p class=\"label-kind\">Location</p><p class=\"label-name\">House › Garage</p></div></li>"))
            #expect(!all.contains("%E2%80%BA</p>"))

            let garage = text(try await client.execute(uri: "/labels?location=House%20%E2%80%BA%20Garage", method: .get, headers: headers))
            #expect(Self.texts(after: "class=\"label-name\">", in: garage) == ["House › Garage", "Drill", "Saw"])
            #expect(garage.contains("<title>Labels: House › Garage — Homepwner</title>"))
        }
    }

    @Test("with --public-url the labels' QR codes and addresses lead there, whatever name the request used; a code two keys share is printed longer")
    func labelsOnPublicURL() async throws {
        let keys = ["ABCDEF12-0000-4000-8000-000000000001", "ABCDEF12-3000-4000-8000-000000000002"]
        try await withPages(publicURL: PublicURL("https://inventory.example/home/"), keys: keys) { client, store in
            let one = try await store.add(NewItem(name: "One"))
            try await store.add(NewItem(name: "Two"))
            // The router's test client sends every request for "localhost".
            let headers = BrowserForms.pageHeaders
            let all = text(try await client.execute(uri: "/labels", method: .get, headers: headers))
            #expect(Self.texts(after: "class=\"label-code\">", in: all) == ["ABCDEF12-0", "ABCDEF12-3"])
            #expect(all.contains("<p class=\"label-link\">inventory.example/home<wbr>/items/ABCDEF12-0</p>"))
            #expect(all.contains("<p class=\"label-link\">inventory.example/home<wbr>/items/ABCDEF12-3</p>"))
            let qr = try QRCode(text: "https://inventory.example/home/items/\(one.itemKey)").svg(label: "QR code of the page of One")
            #expect(all.contains(qr))
        }
    }

    @Test("a damaged archive's report shows the items that could be read and says it may not hold them all")
    func damagedArchive() async throws {
        let key = "0C4F2B8E-7D1A-4E3B-9A5C-2F6D8E1B3A7C"
        let damaged = try damagedArchiveBytes(key: key, name: "Drill", details: [("location", "Garage")])
        try await withPages(prepare: { folder in
            try damaged.write(to: folder.appendingPathComponent("items.archive"))
        }) { client, _ in
            let html = text(try await client.execute(uri: "/report", method: .get, headers: BrowserForms.pageHeaders))
            #expect(html.contains("<p class=\"warning\" role=\"alert\">This report holds only the items that could be read: items.archive is damaged ("))
            #expect(Self.texts(after: "class=\"report-location\">", in: html) == ["Garage"])
            #expect(html.contains("Total value of 1 item: <strong>$75</strong>"))
            // The inventory, read-only while damaged, still links to what only reads it.
            let list = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(!list.contains("id=\"add-form\""))
            #expect(list.contains("<a href=\"/report\">Insurance report</a> · <a href=\"/labels\">Labels</a>"))
            let importPage = text(try await client.execute(uri: "/import", method: .get, headers: BrowserForms.pageHeaders))
            #expect(importPage.contains("<a href=\"/api/items.csv\" download>plain UTF-8</a>"))
            #expect(!importPage.contains("id=\"export-everything\""))
        }
    }
}
