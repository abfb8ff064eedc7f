import Foundation
@testable import Homepwner
import Testing
import TestSupport

@Suite("Searching, filtering, sorting and paging the inventory")
struct ItemSearchTests {
    /// An item with the given fields; the key is the name's hash so that it is stable.
    static func item(
        _ name: String, serial: String = "", value: Int = 0, day: Double = 0, location: String? = nil, labels: [String]? = nil,
        model: String? = nil, notes: String? = nil
    ) -> Item {
        var item = Item(itemName: name, serialNumber: serial, valueInDollars: value, dateCreated: Date(timeIntervalSinceReferenceDate: day * 86_400), itemKey: "key-\(name)")
        item.location = location
        item.labels = labels
        item.modelName = model
        item.notes = notes
        return item
    }

    static func names(_ result: ItemSearchResult) -> [String] { result.items.map(\.itemName) }

    @Test("a search finds words in any case and with or without accents, in the archive's order")
    func foldsCaseAndAccents() {
        let catalog = ItemCatalog(items: [Self.item("Éclair pan"), Self.item("Bread tin"), Self.item("ECLAIR mold"), Self.item("éclair 😀")])
        #expect(Self.names(catalog.search(ItemQuery(text: "eclair"))) == ["Éclair pan", "ECLAIR mold", "éclair 😀"])
        #expect(Self.names(catalog.search(ItemQuery(text: "ÉCLAIR 😀"))) == ["éclair 😀"])
        #expect(Self.names(catalog.search(ItemQuery(text: "  "))) == ["Éclair pan", "Bread tin", "ECLAIR mold", "éclair 😀"])
    }

    @Test("every word must occur, each in any of name, serial number, model, notes, location and labels, and never across two fields")
    func wordsAcrossFields() {
        let drill = Self.item("Drill", serial: "SN-4411", location: "House › Garage", labels: ["tools", "power"], model: "DX-200", notes: "Lent to Sam")
        let catalog = ItemCatalog(items: [drill, Self.item("Kettle", location: "House › Kitchen")])
        for text in ["drill garage", "sn-4411", "dx-200 TOOLS", "sam house", "power"] {
            #expect(Self.names(catalog.search(ItemQuery(text: text))) == ["Drill"], "search \(text)")
        }
        #expect(Self.names(catalog.search(ItemQuery(text: "drill kitchen"))).isEmpty)
        #expect(Self.names(catalog.search(ItemQuery(text: "house"))) == ["Drill", "Kettle"])
        // "Drill" then "SN-4411": "llsn" spans the two fields and is not found.
        #expect(Self.names(catalog.search(ItemQuery(text: "llsn"))).isEmpty)
    }

    @Test("a location filter finds the location and what is inside it, level by level and by code point")
    func locationFilter() {
        let catalog = ItemCatalog(items: [
            Self.item("a", location: "House › Garage"), Self.item("b", location: "House › Garage › Shelf 2"),
            Self.item("c", location: "House › Garage2"), Self.item("d", location: "House"), Self.item("e"),
            Self.item("f", location: "Cafe\u{301} › Back"), Self.item("g", location: "Caf\u{E9} › Back"),
        ])
        #expect(Self.names(catalog.search(ItemQuery(location: "House › Garage"))) == ["a", "b"])
        #expect(Self.names(catalog.search(ItemQuery(location: "House"))) == ["a", "b", "c", "d"])
        #expect(Self.names(catalog.search(ItemQuery(location: "Caf\u{E9}"))) == ["g"])
        #expect(Self.names(catalog.search(ItemQuery(location: "Attic"))).isEmpty)
    }

    @Test("a label filter finds the items with exactly that label, by code point, with a search on top")
    func labelFilter() {
        let catalog = ItemCatalog(items: [
            Self.item("Saw", labels: ["tools"]), Self.item("Lamp", labels: ["Tools"]), Self.item("Drill", labels: ["power", "tools"]),
        ])
        #expect(Self.names(catalog.search(ItemQuery(label: "tools"))) == ["Saw", "Drill"])
        #expect(Self.names(catalog.search(ItemQuery(text: "dri", label: "tools"))) == ["Drill"])
    }

    @Test("sorting by location puts the items without one last, then by name; descending reverses, ties keep the archive's order")
    func sortByLocation() {
        let items = [
            Self.item("Zebra", location: "Attic"), Self.item("Apple"), Self.item("Mango", location: "Attic"),
            Self.item("Kiwi", location: "attic 10"), Self.item("Pear", location: "Attic 9"),
        ]
        let catalog = ItemCatalog(items: items)
        #expect(Self.names(catalog.search(ItemQuery(order: ItemOrder(field: .location)))) == ["Mango", "Zebra", "Pear", "Kiwi", "Apple"])
        #expect(Self.names(catalog.search(ItemQuery(order: ItemOrder(field: .location, descending: true)))) == ["Apple", "Kiwi", "Pear", "Zebra", "Mango"])
    }

    @Test("a page is the query's matches from the offset, at most the limit, with totals of every match and of everything")
    func paging() {
        let items = (1...25).map { Self.item("Item \($0)", value: $0, labels: $0 % 2 == 0 ? ["even"] : nil) }
        let catalog = ItemCatalog(items: items)
        let page = catalog.search(ItemQuery(label: "even", order: ItemOrder(field: .value, descending: true), offset: 3, limit: 4))
        #expect(Self.names(page) == ["Item 18", "Item 16", "Item 14", "Item 12"])
        #expect(page.offset == 3)
        #expect(page.shown == ItemTotals(count: 12, valueInDollars: 156))
        #expect(page.everything == ItemTotals(count: 25, valueInDollars: 325))
        #expect(catalog.search(ItemQuery(offset: 30, limit: 10)).items.isEmpty)
    }

    @Test("totals by location and by label count each item once per group, for everything and for the matches; no location comes last")
    func groupTotals() {
        let catalog = ItemCatalog(items: [
            Self.item("Saw", value: 10, location: "Garage", labels: ["tools", "tools"]),
            Self.item("Drill", value: 100, location: "Garage", labels: ["tools", "power"]),
            Self.item("Lamp", value: 40, location: "Attic"),
            Self.item("Cup", value: 2),
        ])
        let result = catalog.search(ItemQuery(text: "drill"))
        #expect(result.byLocation == [
            GroupTotals(name: "Attic", all: ItemTotals(count: 1, valueInDollars: 40), shown: ItemTotals()),
            GroupTotals(name: "Garage", all: ItemTotals(count: 2, valueInDollars: 110), shown: ItemTotals(count: 1, valueInDollars: 100)),
            GroupTotals(name: nil, all: ItemTotals(count: 1, valueInDollars: 2), shown: ItemTotals()),
        ])
        #expect(result.byLabel == [
            GroupTotals(name: "power", all: ItemTotals(count: 1, valueInDollars: 100), shown: ItemTotals(count: 1, valueInDollars: 100)),
            GroupTotals(name: "tools", all: ItemTotals(count: 2, valueInDollars: 110), shown: ItemTotals(count: 1, valueInDollars: 100)),
        ])
    }

    @Test("totals of values from a foreign archive saturate instead of overflowing")
    func saturatingTotals() {
        let catalog = ItemCatalog(items: [
            Self.item("a", value: .max, labels: ["high"]), Self.item("b", value: 5, labels: ["high"]),
            Self.item("c", value: .min, labels: ["low"]), Self.item("d", value: -5, labels: ["low"]),
        ])
        #expect(catalog.search(ItemQuery(label: "high")).shown.valueInDollars == .max)
        #expect(catalog.search(ItemQuery(label: "low")).shown.valueInDollars == .min)
    }

    @Test("a query over its limits is refused with one sentence")
    func limits() throws {
        func message(_ query: ItemQuery) -> String? {
            do { _ = try query.validated(); return nil } catch { return (error as? HomepwnerError)?.message }
        }
        #expect(message(ItemQuery(text: String(repeating: "x", count: 201))) == "a search can have at most 200 characters")
        #expect(message(ItemQuery(text: String(repeating: "x", count: 200))) == nil)
        #expect(message(ItemQuery(location: String(repeating: "x", count: 201))) == "a location can have at most 200 characters")
        #expect(message(ItemQuery(label: String(repeating: "x", count: 41))) == "a label can have at most 40 characters")
        #expect(message(ItemQuery(offset: -1)) == "an offset cannot be negative, not -1")
        #expect(message(ItemQuery(limit: 0)) == "a limit must be from 1 to 1000, not 0")
        #expect(message(ItemQuery(limit: 1001)) == "a limit must be from 1 to 1000, not 1001")
    }

    @Test("the store's catalog follows every change: an item added, renamed or deleted is found or not at once", arguments: StorageKind.allCases)
    func storeFollowsChanges(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let added = try await store.add(NewItem(name: "Blue kettle", valueInDollars: 30))
            #expect(Self.names(try await store.search(ItemQuery(text: "kettle"))) == ["Blue kettle"])
            let renamed = try await store.update(added.itemKey, ItemChanges(name: "Red teapot"), ifVersion: nil)
            #expect(Self.names(try await store.search(ItemQuery(text: "kettle"))).isEmpty)
            #expect(Self.names(try await store.search(ItemQuery(text: "teapot"))) == ["Red teapot"])
            try await store.delete(renamed.itemKey, ifVersion: nil)
            #expect(try await store.search(ItemQuery()).everything == ItemTotals())
            await #expect(throws: HomepwnerError.self) { try await store.search(ItemQuery(limit: 0)) }
            try await store.close()
        }
    }
}
