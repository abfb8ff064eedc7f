import Foundation
@testable import Homepwner
import Testing
import TestSupport

@Suite("A label's code names its item: the key's start, in any case")
struct ItemCodeTests {
    static func item(_ name: String, key: String, serial: String = "") -> Item {
        Item(itemName: name, serialNumber: serial, valueInDollars: 10, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: key)
    }

    static let drill = item("Drill", key: "6F0C1E2A-3B4C-4D5E-8F70-112233445566")
    static let saw = item("Saw", key: "6F0C9999-0000-4000-8000-000000000002")
    static let cafe = item("Cafe table", key: "CAFE0000-0000-4000-8000-000000000003")
    static let mug = item("Mug", key: "0C4F2B8E-7D1A-4E3B-9A5C-2F6D8E1B3A7C", serial: "cafe-7")

    @Test("a whole key (by code point) or the start of one key (4 characters or more, any case) names the item; a start several keys share counts them; under 4 characters only a whole key counts")
    func keyMatch() {
        let catalog = ItemCatalog(items: [Self.drill, Self.saw, Self.cafe, Self.mug])
        #expect(catalog.keyMatch(Self.drill.itemKey) == .one(Self.drill))
        #expect(catalog.keyMatch("6f0c1e2a") == .one(Self.drill))
        #expect(catalog.keyMatch("6F0C1") == .one(Self.drill))
        #expect(catalog.keyMatch("6F0C") == .several(count: 2))
        #expect(catalog.keyMatch("6F0") == .none)
        #expect(catalog.keyMatch("FFFF") == .none)
        #expect(catalog.keyMatch("") == .none)
        #expect(catalog.keyMatch(String(repeating: "6", count: 300)) == .none)
        // Items that share one key (a damaged archive's) are that one key.
        let twice = ItemCatalog(items: [Self.drill, Self.drill])
        #expect(twice.keyMatch("6F0C") == .one(Self.drill))
    }

    @Test("a search for a label's 8-character code shows that item alone; a shorter code adds its item to what the words find; anything else searches words")
    func searchByCode() {
        let catalog = ItemCatalog(items: [Self.drill, Self.saw, Self.cafe, Self.mug])
        let names = { (text: String) in catalog.search(ItemQuery(text: text)).items.map(\.itemName) }
        #expect(names("6f0c1e2a") == ["Drill"])
        #expect(names(" CAFE0000 ") == ["Cafe table"])
        // "cafe" is a word of the table's name and the mug's serial, and the start of the table's key.
        #expect(names("cafe") == ["Cafe table", "Mug"])
        #expect(names("cafe0") == ["Cafe table"])
        // A start two keys share is no code: the words find nothing.
        #expect(names("6F0C") == [])
        #expect(names("6F0C1E2A drill") == [])
        // The totals count what is shown.
        #expect(catalog.search(ItemQuery(text: "6F0C1E2A")).shown.count == 1)
    }
}
