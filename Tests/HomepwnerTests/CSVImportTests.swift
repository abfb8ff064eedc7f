import Foundation
@testable import Homepwner
import Testing
import TestSupport

@Suite("CSV files read as RFC 4180 says, and imported row by row against the inventory")
struct CSVImportTests {
    static func table(_ text: String) throws -> CSVTable { try CSVTable(Data(text.utf8)) }

    static func readError(_ bytes: [UInt8], limits: CSVTable.Limits = .default) -> String? {
        do { _ = try CSVTable(Data(bytes), limits: limits); return nil } catch { return (error as? HomepwnerError)?.message }
    }

    @Test("quoted fields keep commas, doubled quotes and line breaks; CRLF, LF and CR end records; a BOM and blank lines are skipped; lines are numbered as a spreadsheet does")
    func readsRFC4180() throws {
        let text = "Name,Serial Number\r\n\"Desk, oak\",\"say \"\"hi\"\"\"\r\n\r\n\"two\nlines\",x\nlast,\rcr,only"
        let table = try CSVTable(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
        #expect(table.header == ["Name", "Serial Number"])
        #expect(table.rows == [
            .init(line: 2, fields: ["Desk, oak", "say \"hi\""]),
            .init(line: 4, fields: ["two\nlines", "x"]),
            .init(line: 6, fields: ["last", ""]),
            .init(line: 7, fields: ["cr", "only"]),
        ])
        #expect(try Self.table("a,b").rows.isEmpty)
        // A row of one empty field, quoted or not, carries nothing: it is a blank line.
        #expect(try Self.table("a\n\"\"\n").rows.isEmpty)
    }

    @Test("a file that cannot be read as CSV is refused with the line and what is wrong")
    func refusals() {
        #expect(Self.readError([]) == "the CSV file is empty: it needs at least its header row")
        #expect(Self.readError(Array("Name\n\"open".utf8)) == "line 2: a quoted field is never closed")
        #expect(Self.readError(Array("Name\n\"a\"b\n".utf8)) == "line 2: a quoted field must end at a comma or the end of the line")
        #expect(Self.readError(Array("Name\nok\n".utf8) + [0xC3, 0x28]) == "line 3: the file is not UTF-8 (save it from the spreadsheet as \"CSV UTF-8\")")
        let small = CSVTable.Limits(maxBytes: 100, maxRows: 3, maxFields: 2, maxFieldBytes: 5)
        #expect(Self.readError(Array(repeating: 0x61, count: 101), limits: small) == "a CSV file can have at most 100 bytes, not 101")
        #expect(Self.readError(Array("a\nb\nc\nd\n".utf8), limits: small) == "a CSV file can have at most 2 rows after its header")
        #expect(Self.readError(Array("a,b,c\n".utf8), limits: small) == "line 1: a row can have at most 2 fields")
        #expect(Self.readError(Array("abcdef\n".utf8), limits: small) == "line 1: a field can have at most 5 bytes")
    }

    /// Items whose text the export must guard or quote.
    static func awkwardItems() -> [Item] {
        let names = ["=SUM(A1)", "'=quoted already", "éclair 😀", "say \"hi\", twice", "-5 volts", "+plus", "@home", "Cafe\u{301}", "plain"]
        return names.enumerated().map { index, name in
            var item = Item(
                itemName: name, serialNumber: index % 2 == 0 ? "SN-\(index)" : "", valueInDollars: index * 100,
                dateCreated: Date(timeIntervalSinceReferenceDate: 416_000_000.123_456 + Double(index)),
                itemKey: String(format: "%08X-0000-4000-8000-%012X", index, index)
            )
            if index % 3 == 0 {
                // Every detail, text the export must guard or quote among them.
                item.location = "House › Garage"
                item.labels = ["tools", "=risky", "café"]
                item.quantity = 3
                item.purchaseDate = Date(timeIntervalSinceReferenceDate: 700_000_000)
                item.pricePaid = 80
                item.purchasedFrom = "Shop, \"the\" one"
                item.warrantyEnds = Date(timeIntervalSinceReferenceDate: 800_000_000)
                item.warrantyNotes = "Call\n555-0100"
                item.notes = "+ spare bits"
                item.modelName = "XR-7"
                item.manufacturer = "@Acme"
            }
            return item
        }
    }

    @Test("an export imported back unedited, with or without a BOM, changes nothing and adds nothing", arguments: [false, true])
    func roundTripChangesNothing(byteOrderMark: Bool) throws {
        let items = Self.awkwardItems()
        let data = ItemCSV.data(items, byteOrderMark: byteOrderMark)
        #expect(data.starts(with: [0xEF, 0xBB, 0xBF]) == byteOrderMark)
        let plan = try ItemImportPlan.plan(try CSVTable(data), against: items)
        #expect(plan.unchangedCount == items.count)
        #expect(plan.additions.isEmpty && plan.changes.isEmpty && plan.refusals.isEmpty && plan.ignoredColumns.isEmpty)
    }

    @Test("an exported file edited in a spreadsheet changes exactly the edited cells of the edited rows, canonically equivalent text included")
    func editsChangeExactlyWhatWasEdited() throws {
        let items = Self.awkwardItems()
        var table = try CSVTable(ItemCSV.data(items, byteOrderMark: true))
        table.rows[2].fields[2] = "$1,234"                  // the value of "éclair 😀"
        table.rows[3].fields[0] = "Say hi, once"             // the name of the fourth
        table.rows[7].fields[0] = "Caf\u{E9}"                // NFC in place of NFD: another name by code point
        table.rows[0].fields[0] = "'=SUM(A1)"                // as exported: unchanged
        table.rows[6].fields[7] = "tools; gift"              // the labels of the seventh
        table.rows[6].fields[8] = "4"                        // and its quantity
        let plan = try ItemImportPlan.plan(table, against: items)
        // Lines are the file's: the warranty notes' line break inside a quoted cell counts, as in a text editor.
        #expect(plan.changes.map(\.line) == [5, 6, 10, 12])
        #expect(plan.changes.map(\.columns) == [["Value Each in Dollars"], ["Name"], ["Labels", "Quantity"], ["Name"]])
        #expect(plan.changes[2].item.labels == ["tools", "gift"] && plan.changes[2].item.quantity == 4)
        #expect(plan.changes[2].item.notes == "+ spare bits" && plan.changes[2].item.pricePaid == 80)
        #expect(plan.changes[0].item.valueInDollars == 1_234)
        #expect(plan.changes[0].item.dateCreated == items[2].dateCreated)
        #expect(plan.changes[0].basedOn == items[2].version)
        #expect(plan.changes[3].item.itemName.unicodeScalars.elementsEqual("Caf\u{E9}".unicodeScalars))
        #expect(plan.unchangedCount == items.count - 4)
        #expect(plan.additions.isEmpty && plan.refusals.isEmpty)
    }

    @Test("rows without a key, or with a key no item has, add items; bad keys, repeated keys, rule breaks and short headers are refused row by row with the reason")
    func additionsAndRefusals() throws {
        let existing = Self.awkwardItems()[8]
        let text = """
            Name,Serial Number,Value in Dollars,Date Created,Item Key,Colour
            Lamp,L-1,$45,,,red
            Kettle,,12,2014-03-02T10:15:30.250Z,11111111-2222-4333-8444-555555555555,
            Saw,,abc,,,
            ,,5,,,
            Drill,,1,,not-a-key,
            Drill again,,1,,11111111-2222-4333-8444-555555555555,
            Cup,,1,yesterday,,
            Way,too,many,fields,,,here

            """
        let keys = ["AAAAAAAA-0000-4000-8000-000000000001", "AAAAAAAA-0000-4000-8000-000000000002"]
        var made = 0
        let plan = try ItemImportPlan.plan(
            try Self.table(text), against: [existing], now: { Date(timeIntervalSinceReferenceDate: 7) },
            makeKey: { defer { made += 1 }; return keys[made] }
        )
        #expect(plan.ignoredColumns == ["Colour"])
        #expect(plan.additions.map(\.line) == [2, 3])
        #expect(plan.additions[0].item.itemKey == keys[0])
        #expect(plan.additions[0].item.itemName == "Lamp" && plan.additions[0].item.valueInDollars == 45 && plan.additions[0].item.serialNumber == "L-1")
        #expect(plan.additions[0].item.dateCreated == Date(timeIntervalSinceReferenceDate: 7))
        #expect(plan.additions[1].item.itemKey == "11111111-2222-4333-8444-555555555555")
        #expect(ItemCSV.dateText(plan.additions[1].item.dateCreated) == "2014-03-02T10:15:30.250Z")
        #expect(plan.refusals == [
            .init(line: 4, item: "Saw", reason: "a value must be a whole number of dollars from 0 to 1,000,000,000, not \"abc\""),
            .init(line: 5, reason: "a new item needs a name"),
            .init(line: 6, item: "Drill", reason: "its item key \"not-a-key\" is not a UUID"),
            .init(line: 7, item: "Drill again", reason: "its item key is on line 3 already"),
            .init(line: 8, item: "Cup", reason: "a date must be written as the export writes it (2014-03-02T10:15:30.250Z), not \"yesterday\""),
            .init(line: 9, reason: "it has 7 fields and the header 6"),
        ])
        #expect(throws: HomepwnerError.self) { try ItemImportPlan.plan(try Self.table("Colour\nred\n"), against: []) }
        #expect(throws: HomepwnerError.self) { try ItemImportPlan.plan(try Self.table("Name,Name\na,b\n"), against: []) }
    }

    @Test("a refused row names its item and gives every reason, not only the first: a new row's and an existing item's")
    func everyReason() throws {
        let existing = Item(itemName: "Desk", valueInDollars: 50, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: "11111111-2222-4333-8444-555555555555")
        let text = """
            Name,Value Each in Dollars,Quantity,Item Key
            ,lots,0,
            Drill,lots,zero,
            ,9,-1,11111111-2222-4333-8444-555555555555

            """
        let plan = try ItemImportPlan.plan(try Self.table(text), against: [existing])
        let value = "a value must be a whole number of dollars from 0 to 1,000,000,000, not \"lots\""
        #expect(plan.refusals.map(\.item) == [nil, "Drill", "Desk"])
        #expect(plan.refusals[0].reasons.count == 3 && plan.refusals[0].reasons[0] == "a new item needs a name" && plan.refusals[0].reasons[1] == value)
        #expect(plan.refusals[1].reasons.count == 2 && plan.refusals[1].reasons[0] == value)
        #expect(plan.refusals[2].reasons.count == 2, "an emptied name and a quantity of -1; the row is named by its item's own name")
        #expect(plan.refusals[1].text == "Drill: " + plan.refusals[1].reasons.joined(separator: "; "))
        #expect(plan.additions.isEmpty && plan.changes.isEmpty)
    }

    @Test("the store applies a preview in one write; a row whose item changed or went since the preview is refused, and the rest go in", arguments: StorageKind.allCases)
    func applyAfterPreview(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let lamp = try await store.add(NewItem(name: "Lamp", valueInDollars: 5))
            let desk = try await store.add(NewItem(name: "Desk", valueInDollars: 50))
            let cup = try await store.add(NewItem(name: "Cup", valueInDollars: 1))
            var table = try CSVTable(ItemCSV.data(try await store.items(), byteOrderMark: false))
            for row in table.rows.indices { table.rows[row].fields[2] = "999" }
            table.rows.append(.init(line: 5, fields: ["Stool", "", "20", "", "", "no"]))
            let plan = try ItemImportPlan.plan(table, against: try await store.items())
            #expect(plan.changes.count == 3 && plan.additions.count == 1)
            // After the preview: the desk changes, the cup goes.
            try await store.update(desk.itemKey, ItemChanges(name: "Standing desk"))
            try await store.delete(cup.itemKey)
            let writesBefore = await store.changeCount
            let result = try await store.applyImport(plan)
            #expect(await store.changeCount == writesBefore + 1)
            #expect(result.changed.map(\.itemKey) == [lamp.itemKey])
            #expect(result.added.map(\.itemName) == ["Stool"])
            #expect(result.refusals == [
                .init(line: 3, item: "Desk", reason: "its item was changed after the preview; import the file again to see the change"),
                .init(line: 4, item: "Cup", reason: "its item was deleted after the preview"),
            ])
            try await store.close()
            let reopened = ItemStoreTests.store(place.storage)
            #expect(try await reopened.items().map { "\($0.itemName) \($0.valueInDollars)" } == ["Lamp 999", "Standing desk 50", "Stool 20"])
            try await reopened.close()
        }
    }
}
