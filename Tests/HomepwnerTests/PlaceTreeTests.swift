import Foundation
@testable import Homepwner
import Testing

@Suite("Where things are: every location in use or kept, with its parents and totals")
struct PlaceTreeTests {
    static func item(_ name: String, _ value: Int, at location: String?, quantity: Int? = nil) -> Item {
        var item = Item(itemName: name, valueInDollars: value, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: "key-\(name)")
        item.location = location
        item.quantity = quantity
        return item
    }

    @Test("each place counts the items at it or inside it as the location filter does; a kept location and its parents are places with nothing in them; parents come before children")
    func places() throws {
        let catalog = ItemCatalog(items: [
            Self.item("Drill", 120, at: "House › Garage"), Self.item("Saw", 30, at: "House › Garage › Shelf 2", quantity: 2),
            Self.item("Lamp", 5, at: nil), Self.item("Kettle", 40, at: "House › Kitchen"),
        ])
        let tree = PlaceTree(catalog, kept: ["Attic › Box", "House › Kitchen"])
        #expect(tree.places.map(\.name) == ["Attic", "Attic › Box", "House", "House › Garage", "House › Garage › Shelf 2", "House › Kitchen"])
        #expect(tree.places.map(\.totals.count) == [0, 0, 3, 2, 1, 1])
        #expect(tree.places.map(\.totals.valueInDollars) == [0, 0, 220, 180, 60, 40])
        #expect(tree.places.map(\.isKept) == [false, true, false, false, false, true])
        #expect(tree.withoutLocation == ItemTotals(count: 1, valueInDollars: 5, quantity: 1))
        #expect(tree.everything.count == 4)
        for place in tree.places {
            let filtered = catalog.search(ItemQuery(location: place.name)).shown
            #expect(filtered == place.totals, "\(place.name)")
        }
        let house = try #require(tree.place(named: "House"))
        #expect(tree.children(of: house).map(\.name) == ["House › Garage", "House › Kitchen"])
    }

    @Test("names that read alike but differ in code points are two places; a name is found only by its own code points")
    func exactNames() {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        let catalog = ItemCatalog(items: [Self.item("One", 1, at: composed), Self.item("Two", 2, at: decomposed)])
        let tree = PlaceTree(catalog, kept: [])
        #expect(tree.places.count == 2)
        #expect(tree.place(named: composed)?.totals.valueInDollars == 1)
        #expect(tree.place(named: decomposed)?.totals.valueInDollars == 2)
    }
}
