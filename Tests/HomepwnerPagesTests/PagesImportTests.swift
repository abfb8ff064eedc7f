import Foundation
import Homepwner
import HTTPTypes
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("The import pages: a CSV file previewed row by row, then imported as shown")
struct PagesImportTests {
    /// The multipart body of the import form holding `csv` as `name`.
    static func upload(_ csv: String, name: String = "items.csv") -> (headers: HTTPFields, body: Data) {
        fileUpload(Data(csv.utf8), fileName: name, type: "text/csv")
    }

    @Test("the preview lists what each row would do and changes nothing; Import applies it once and the page then says what was done")
    func previewThenImport() async throws {
        try await withPages { client, store in
            let lamp = try await store.add(NewItem(name: "Lamp", valueInDollars: 5))
            var csv = ItemCSV.csv(try await store.items())
            csv = csv.replacingOccurrences(of: "Lamp,,5,", with: "Lamp,,7,") + "Desk,,50\r\nSaw,,lots\r\n"
            let (headers, form) = Self.upload(csv)
            let posted = try await client.execute(uri: "/import", method: .post, headers: headers, body: body(form))
            #expect(posted.status == .seeOther)
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix("/import/"))
            let preview = text(try await client.execute(uri: location, method: .get, headers: BrowserForms.pageHeaders))
            #expect(preview.contains("<p class=\"import-summary\" id=\"import-summary\" role=\"status\">1 to add, 1 to change, 0 unchanged, 1 refused. Nothing is changed until you import.</p>"))
            #expect(preview.contains("<tr class=\"import-row import-change\"><td class=\"num\">2</td><td>Change</td><td>Lamp: Value Each in Dollars</td></tr>"))
            #expect(preview.contains("<tr class=\"import-row import-add\"><td class=\"num\">3</td><td>Add</td><td>Desk</td></tr>"))
            #expect(preview.contains("<td>Refused</td><td>Saw: a value must be a whole number of dollars from 0 to 1,000,000,000, not &quot;lots&quot;</td>"))
            #expect(preview.contains("<button type=\"submit\" id=\"apply-import\">Import 2 rows</button>"))
            #expect(try await store.item(lamp.itemKey).valueInDollars == 5)

            let applied = try await client.execute(uri: location, method: .post, headers: forms.headers, body: body(""))
            #expect(applied.status == .seeOther)
            #expect(try await store.items().map(\.itemName) == ["Lamp", "Desk"])
            #expect(try await store.item(lamp.itemKey).valueInDollars == 7)
            let done = text(try await client.execute(uri: location, method: .get, headers: BrowserForms.pageHeaders))
            #expect(done.contains("Imported: 1 added, 1 changed, 0 unchanged, 1 refused."))
            #expect(!done.contains("id=\"apply-import\""))
            // Confirming again does nothing more.
            _ = try await client.execute(uri: location, method: .post, headers: forms.headers, body: body(""))
            #expect(try await store.items().count == 2)
        }
    }

    @Test("a file that is no CSV, or no file, goes back to the form with the reason; an unknown preview is a 404 page saying so")
    func refusals() async throws {
        try await withPages { client, _ in
            let (headers, form) = Self.upload("Name\n\"open\n")
            let posted = try await client.execute(uri: "/import", method: .post, headers: headers, body: body(form))
            #expect(posted.status == .seeOther)
            let back = try #require(try await client.page(after: posted))
            #expect(text(back).contains("<p class=\"error\" id=\"import-error\" role=\"alert\">Line 2: a quoted field is never closed.</p>"))
            let missing = try await client.execute(uri: "/import/0123456789abcdef", method: .get, headers: BrowserForms.pageHeaders)
            #expect(missing.status == .notFound)
            #expect(text(missing).contains("That preview has expired or was never made: choose the file again."))
        }
    }
}
