import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@testable import HomepwnerPages

@Suite("Pages: an item's maintenance log through plain forms")
struct PagesMaintenanceTests {
    @Test("the item page offers the log's form dated today; an added entry is a 303 back to the log, which shows it in date order with when it is next due")
    func addAndShow() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Furnace"))
            let uri = "/items/\(item.itemKey)"
            let first = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
            #expect(first.contains("<p class=\"hint\" id=\"no-maintenance\">Nothing recorded yet"))
            let today = try #require(ItemRules.dayText(testNow))
            #expect(first.contains("<input type=\"date\" id=\"maintenance-date\" name=\"date\" value=\"\(today)\" required min=\"1900-01-01\" max=\"2199-12-31\">"))

            let posted = try await client.execute(uri: "\(uri)/maintenance", method: .post, headers: forms.headers, body: forms.body("date=2026-03-01&note=New+filter%0D%0Aand+belt&cost=%2430&nextDue=2027-03-01"))
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "\(uri)#maintenance")
            _ = try await client.execute(uri: "\(uri)/maintenance", method: .post, headers: forms.headers, body: forms.body("date=2025-10-01&note=Inspected&cost=&nextDue="))
            let stored = try await store.item(item.itemKey)
            #expect(stored.maintenance?.map(\.note) == ["Inspected", "New filter\nand belt"])
            #expect(stored.maintenance?.last?.cost == 30)
            let page = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
            #expect(page.contains("<p class=\"next-due\" id=\"next-due\">Next due <time datetime=\"2027-03-01\">1 Mar 2027</time></p>"))
            #expect(page.contains("<tr class=\"maintenance-row\" data-number=\"1\"><td class=\"when\"><time datetime=\"2025-10-01\">1 Oct 2025</time></td><td class=\"detail-text what\">Inspected</td><td class=\"num cost\"></td><td class=\"next\"></td>"))
            #expect(page.contains("<td class=\"detail-text what\">New filter\nand belt</td><td class=\"num cost\">$30</td><td class=\"next\">1 Mar 2027</td>"))
            #expect(page.contains("<form method=\"post\" action=\"\(uri)/maintenance/2/delete\" class=\"remove-maintenance-form\">"))
            #expect(page.contains("<input type=\"hidden\" name=\"version\" value=\"\(stored.version)\">"))
        }
    }

    @Test("a refused entry comes back to the log with the error beside the form and what was typed kept; nothing is saved")
    func refusalKeepsTyping() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Boiler"))
            let uri = "/items/\(item.itemKey)"
            let refusedPost = try await client.execute(uri: "\(uri)/maintenance", method: .post, headers: forms.headers, body: forms.body("date=2026-03-01&note=Bled+radiators&cost=&nextDue=2026-01-01"))
            #expect(refusedPost.status == .seeOther)
            #expect(refusedPost.headers[.location] == "\(uri)#maintenance")
            let refused = text(try #require(try await client.page(after: refusedPost)))
            #expect(refused.contains("<p class=\"error\" role=\"alert\" id=\"maintenance-error\">The next-due date 2026-01-01 is before the work&#39;s date 2026-03-01.</p>"))
            #expect(refused.contains(">Bled radiators</textarea>"))
            #expect(refused.contains("name=\"nextDue\" value=\"2026-01-01\""))
            #expect(refused.contains("name=\"date\" value=\"2026-03-01\""))
            #expect(try await store.item(item.itemKey).maintenance == nil)
            let noDate = try await client.execute(uri: "\(uri)/maintenance", method: .post, headers: forms.headers, body: forms.body("date=&note=x"))
            #expect(text(try #require(try await client.page(after: noDate))).contains("Give the day the work was done."))
        }
    }

    @Test("the insurance report lists an item's maintenance on a row under it, an entry a line; items without a log have none")
    func report() async throws {
        try await withPages { client, store in
            let mower = try await store.add(NewItem(name: "Mower"))
            try await store.add(NewItem(name: "Rake"))
            try await store.addMaintenance(MaintenanceEntry(date: testNow, note: "Blade <sharpened>", cost: 25, nextDue: testNow.addingTimeInterval(365 * 86_400)), toItem: mower.itemKey)
            let html = text(try await client.execute(uri: "/report", method: .get, headers: BrowserForms.pageHeaders))
            let line = try #require(try await store.item(mower.itemKey).maintenance?.first?.summary)
            #expect(line.hasSuffix(": Blade <sharpened> ($25; next due \(ItemRules.dayText(testNow.addingTimeInterval(365 * 86_400)) ?? ""))"))
            let escaped = line.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            #expect(html.contains("<tr class=\"report-maintenance\"><td class=\"col-photo\"></td><td colspan=\"8\"><span class=\"report-maintenance-title\">Maintenance</span><ul><li class=\"detail-text\">\(escaped)</li></ul></td></tr>"))
            #expect(html.components(separatedBy: "class=\"report-maintenance\"").count == 2)
        }
    }

    @Test("the report offers the owner and policy form folded away; saved, the block heads the report; a refusal opens the form with the error")
    func ownerBlock() async throws {
        try await withPages { client, store in
            let before = text(try await client.execute(uri: "/report", method: .get, headers: BrowserForms.pageHeaders))
            #expect(before.contains("<summary>Add the owner and policy (printed at the top)</summary>"))
            #expect(!before.contains("id=\"report-owner\""))
            let posted = try await client.execute(uri: "/report/owner", method: .post, headers: forms.headers, body: forms.body("name=Ana+Rivera&address=1+Elm+St%0D%0ASpringfield&insurer=Acme&policyNumber=P-9"))
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/report")
            #expect(try await store.owner() == InventoryOwner(name: "Ana Rivera", address: "1 Elm St\nSpringfield", insurer: "Acme", policyNumber: "P-9"))
            let after = text(try await client.execute(uri: "/report", method: .get, headers: BrowserForms.pageHeaders))
            #expect(after.contains("<dl class=\"report-owner\" id=\"report-owner\"><div><dt>Owner</dt><dd>Ana Rivera</dd></div><div><dt>Address</dt><dd class=\"detail-text\">1 Elm St\nSpringfield</dd></div><div><dt>Insurer</dt><dd>Acme</dd></div><div><dt>Policy number</dt><dd>P-9</dd></div></dl>"))
            #expect(after.contains("<summary>Change the owner and policy</summary>"))
            #expect(after.contains("<input id=\"owner-name\" name=\"name\" value=\"Ana Rivera\""))
            let refusedPost = try await client.execute(uri: "/report/owner", method: .post, headers: forms.headers, body: forms.body("name=Ana&insurer=" + String(repeating: "x", count: 201)))
            let refused = text(try #require(try await client.page(after: refusedPost)))
            #expect(refused.contains("<p class=\"error no-print\" role=\"alert\" id=\"owner-error\">The insurer "))
            #expect(refused.contains("<details class=\"owner-form-box no-print\" open>"))
            #expect(try await store.owner().insurer == "Acme")
        }
    }

    @Test("remove takes the version the page showed: a log changed meanwhile is not touched and the page says why; else the entry goes")
    func removeChecksVersion() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Bike"))
            let uri = "/items/\(item.itemKey)"
            let shown = try await store.addMaintenance(MaintenanceEntry(date: testNow, note: "Chain oiled"), toItem: item.itemKey)
            let changed = try await store.addMaintenance(MaintenanceEntry(date: testNow.addingTimeInterval(-86_400), note: "Tyres"), toItem: item.itemKey)
            let stalePost = try await client.execute(uri: "\(uri)/maintenance/1/delete", method: .post, headers: forms.headers, body: forms.body("version=\(shown.version)"))
            #expect(stalePost.status == .seeOther)
            let stale = text(try #require(try await client.page(after: stalePost)))
            #expect(stale.contains("This item changed elsewhere since the page was shown, so nothing was removed. Here is its log as it is now."))
            #expect(try await store.item(item.itemKey).maintenance?.count == 2)
            let removed = try await client.execute(uri: "\(uri)/maintenance/1/delete", method: .post, headers: forms.headers, body: forms.body("version=\(changed.version)"))
            #expect(removed.status == .seeOther)
            #expect(removed.headers[.location] == "\(uri)#maintenance")
            #expect(try await store.item(item.itemKey).maintenance?.map(\.note) == ["Chain oiled"])
            let missingPost = try await client.execute(uri: "\(uri)/maintenance/7/delete", method: .post, headers: forms.headers, body: forms.body("version="))
            #expect(text(try #require(try await client.page(after: missingPost))).contains("has no maintenance entry 7; it has 1."))
            #expect(try await client.execute(uri: "\(uri)/maintenance/x/delete", method: .post, headers: forms.headers, body: forms.body("")).status == .notFound)
        }
    }
}
