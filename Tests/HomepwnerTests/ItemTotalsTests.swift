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

/// Locations people can type and see: ">" is a level separator as "›" is, and the list of
/// locations holds every parent, counted as the filter counts.
@Suite("Locations: typed with >, listed with their parents")
struct LocationPlacesTests {
    static func item(_ name: String, at location: String?) -> Item {
        var item = Item(itemName: name, valueInDollars: 10, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: UUID().uuidString)
        item.location = location
        return item
    }

    @Test("a location typed with > is stored with › between trimmed levels; › and > mix")
    func typedSeparator() throws {
        #expect(try ItemRules.location("House > Garage >Shelf 2") == "House › Garage › Shelf 2")
        #expect(try ItemRules.location("House›Garage > Shelf 2") == "House › Garage › Shelf 2")
        #expect(throws: HomepwnerError.self) { try ItemRules.location("House >> Garage") }
    }

    @Test("every location in use and each parent is listed once, with the count and value the filter shows for it; a filter typed with > is the same filter")
    func placesCountWhatTheFilterShows() {
        let catalog = ItemCatalog(items: [
            Self.item("drill", at: "House › Garage"), Self.item("saw", at: "House › Garage"), Self.item("screws", at: "House › Garage › Shelf 2"),
            Self.item("kettle", at: "House › Kitchen"), Self.item("rake", at: "Shed"), Self.item("box", at: "Attic>Box"), Self.item("spork", at: nil),
        ])
        let places = catalog.search(ItemQuery()).byPlace
        #expect(places.map(\.name) == ["Attic", "Attic › Box", "House", "House › Garage", "House › Garage › Shelf 2", "House › Kitchen", "Shed"])
        #expect(places.map(\.all.count) == [1, 1, 4, 3, 1, 1, 1])
        for place in places {
            let filtered = catalog.search(ItemQuery(location: place.name)).shown
            #expect(filtered == place.all, "\(place.name ?? "")")
        }
        #expect(catalog.search(ItemQuery(location: "House > Garage")).shown.count == 3)
    }

    @Test("a CSV's location typed with > is imported with ›")
    func csvLocation() throws {
        let table = try CSVTable(Data("Name,Location\r\nBox,Attic > Shelf 3\r\n".utf8))
        #expect(try ItemImportPlan.plan(table, against: []).additions.first?.item.location == "Attic › Shelf 3")
    }

    @Test("a location from elsewhere with thousands of levels gives its first levels as parents, not one per level")
    func deepForeignLocation() {
        let deep = Array(repeating: "a", count: 5_000).joined(separator: "›")
        let places = ItemCatalog(items: [Self.item("deep", at: deep)]).search(ItemQuery()).byPlace
        #expect(places.count == ItemRules.maxLocationLevels + 1)
        #expect(places.allSatisfy { $0.all.count == 1 })
    }
}
