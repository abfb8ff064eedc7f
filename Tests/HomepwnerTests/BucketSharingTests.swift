import DocumentStore
import Foundation
@testable import Homepwner
import Testing
import TestSupport

@Suite("Two item stores on one bucket: no change lost, a change to an item deleted elsewhere fails clearly", .serialized)
struct BucketSharingTests {
    /// A store on `place` whose keys start with `tag`, so two stores never make the same key.
    /// Unless `following`, its reads never look for the other store's changes: what it read
    /// stays stale, as it would for a store that read just before the other one wrote.
    static func store(_ place: StoragePlace, tag: Int, following: Bool = false) async -> ItemStore {
        let counter = Counter()
        let store = ItemStore(storage: place.storage, makeKey: { String(format: "0000000\(tag)-0000-4000-8000-%012X", counter.next()) })
        if !following { await store.lookForOtherStores(every: .seconds(3600)) }
        return store
    }

    @Test("each store's edits land on the archive the other wrote: both edits kept, nothing overwritten", arguments: StorageKind.buckets)
    func editsFromBothStoresAreKept(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let mine = await Self.store(place, tag: 1), theirs = await Self.store(place, tag: 2)
            let lamp = try await mine.add(NewItem(name: "Lamp"))
            let sofa = try await mine.add(NewItem(name: "Sofa"))
            try await theirs.load()
            try await mine.update(lamp.itemKey, ItemChanges(valueInDollars: 40))
            // `theirs` still holds the archive before that edit: its write loses and is made again.
            try await theirs.update(sofa.itemKey, ItemChanges(serialNumber: "SF-9"))
            try await theirs.add(NewItem(name: "Rug"))
            #expect(await theirs.archive.conflictCount == 1, "the stale store's first write must have lost the race once")
            let stored = try await ItemStore.open(storage: place.storage, readOnly: true).items()
            #expect(stored.map(\.itemName) == ["Lamp", "Sofa", "Rug"])
            #expect(stored.map(\.valueInDollars) == [40, 0, 0])
            #expect(stored.map(\.serialNumber) == ["", "SF-9", ""])
        }
    }

    @Test("a change to an item the other store deleted fails with a message saying so; the other changes in its write land", arguments: StorageKind.buckets)
    func changeToItemDeletedElsewhereFails(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let mine = await Self.store(place, tag: 1), theirs = await Self.store(place, tag: 2)
            let lamp = try await mine.add(NewItem(name: "Lamp"))
            let sofa = try await mine.add(NewItem(name: "Sofa"))
            try await theirs.load()
            try await mine.delete(lamp.itemKey)
            let rename = Task { try await theirs.update(lamp.itemKey, ItemChanges(name: "Desk lamp")) }
            let price = Task { try await theirs.update(sofa.itemKey, ItemChanges(valueInDollars: 300)) }
            let message = "item \(lamp.itemKey) was deleted by another change (here or on another server sharing the storage) before this change could be saved; nothing was changed"
            await #expect(throws: HomepwnerError(.notFound, message)) { try await rename.value }
            #expect(try await price.value.valueInDollars == 300)
            #expect(await theirs.archive.conflictCount >= 1)
            await #expect(throws: HomepwnerError(.notFound, "no item has the key \(lamp.itemKey)")) {
                try await theirs.update(lamp.itemKey, ItemChanges(name: "again"))
            }
            let stored = try await ItemStore.open(storage: place.storage, readOnly: true).items()
            #expect(stored.map(\.itemName) == ["Sofa"])
            #expect(stored.map(\.valueInDollars) == [300])
        }
    }

    @Test("two stores changing at once, 20 changes each: every change is in the archive exactly once", arguments: StorageKind.buckets)
    func concurrentChangesAllLand(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let stores = [await Self.store(place, tag: 1), await Self.store(place, tag: 2)]
            for store in stores { try await store.load() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask { try await stores[index % 2].add(NewItem(name: "item \(index)", valueInDollars: index)) }
                }
                try await group.waitForAll()
            }
            let stored = try await ItemStore.open(storage: place.storage, readOnly: true).items()
            #expect(stored.count == 40)
            #expect(Set(stored.map(\.itemName)) == Set((0..<40).map { "item \($0)" }))
            #expect(Set(stored.map(\.itemKey)).count == 40)
            let conflicts = await stores[0].archive.conflictCount + stores[1].archive.conflictCount
            #expect(conflicts > 0, "two stores writing at once must have raced at least once")
        }
    }

    @Test("a store sees the other's changes within its refresh interval, without being told", arguments: StorageKind.buckets)
    func readsFollowTheOtherStore(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let mine = await Self.store(place, tag: 1), theirs = await Self.store(place, tag: 2, following: true)
            #expect(try await theirs.items().isEmpty)
            let lamp = try await mine.add(NewItem(name: "Lamp"))
            try await waitUntil(limit: .seconds(5)) { try await theirs.items().map(\.itemKey) == [lamp.itemKey] }
        }
    }

    @Test("a photo set on an item the other store deleted meanwhile is removed again and the change fails: no photo without an item", arguments: StorageKind.buckets)
    func photoForItemDeletedElsewhere(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let mine = await Self.store(place, tag: 1), theirs = await Self.store(place, tag: 2)
            let lamp = try await mine.add(NewItem(name: "Lamp"))
            #expect(try await theirs.item(lamp.itemKey).itemName == "Lamp")
            try await mine.delete(lamp.itemKey)
            // `theirs` read the archive just now: it still believes the lamp is there.
            let error = await #expect(throws: HomepwnerError.self) { try await theirs.setImage(try samplePNG(), forKey: lamp.itemKey) }
            #expect(error?.code == .notFound)
            #expect(try await place.names() == ["items.archive"])
        }
    }
}
