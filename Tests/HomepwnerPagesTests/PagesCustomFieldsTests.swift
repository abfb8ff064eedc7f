import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@testable import HomepwnerPages

@Suite("Pages: an item's own fields and the archive through plain forms; the list's archive filter")
struct PagesCustomFieldsTests {
    @Test("Set field adds or changes a field and Remove takes it off, each a 303 back to the fields; a refused name comes back beside them")
    func fields() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Piano"))
            let uri = "/items/\(item.itemKey)"
            let first = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
            #expect(first.contains("<p class=\"hint\" id=\"no-custom-fields\">"))
            let set = try await client.execute(uri: "\(uri)/fields", method: .post, headers: forms.headers, body: forms.body("name=Colour&value=Walnut"))
            #expect(set.status == .seeOther)
            #expect(set.headers[.location] == "\(uri)#custom-fields")
            _ = try await client.execute(uri: "\(uri)/fields", method: .post, headers: forms.headers, body: forms.body("name=Insurance+policy&value=HO-3+4471"))
            #expect(try await store.item(item.itemKey).customFields?.map(\.name) == ["Colour", "Insurance policy"])
            let page = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
            #expect(page.contains("<div class=\"custom-field-row\" data-name=\"Insurance policy\"><dt>Insurance policy</dt><dd><span class=\"custom-field-value\">HO-3 4471</span>"))
            #expect(page.contains("<input type=\"hidden\" name=\"name\" value=\"Colour\">"))
            let removed = try await client.execute(uri: "\(uri)/fields/delete", method: .post, headers: forms.headers, body: forms.body("name=Colour"))
            #expect(removed.headers[.location] == "\(uri)#custom-fields")
            #expect(try await store.item(item.itemKey).customFields?.map(\.name) == ["Insurance policy"])
            let refused = try await client.execute(uri: "\(uri)/fields", method: .post, headers: forms.headers, body: forms.body("name=&value=x"))
            let shown = text(try #require(try await client.page(after: refused)))
            #expect(shown.contains("<p class=\"error\" role=\"alert\" id=\"custom-fields-error\">A field needs a name.</p>"))
        }
    }

    @Test("Archive this item archives it on the day chosen (today by default) and the page says so; Bring it back undoes it; the list hides it with a note that shows it")
    func archive() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Sofa"))
            _ = try await store.add(NewItem(name: "Lamp"))
            let uri = "/items/\(item.itemKey)"
            let page = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
            let today = try #require(ItemRules.dayText(testNow))
            #expect(page.contains("<input type=\"date\" id=\"archive-date\" name=\"date\" value=\"\(today)\" min=\"1900-01-01\" max=\"2199-12-31\">"))
            let archived = try await client.execute(uri: "\(uri)/archive", method: .post, headers: forms.headers, body: forms.body("date="))
            #expect(archived.headers[.location] == "\(uri)#archive")
            #expect(try await store.item(item.itemKey).archivedDate.flatMap(ItemRules.dayText) == today)
            let shown = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
            #expect(shown.contains("<p class=\"notice\" id=\"archived-notice\">Archived on"))
            #expect(shown.contains("<form method=\"post\" action=\"\(uri)/unarchive\" id=\"unarchive-form\">"))

            let list = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(!list.contains(">Sofa</a>"))
            #expect(list.contains("<p class=\"hint no-print\" id=\"archived-note\">1 archived item is not shown. <a href=\"/?archived=include\">Show them</a></p>"))
            let included = text(try await client.execute(uri: "/?archived=include", method: .get, headers: BrowserForms.pageHeaders))
            #expect(included.contains(">Sofa</a>"))
            #expect(included.contains("<span class=\"archived-badge\">Archived"))
            #expect(included.contains("<option value=\"include\" selected>Include archived</option>"))
            let only = text(try await client.execute(uri: "/?archived=only", method: .get, headers: BrowserForms.pageHeaders))
            #expect(only.contains(">Sofa</a>") && !only.contains(">Lamp</a>"))

            let bad = try await client.execute(uri: "\(uri)/archive", method: .post, headers: forms.headers, body: forms.body("date=1800-01-01"))
            #expect(text(try #require(try await client.page(after: bad))).contains("id=\"archive-error\">"))
            let back = try await client.execute(uri: "\(uri)/unarchive", method: .post, headers: forms.headers, body: forms.body(""))
            #expect(back.headers[.location] == "\(uri)#archive")
            #expect(try await store.item(item.itemKey).archivedDate == nil)
        }
    }
}
