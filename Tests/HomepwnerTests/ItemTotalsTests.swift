import Foundation
@testable import Homepwner
import Testing

/// Totals mean one thing: an item's value is the value of one (as the 2014 app, which had no
/// quantity, meant it), and every total is value × quantity.
@Suite("Totals: value × quantity")
struct ItemTotalsTests {
    static func item(_ name: String, value: Int, quantity: Int? = nil, location: String? = nil) -> Item {
        var item = Item(itemName: name, valueInDollars: value, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: UUID().uuidString)
        item.quantity = quantity
        item.location = location
        return item
    }

    @Test("an item's total is its value times its quantity (one when unset); it saturates instead of trapping")
    func itemTotal() {
        #expect(Self.item("chairs", value: 500, quantity: 3).totalValueInDollars == 1_500)
        #expect(Self.item("lamp", value: 40).totalValueInDollars == 40)
        #expect(Self.item("huge", value: .max / 2, quantity: 3).totalValueInDollars == .max)
        #expect(Self.item("debt", value: .min / 2, quantity: 3).totalValueInDollars == .min)
        #expect(Self.item("odd", value: .min, quantity: -1).totalValueInDollars == .max, "from a foreign archive: any value, any quantity")
    }

    @Test("the search's totals, everywhere and by location, add the items' totals; the count counts items, the quantity things")
    func searchTotals() {
        let catalog = ItemCatalog(items: [
            Self.item("chairs", value: 500, quantity: 3, location: "Room"), Self.item("lamp", value: 40, location: "Room"), Self.item("rug", value: 100, quantity: 2),
        ])
        let result = catalog.search(ItemQuery(text: "chairs"))
        #expect(result.everything == ItemTotals(count: 3, valueInDollars: 1_740, quantity: 6))
        #expect(result.shown == ItemTotals(count: 1, valueInDollars: 1_500, quantity: 3))
        #expect(result.byLocation.map(\.all) == [ItemTotals(count: 2, valueInDollars: 1_540, quantity: 4), ItemTotals(count: 1, valueInDollars: 200, quantity: 2)])
        #expect(ItemTotals([Self.item("a", value: .max, quantity: 1), Self.item("b", value: 1, quantity: 2)]).valueInDollars == .max, "the sum saturates")
    }

    @Test("the words that say so: \"3 × $500 each\" for a quantity other than one, nothing for one")
    func eachText() {
        #expect(ItemRules.eachText(of: Self.item("chairs", value: 500, quantity: 3)) == "3 × $500 each")
        #expect(ItemRules.eachText(of: Self.item("lamp", value: 1_200, quantity: 1)) == nil)
        #expect(ItemRules.eachText(of: Self.item("lamp", value: 1_200)) == nil)
        #expect(ItemRules.eachText(of: Self.item("pens", value: 2, quantity: 1_000)) == "1,000 × $2 each")
    }

    @Test("the CSV says each and total: a total column written and never read back; an export made before, titled \"Value in Dollars\", still imports; both titles at once are refused")
    func csvColumns() throws {
        let chairs = Self.item("chairs", value: 500, quantity: 3)
        let table = try CSVTable(ItemCSV.data([chairs], byteOrderMark: false))
        #expect(table.header[2] == "Value Each in Dollars" && table.header.last == "Total Value in Dollars")
        #expect(table.rows[0].fields[2] == "500" && table.rows[0].fields.last == "1500")
        var edited = table
        edited.rows[0].fields[edited.header.count - 1] = "99"  // a total typed over: derived, not read
        #expect(try ItemImportPlan.plan(edited, against: [chairs]).unchangedCount == 1)
        let old = try CSVTable(Data("Name,Value in Dollars,Quantity\r\nStool,25,2\r\n".utf8))
        let added = try #require(try ItemImportPlan.plan(old, against: []).additions.first?.item)
        #expect((added.valueInDollars, added.quantity, added.totalValueInDollars) == (25, 2, 50))
        let both = try CSVTable(Data("Name,Value in Dollars,Value Each in Dollars\r\nStool,25,30\r\n".utf8))
        #expect(throws: HomepwnerError.self) { try ItemImportPlan.plan(both, against: []) }
    }
}
