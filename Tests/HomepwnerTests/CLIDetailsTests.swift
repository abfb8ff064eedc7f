import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command sets, shows and lists an item's details", .timeLimit(.minutes(4)))
struct CLIDetailsTests {
    @Test("add and update take the details' options; show and list --json print exactly the details that are set")
    func addUpdateShowList() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let added = try await homepwner([
                "add", "Drill", "--location", "House›Garage ›Shelf 2", "--label", "tools", "--label", "power",
                "--quantity", "2", "--purchase-date", "2024-03-15", "--price-paid", "$1,200", "--purchased-from", "Hardware Store",
                "--warranty-ends", "2027-03-15", "--warranty-notes", "Call 555-0100", "--notes", "Spare bits\nin the case",
                "--model", "XR-7", "--manufacturer", "Spork & Sons",
            ] + data)
            #expect(added.status == 0, "\(added.errors)")
            let key = CLITests.addedKey(added)

            let show = try await homepwner(["show", key] + data)
            #expect(show.status == 0, "\(show.errors)")
            #expect(show.output.hasSuffix("""
                location:       House › Garage › Shelf 2
                labels:         tools, power
                quantity:       2
                purchase date:  2024-03-15T00:00:00.000Z
                price paid:     $1,200
                purchased from: Hardware Store
                warranty ends:  2027-03-15T00:00:00.000Z
                warranty notes: Call 555-0100
                notes:          Spare bits\\u{A}in the case
                model:          XR-7
                manufacturer:   Spork & Sons

                """))

            let update = try await homepwner(["update", key, "--value", "900", "--quantity", "1", "--notes", "", "--label", "", "--price-paid", ""] + data)
            #expect(update.status == 0, "\(update.errors)")
            let listing = try await homepwner(["list", "--json"] + data)
            let listed = try #require(try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any])
            let item = try #require((listed["items"] as? [[String: Any]])?.first)
            #expect(item["valueInDollars"] as? Int == 900)
            #expect(item["location"] as? String == "House › Garage › Shelf 2")
            #expect(item["purchaseDate"] as? String == "2024-03-15T00:00:00.000Z")
            #expect(item["modelName"] as? String == "XR-7")
            for cleared in ["quantity", "notes", "labels", "pricePaid"] { #expect(item[cleared] == nil, "\(cleared)") }
            #expect(Set(item.keys) == Set([
                "itemKey", "itemName", "serialNumber", "valueInDollars", "totalValueInDollars", "dateCreated", "dateCreatedSinceReferenceDate", "hasPhoto", "problems",
                "location", "purchaseDate", "purchasedFrom", "warrantyEnds", "warrantyNotes", "modelName", "manufacturer",
            ]))
        }
    }

    @Test("a bad detail is one line on stderr, exit 65, and nothing is changed")
    func badDetails() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let cases: [([String], String)] = [
                (["--quantity", "0"], "a quantity must be 1 to 1,000,000, not 0"),
                (["--quantity", "two"], "a quantity must be a whole number from 1 to 1,000,000, not \"two\""),
                (["--purchase-date", "2024-02-30"], "a purchase date must be a date like 2024-03-15, not \"2024-02-30\""),
                (["--warranty-ends", "2300-01-01"], "a warranty end must be from 1900-01-01 to 2199-12-31, not 2300-01-01T00:00:00.000Z"),
                (["--price-paid=-5"], "a price paid must be a whole number of dollars from 0 to 1,000,000,000, not \"-5\""),
                (["--location", "House › › Shelf"], "a location cannot have an empty level (levels are separated by \"›\" or \">\")"),
                (["--model", String(repeating: "x", count: 101)], "a model name can have at most 100 characters, not 101"),
                (["--label", "a\u{7}"], "a label cannot contain control characters (found U+0007)"),
            ]
            for (options, message) in cases {
                let add = try await homepwner(["add", "Lamp"] + options + data)
                #expect(add.status == 65, "\(options)")
                #expect(add.errors == "homepwner: error: \(message)\n")
            }
            #expect(try await homepwner(["add", "Lamp"] + data).status == 0)
            let update = try await homepwner(["update", "0000", "--quantity", "0"] + data)
            #expect(update.status != 0)
            let listing = try await homepwner(["list"] + data)
            #expect(listing.output.hasSuffix("1 item, total value $0\n"))
        }
    }

    @Test("a stored detail breaking its rule lists with its problem, and check names the option that fixes it")
    func checkNamesTheFix() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            var item = fixedItem(5)
            item.quantity = 0
            item.labels = (0..<60).map(String.init)
            try ItemArchive(items: [item]).encoded().write(to: folder.appendingPathComponent("items.archive"))
            let check = try await homepwner(["check"] + data)
            #expect(check.status == 1)
            #expect(check.output.contains("item \(item.itemKey): an item can have at most 50 labels; fix with: homepwner update 0E8A6F52 --label LABEL …\n"))
            #expect(check.output.contains("item \(item.itemKey): a quantity must be 1 to 1,000,000, not 0; fix with: homepwner update 0E8A6F52 --quantity NUMBER\n"))
            let fix = try await homepwner(["update", "0E8A6F52", "--quantity", "3", "--label", "a", "--label", "b"] + data)
            #expect(fix.status == 0, "\(fix.errors)")
            #expect(try await homepwner(["check"] + data).output.hasSuffix("all good\n"))
        }
    }

    @Test("export-csv adds a column per detail after the 2014 columns, formula-safe, days as YYYY-MM-DD, unset cells empty")
    func exportCSVDetails() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let added = try await homepwner([
                "add", "Drill", "--location", "House › Garage", "--label", "=tools", "--label", "power",
                "--quantity", "2", "--purchase-date", "2024-03-15", "--price-paid", "129", "--purchased-from", "+Store, Inc.",
                "--warranty-ends", "2027-03-15", "--warranty-notes=-call first", "--notes", "two\nlines",
                "--model", "@DR-9", "--manufacturer", "Bosch",
            ] + data)
            #expect(added.status == 0, "\(added.errors)")
            #expect(try await homepwner(["add", "Spork"] + data).status == 0)
            let run = try await homepwner(["export-csv"] + data)
            #expect(run.status == 0)
            let rows = run.output.components(separatedBy: "\r\n")
            try #require(rows.count == 4)
            #expect(rows[1].hasSuffix(",no,House › Garage,'=tools; power,2,2024-03-15,129,\"'+Store, Inc.\",2027-03-15,'-call first,\"two\nlines\",'@DR-9,Bosch,,,0"))
            #expect(rows[2].hasSuffix(",no,,,1,,,,,,,,,,,0"), "then the archive day and the maintenance log (none), and the last column: the total value")
        }
    }
}
