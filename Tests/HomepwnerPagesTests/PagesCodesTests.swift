import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@testable import HomepwnerPages

@Suite("Pages: a label's code opens its item (GET /items/CODE, the scan page)")
struct PagesCodesTests {
    static let keys = ["6F0C1E2A-3B4C-4D5E-8F70-112233445566", "6F0C9999-0000-4000-8000-000000000002", "0C4F2B8E-7D1A-4E3B-9A5C-2F6D8E1B3A7C"]

    @Test("GET /items/CODE with a unique start of a key (4 characters or more, any case) redirects to the item's own page; a whole key shows it")
    func codeRedirects() async throws {
        try await withPages(keys: Self.keys) { client, store in
            let first = try await store.add(NewItem(name: "Drill"))
            try await store.add(NewItem(name: "Saw"))
            for code in ["6F0C1E2A", "6f0c1e2a", "6F0C1", "6f0c1e2a-3b4c"] {
                let response = try await client.execute(uri: "/items/\(code)", method: .get, headers: BrowserForms.pageHeaders)
                #expect(response.status == .seeOther, "\(code)")
                #expect(response.headers[.location] == "/items/\(first.itemKey)", "\(code)")
            }
            let page = try await client.execute(uri: "/items/\(first.itemKey)", method: .get, headers: BrowserForms.pageHeaders)
            #expect(page.status == .ok)
            #expect(text(page).contains("<title>Drill — Homepwner</title>"))
            // A whole key in lower case is a code like any other: it leads to the item.
            let lower = try await client.execute(uri: "/items/\(first.itemKey.lowercased())", method: .get, headers: BrowserForms.pageHeaders)
            #expect(lower.headers[.location] == "/items/\(first.itemKey)")
        }
    }

    @Test("a code two keys start with, one no key starts with, and one under 4 characters each get the 404 page saying so")
    func codeRefusals() async throws {
        try await withPages(keys: Self.keys) { client, store in
            try await store.add(NewItem(name: "Drill"))
            try await store.add(NewItem(name: "Saw"))
            let shared = try await client.execute(uri: "/items/6f0c", method: .get, headers: BrowserForms.pageHeaders)
            #expect(shared.status == .notFound)
            #expect(text(shared).contains("<h1>Which item?</h1>"))
            #expect(text(shared).contains("2 items have codes starting with “6f0c”: type more of the code."))
            let unknown = try await client.execute(uri: "/items/FFFFFFFF", method: .get, headers: BrowserForms.pageHeaders)
            #expect(unknown.status == .notFound)
            #expect(text(unknown).contains("No item has the code “FFFFFFFF”."))
            let short = try await client.execute(uri: "/items/6F0", method: .get, headers: BrowserForms.pageHeaders)
            #expect(short.status == .notFound)
            let missingKey = try await client.execute(uri: "/items/\(Self.keys[2])", method: .get, headers: BrowserForms.pageHeaders)
            #expect(missingKey.status == .notFound)
            #expect(text(missingKey).contains("No item has the key \(Self.keys[2])."))
        }
    }

    @Test("the scan page takes a typed code: one item's code redirects to it; any other code shows the page again with the reason (404), what was typed kept")
    func scanPage() async throws {
        try await withPages(keys: Self.keys) { client, store in
            let first = try await store.add(NewItem(name: "Drill"))
            try await store.add(NewItem(name: "Saw"))
            let empty = text(try await client.execute(uri: "/scan", method: .get, headers: BrowserForms.pageHeaders))
            #expect(empty.contains("<input id=\"scan-code\" name=\"code\" value=\"\" required minlength=\"4\" maxlength=\"64\""))
            #expect(empty.contains("<div id=\"camera\" class=\"scan-camera\" hidden>"))
            let found = try await client.execute(uri: "/scan?code=%206f0c1e2a%20", method: .get, headers: BrowserForms.pageHeaders)
            #expect(found.status == .seeOther)
            #expect(found.headers[.location] == "/items/\(first.itemKey)")
            for (code, message) in [
                ("6F0C", "2 items have codes starting with “6F0C”: type more of the code."),
                ("ZZZZ%3Cb%3E", "No item has the code “ZZZZ&lt;b&gt;”. Check the label, or search the inventory for the item&#39;s name."),
                ("6F", "A code has at least 4 characters."),
            ] {
                let refused = try await client.execute(uri: "/scan?code=\(code)", method: .get, headers: BrowserForms.pageHeaders)
                #expect(refused.status == .notFound, "\(code)")
                let html = text(refused)
                #expect(html.contains("<p class=\"error\" id=\"scan-error\" role=\"alert\">\(message)</p>"), "\(code)")
                #expect(html.contains("aria-invalid=\"true\""))
            }
        }
    }
}
