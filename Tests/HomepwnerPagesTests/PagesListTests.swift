import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("The Homepwner inventory page")
struct PagesListTests {
    @Test("an empty inventory is an HTML page with the welcome, its module script, the CSP and no inline script or style")
    func emptyInventory() async throws {
        try await withPages { client, _ in
            let page = try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            let html = text(page)
            #expect(html.contains("<p class=\"empty-title\">No items yet.</p>"))
            #expect(html.contains("<p class=\"count no-print\" id=\"count\" role=\"status\">0 items</p>"))
            #expect(html.contains("<script type=\"module\" src=\"/assets/list.js\"></script>"))
            #expect(html.contains("<link rel=\"stylesheet\" href=\"/assets/common/base.css\">"))
            #expect(html.components(separatedBy: "<script").count == 2)
            #expect(!html.contains("style=\""))
            #expect(!html.contains("<table"))
        }
    }

    @Test("the plain add form answers 303 to the new item's page; the table shows its fields, value and date, and the total")
    func addByForm() async throws {
        try await withPages { client, store in
            let added = try await client.execute(uri: "/items", method: .post, headers: forms.headers, body: body("name=Camera+%C3%A9&serialNumber=SN-42&valueInDollars=%241%2C200"))
            #expect(added.status == .seeOther)
            let item = try #require(try await store.items().first)
            #expect(item.itemName == "Camera é")
            #expect(item.serialNumber == "SN-42")
            #expect(item.valueInDollars == 1200)
            #expect(added.headers[.location] == "/items/\(item.itemKey)")
            _ = try await client.execute(uri: "/items", method: .post, headers: forms.headers, body: body("name=Lamp&valueInDollars=35"))
            let html = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(html.contains("<a href=\"/items/\(item.itemKey)\" class=\"row-link\">Camera é</a>"))
            #expect(html.contains("<span class=\"serial cut\">SN-42</span></th>"))
            #expect(html.contains("<td class=\"num value\" data-label=\"Value\">$1,200</td>"))
            #expect(html.contains("<time datetime=\"2026-11-23T12:00:00Z\">23 Nov 2026</time>"))
            #expect(html.contains("<td class=\"num\" id=\"total\">$1,235</td>"))
            #expect(html.contains("id=\"count\" role=\"status\">2 items</p>"))
        }
    }

    @Test("an add form breaking a rule ends, by a 303, on the page that says why and keeps what was typed")
    func addRefused() async throws {
        try await withPages { client, store in
            let noNamePost = try await client.execute(uri: "/items", method: .post, headers: forms.headers, body: body("name=+++&serialNumber=X1&valueInDollars=5"))
            #expect(noNamePost.status == .seeOther)
            let noName = try #require(try await client.page(after: noNamePost))
            #expect(noName.status == .ok)
            let html = text(noName)
            #expect(html.contains("<p class=\"error\" id=\"add-error\" role=\"alert\">A name cannot be empty.</p>"))
            #expect(html.contains("name=\"serialNumber\" maxlength=\"64\" autocomplete=\"off\" value=\"X1\""))
            let badValuePost = try await client.execute(uri: "/items", method: .post, headers: forms.headers, body: body("name=Bike&valueInDollars=12.50"))
            #expect(badValuePost.status == .seeOther)
            let badValue = try #require(try await client.page(after: badValuePost))
            #expect(badValue.status == .ok)
            #expect(text(badValue).contains("A value must be a whole number of dollars from 0 to 1,000,000,000, not &quot;12.50&quot;."))
            #expect(text(badValue).contains("value=\"Bike\""))
            #expect(try await store.items().isEmpty)
            // A reload is a GET of the page: it shows the page without the refusal, sends nothing.
            let reloaded = try #require(try await client.page(after: badValuePost))
            #expect(reloaded.status == .ok)
            #expect(!text(reloaded).contains("A value must be"))
            #expect(try await store.items().isEmpty)
        }
    }

    @Test("the table sorts by name, value and date, either way, from the URL or the sort menu's value")
    func sorting() async throws {
        try await withPages(storeNow: steppingClock()) { client, store in
            for (name, value) in [("banjo", 300), ("Accordion", 5_000), ("cello", 40)] {
                try await store.add(NewItem(name: name, valueInDollars: value))
            }
            func order(_ uri: String) async throws -> [String] {
                // The table's order (the dashboard above it lists the items added last too).
                let page = text(try await client.execute(uri: uri, method: .get))
                let html = String(page[(page.range(of: "<table class=\"items\"")?.lowerBound ?? page.startIndex)...])
                let position = { (name: String) in html.range(of: ">\(name)</a>").map { html.distance(from: html.startIndex, to: $0.lowerBound) } ?? Int.max }
                return ["Accordion", "banjo", "cello"].sorted { position($0) < position($1) }
            }
            #expect(try await order("/") == ["banjo", "Accordion", "cello"])
            #expect(try await order("/?sort=name") == ["Accordion", "banjo", "cello"])
            #expect(try await order("/?sort=name&order=desc") == ["cello", "banjo", "Accordion"])
            #expect(try await order("/?sort=value") == ["cello", "banjo", "Accordion"])
            #expect(try await order("/?sort=value-desc") == ["Accordion", "banjo", "cello"])
            #expect(try await order("/?sort=date-desc") == ["cello", "Accordion", "banjo"])
            #expect(try await order("/?sort=%00bogus&order=sideways") == ["banjo", "Accordion", "cello"])
            let html = text(try await client.execute(uri: "/?sort=value-desc", method: .get))
            #expect(html.contains("<option value=\"value-desc\" selected>Value, highest first</option>"))
            #expect(html.contains("id=\"total\">$5,340</td>"))
        }
    }

    @Test("hostile names and serial numbers are escaped on the inventory, item, and delete pages")
    func escaping() async throws {
        try await withPages { client, store in
            let hostile = "<script>alert(\"x\")</script> & 'q'"
            let item = try await store.add(NewItem(name: hostile, serialNumber: "<img src=x onerror=alert(1)>"))
            let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"
            let list = text(try await client.execute(uri: "/", method: .get))
            let page = text(try await client.execute(uri: "/items/\(item.itemKey)", method: .get))
            let confirm = text(try await client.execute(uri: "/items/\(item.itemKey)/delete", method: .get))
            for html in [list, page, confirm] {
                #expect(html.contains(escaped))
                #expect(!html.contains("<script>alert"))
                #expect(!html.contains("<img src=x"))
            }
            #expect(list.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(page.contains("<title>\(escaped) — Homepwner</title>"))
        }
    }

    @Test("the inventory carries what the printed copy needs: the day printed, photos, values and the total")
    func printedInventory() async throws {
        try await withPages { client, store in
            try await store.add(NewItem(name: "Piano", serialNumber: "P-1", valueInDollars: 1_000_000_000))
            try await store.add(NewItem(name: "Stool", valueInDollars: 25))
            let html = text(try await client.execute(uri: "/", method: .get))
            #expect(html.contains("<p class=\"print-only printed-on\">Printed on <time id=\"printed-on\" datetime=\"2026-11-23T12:00:00Z\">23 Nov 2026</time>.</p>"))
            #expect(html.contains("<tr class=\"total-row\"><th scope=\"row\" colspan=\"4\">Total value</th><td class=\"num\" id=\"total\">$1,000,000,025</td>"))
            #expect(html.contains("<span class=\"print-only\">No photo</span>"))
            #expect(html.contains("<aside class=\"side no-print\">"))
        }
    }

    @Test("a form sent from another site is refused with 403 and changes nothing")
    func crossSite() async throws {
        try await withPages { client, store in
            let headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            let refused = try await client.execute(uri: "/items", method: .post, headers: headers, body: body("name=Stolen"))
            #expect(refused.status == .forbidden)
            #expect(try await store.items().isEmpty)
        }
    }

    @Test("the pages' files and WebSupport's shared ones are served with their types; unknown names are 404")
    func assets() async throws {
        try await withPages { client, _ in
            for (path, type) in [
                ("/assets/homepwner.css", "text/css; charset=utf-8"), ("/assets/list.js", "text/javascript; charset=utf-8"),
                ("/assets/item.js", "text/javascript; charset=utf-8"), ("/assets/icon.svg", "image/svg+xml"),
                ("/assets/common/base.css", "text/css; charset=utf-8"), ("/assets/common/common.js", "text/javascript; charset=utf-8"),
                ("/assets/common/upload.js", "text/javascript; charset=utf-8"),
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentType] == type, "\(path)")
            }
            #expect(try await client.execute(uri: "/assets/common.js", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/assets/..%2FPackage.swift", method: .get).status == .notFound)
        }
    }
}
