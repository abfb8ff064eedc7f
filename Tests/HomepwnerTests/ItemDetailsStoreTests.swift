import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing
import TestSupport

@Suite("The store adds, changes and keeps an item's details")
struct ItemDetailsStoreTests {
    @Test("details given on add are checked, normalised and saved; read again from storage they are the same", arguments: StorageKind.allCases)
    func addWithDetails(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            var draft = NewItem(name: "Drill", valueInDollars: 120)
            draft.details.location = "House›Garage"
            draft.details.labels = ["tools", " tools ", "power"]
            draft.details.quantity = 2
            draft.details.pricePaid = .some(99)
            draft.details.notes = "  line one\r\nline two  "
            let added = try await store.add(draft)
            #expect(added.location == "House › Garage")
            #expect(added.labels == ["tools", "power"])
            #expect(added.quantity == 2)
            #expect(added.pricePaid == 99)
            #expect(added.notes == "line one\nline two")
            #expect(added.purchaseDate == nil && added.modelName == nil)
            try await store.close()
            let reopened = ItemStoreTests.store(place.storage)
            let read = try #require(try await reopened.items().first)
            #expect(read == added)
            try await reopened.close()
        }
    }

    @Test("updating the name and value of an item with details (as the API does) keeps every detail and every unknown key", arguments: StorageKind.allCases)
    func updateKeepsDetails(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            var item = itemWithEveryDetail(0)
            // A key no version knows, as a later app might add.
            let archiver = KeyedArchiver()
            archiver.encode(ItemArchive(items: [item]), forKey: "root")
            guard case .dictionary(var plist) = archiver.propertyList, case .array(var objects) = plist["$objects"] else { return }
            let index = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["itemKey"] != nil } else { false } })
            guard case .dictionary(var fields) = objects[index] else { return }
            fields["attachmentCount"] = .integer(2)
            objects[index] = .dictionary(fields)
            plist["$objects"] = .array(objects)
            try await place.write("items.archive", try PropertyList.dictionary(plist).encoded(as: .binary))

            let store = ItemStoreTests.store(place.storage)
            let before = try await store.item(item.itemKey)
            let updated = try await store.update(item.itemKey, ItemChanges(name: "Renamed", valueInDollars: 42), ifVersion: before.version)
            expectJoinedHistoryWithoutPerson(updated, &item, fields: ["name", "valueInDollars"])
            #expect(sameDetails(updated, item) == true)
            #expect(updated.otherFields.keys == ["attachmentCount"])
            try await store.close()

            let stored = try #require(try await place.read("items.archive"))
            let reread = try #require(try ItemArchive.decode(stored).items.first)
            item.itemName = "Renamed"
            item.valueInDollars = 42
            #expect(sameDetails(reread, item) == true)
            #expect(reread.itemName == "Renamed" && reread.valueInDollars == 42)
            #expect(try reread.otherFields.value(forKey: "attachmentCount") == .integer(2))
        }
    }

    @Test("update sets and clears details: empty text, no labels, quantity 1 and .some(nil) remove their keys", arguments: StorageKind.allCases)
    func updateSetsAndClears(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Lamp"))
            var set = ItemChanges()
            set.modelName = "L-1"
            set.purchaseDate = .some(Date(timeIntervalSinceReferenceDate: 700_000_000.25))
            set.quantity = 4
            let changed = try await store.update(item.itemKey, set)
            #expect(changed.modelName == "L-1")
            #expect(changed.purchaseDate?.timeIntervalSinceReferenceDate == 700_000_000.25)
            #expect(changed.quantity == 4)
            #expect(changed.version != item.version)

            var clear = ItemChanges()
            clear.modelName = " "
            clear.purchaseDate = .some(nil)
            clear.quantity = 1
            let cleared = try await store.update(item.itemKey, clear)
            #expect(!cleared.hasDetails)
            #expect(cleared.version == item.version)
            try await store.close()
            let data = try #require(try await place.read("items.archive"))
            #expect(try firstItemFields(data).keys.map(\.string).sorted() == ["$class", "dateCreated", "itemKey", "itemName", "serialNumber", "valueInDollars"])
        }
    }

    @Test("a detail breaking its rule is refused with one message, and nothing is saved", arguments: StorageKind.allCases)
    func badDetailRefused(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Lamp"))
            var change = ItemChanges(name: "New name")
            change.quantity = 0
            await #expect(throws: HomepwnerError(.invalidValue, "a quantity must be 1 to 1,000,000, not 0")) {
                try await store.update(item.itemKey, change)
            }
            var draft = NewItem(name: "Chair")
            draft.details.warrantyEnds = .some(Date(timeIntervalSinceReferenceDate: 1e10))
            await #expect(throws: HomepwnerError(.invalidValue, "a warranty end must be from 1900-01-01 to 2199-12-31, not 2317-11-21T17:46:40.000Z")) {
                try await store.add(draft)
            }
            #expect(try await store.items() == [item])
            try await store.close()
        }
    }
}
