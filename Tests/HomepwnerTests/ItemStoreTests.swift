import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing
import TestSupport

@Suite("ItemStore: every change durable before it returns, concurrent changes in one write, a damaged archive never overwritten")
struct ItemStoreTests {
    static let date = Date(timeIntervalSinceReferenceDate: 700_000_000.062_5)

    static func store(_ folder: URL, writer: DurableFileWriter = .system) -> ItemStore {
        store(.folder(folder), writer: writer)
    }

    /// A store in `storage` dated ``date`` with keys numbered from 1.
    static func store(_ storage: Storage, writer: DurableFileWriter = .system) -> ItemStore {
        let counter = Counter()
        return ItemStore(storage: storage, writer: writer, lockTimeout: .seconds(30), now: { date }, makeKey: {
            String(format: "00000000-0000-4000-8000-%012X", counter.next())
        })
    }

    @Test("a missing archive is an empty inventory; add, update and delete survive a reopen with every field exact", arguments: StorageKind.allCases)
    func changesSurviveReopen(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = Self.store(place.storage)
            #expect(try await store.items().isEmpty)
            let spork = try await store.add(NewItem(name: " Spork ", serialNumber: "SP-1", valueInDollars: 3))
            let mac = try await store.add(NewItem(name: "Mac", valueInDollars: 1_000_000_000))
            #expect(spork.itemName == "Spork")
            #expect(spork.itemKey == "00000000-0000-4000-8000-000000000001")
            try await store.update(spork.itemKey, ItemChanges(name: "Golden Spork", serialNumber: "", valueInDollars: 40))
            try await store.add(NewItem(name: "Bear"))
            let deleted = try await store.delete(mac.itemKey)
            #expect(deleted.itemName == "Mac")
            #expect(await store.changeCount == 5)
            try await store.close()

            let reopened = try await ItemStore.open(storage: place.storage, readOnly: true)
            let items = try await reopened.items()
            #expect(items.map(\.itemName) == ["Golden Spork", "Bear"])
            #expect(items.map(\.serialNumber) == ["", ""])
            #expect(items.map(\.valueInDollars) == [40, 0])
            #expect(items.allSatisfy { $0.dateCreated.timeIntervalSinceReferenceDate.bitPattern == Self.date.timeIntervalSinceReferenceDate.bitPattern })
            #expect(await reopened.status == .readOnly)
        }
    }

    @Test("a change that breaks a rule or names no item changes nothing and writes nothing", arguments: StorageKind.allCases)
    func refusedChanges(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = Self.store(place.storage)
            let item = try await store.add(NewItem(name: "Lamp", valueInDollars: 10))
            let saves = await store.saveCount
            await #expect(throws: HomepwnerError(.invalidValue, "a value must be 0 to 1,000,000,000 whole dollars, not -5")) {
                try await store.update(item.itemKey, ItemChanges(valueInDollars: -5))
            }
            await #expect(throws: HomepwnerError(.notFound, "no item has the key nope")) {
                try await store.update("nope", ItemChanges(name: "x"))
            }
            await #expect(throws: HomepwnerError(.invalidName, "a name cannot be empty")) { try await store.add(NewItem(name: "")) }
            #expect(await store.saveCount == saves)
            #expect(try await store.items() == [item])
        }
    }

    @Test("many concurrent changes go out in fewer durable writes, and every one is there after a reopen", arguments: StorageKind.allCases)
    func groupCommit(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = Self.store(place.storage)
            let seeded = try await store.add(NewItem(name: "seed"))
            let before = await store.saveCount
            let count = 200
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    group.addTask {
                        if index.isMultiple(of: 2) {
                            try await store.add(NewItem(name: "item \(index)", valueInDollars: index))
                        } else {
                            try await store.update(seeded.itemKey, ItemChanges(serialNumber: "S\(index)"))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let saves = await store.saveCount - before
            #expect(await store.changeCount == count + 1)
            #expect(saves < count, "\(saves) writes for \(count) changes: nothing was coalesced")
            try await store.close()
            let items = try await ItemStore.open(storage: place.storage, readOnly: true).items()
            #expect(Set(items.map(\.itemName)) == Set(["seed"] + stride(from: 0, to: count, by: 2).map { "item \($0)" }))
            #expect(items.first?.serialNumber.hasPrefix("S") == true)
        }
    }

    @Test("a failed write fails its change, leaves the file and the items in memory as they were")
    func failedWriteRollsBack() async throws {
        try await withTemporaryFolder { folder in
            let first = Self.store(folder)
            let lamp = try await first.add(NewItem(name: "Lamp"))
            try await first.close()
            let bytes = try Data(contentsOf: folder.appendingPathComponent("items.archive"))

            let failing = Self.store(folder, writer: DurableFileWriter(fault: .noSpace(afterBytes: 10)))
            let error = await #expect(throws: HomepwnerError.self) { try await failing.add(NewItem(name: "Sofa")) }
            #expect(error?.code == .storage)
            await #expect(throws: HomepwnerError.self) { try await failing.update(lamp.itemKey, ItemChanges(name: "Desk lamp")) }
            #expect(try await failing.items() == [lamp])
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive")) == bytes)
            #expect(try fileNames(in: folder) == ["items.archive"])
        }
    }

    @Test("a damaged archive is listed read-only from what can be read, every change is refused, the file is untouched", arguments: StorageKind.allCases)
    func damagedArchiveIsNeverOverwritten(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let damaged = Data("bplist00 this is not a keyed archive".utf8)
            try await place.write("items.archive", damaged)
            let store = Self.store(place.storage)
            try await store.load()
            guard case .damaged(let reason) = await store.status else {
                Issue.record("status is \(await store.status)")
                return
            }
            #expect(reason == "\(place.location(of: "items.archive")) is damaged (binary plist is 36 bytes, too short to hold a header, an object and a trailer) and no item could be read from it")
            #expect(try await store.items().isEmpty)
            let error = await #expect(throws: HomepwnerError.self) { try await store.add(NewItem(name: "Sofa")) }
            #expect(error?.code == .damagedArchive)
            #expect(error?.message == "nothing was changed: \(reason)")
            try await store.close()
            #expect(try await place.read("items.archive") == damaged)
        }
    }

    @Test("repair keeps the damaged file beside the archive and saves the items that could still be read", arguments: StorageKind.allCases)
    func repairSalvages(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            // Two items, then the root array gains a reference past the end of $objects.
            let archiver = KeyedArchiver()
            archiver.encode(ItemArchive(items: [fixedItem(0), fixedItem(1)]), forKey: "root")
            guard case .dictionary(var plist) = archiver.propertyList, case .array(var objects) = plist["$objects"],
                  let rootIndex = objects.firstIndex(where: { if case .dictionary(let f) = $0 { f["NS.objects"] != nil } else { false } }),
                  case .dictionary(var root) = objects[rootIndex], case .array(let elements) = root["NS.objects"] else {
                Issue.record("unexpected plist")
                return
            }
            root["NS.objects"] = .array(elements + [.uid(999)])
            objects[rootIndex] = .dictionary(root)
            plist["$objects"] = .array(objects)
            let damaged = try PropertyList.dictionary(plist).encoded(as: .binary)
            try await place.write("items.archive", damaged)

            let store = Self.store(place.storage)
            #expect(try await store.items().map(\.itemKey) == [fixedItem(0).itemKey, fixedItem(1).itemKey])
            let report = try await store.repair()
            #expect(report.isClean)
            #expect(report.repairs.count == 1)
            #expect(await store.status == .ready)
            try await store.add(NewItem(name: "after repair"))
            try await store.close()
            let names = try await place.names()
            #expect(names.count == 2)
            let aside = try #require(names.first { $0.hasPrefix("items.archive.damaged-") })
            #expect(try await place.read(aside) == damaged)
            #expect(try await ItemStore.open(storage: place.storage, readOnly: true).items().map(\.itemName) == ["Shiny Spork 0", "Shiny Spork 1", "after repair"])
        }
    }

    @Test("after close, reads still work and changes are refused; a folder's archive is saved once more, a bucket's is not", arguments: StorageKind.allCases)
    func closeRefusesChanges(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = Self.store(place.storage)
            try await store.add(NewItem(name: "Lamp"))
            let saves = await store.saveCount
            try await store.close()
            #expect(await store.saveCount == saves + (kind == .folder ? 1 : 0))
            #expect(try await store.items().map(\.itemName) == ["Lamp"])
            let error = await #expect(throws: HomepwnerError.self) { try await store.add(NewItem(name: "Sofa")) }
            #expect(error?.code == .storage)
        }
    }

    @Test("a read-only store never creates the folder, and a missing folder is an error naming it")
    func readOnlyTouchesNothing() async throws {
        try await withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("Documents")
            await #expect(throws: HomepwnerError(.noDataFolder, "there is no data folder at \(missing.path)")) {
                _ = try await ItemStore.open(at: missing, readOnly: true)
            }
            #expect(!FileManager.default.fileExists(atPath: missing.path))
        }
    }

    @Test("a second writing store on the same folder waits for the first and gives up with a clear error")
    func oneWriterPerFolder() async throws {
        try await withTemporaryFolder { folder in
            let first = Self.store(folder)
            try await first.load()
            let second = ItemStore(storage: .folder(folder), lockTimeout: .milliseconds(50))
            await #expect(throws: HomepwnerError(.storage, "another homepwner process is changing \(folder.path); try again when it has finished")) {
                try await second.load()
            }
            try await first.close()
            try await second.load()
            try await second.add(NewItem(name: "second"))
        }
    }

    @Test("an item key is found whole or by a unique start of 4+ characters in any case; too short or shared is an error", arguments: StorageKind.allCases)
    func keyResolution(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = Self.store(place.storage)
            let one = try await store.add(NewItem(name: "one"))
            try await store.add(NewItem(name: "two"))
            #expect(try await store.resolveKey(one.itemKey) == one.itemKey)
            #expect(try await store.resolveKey(one.itemKey.lowercased()) == one.itemKey)
            let ambiguous = await #expect(throws: HomepwnerError.self) { try await store.resolveKey("0000") }
            #expect(ambiguous?.code == .ambiguousKey)
            #expect(ambiguous?.message == "2 items have keys starting with \"0000\"; give more of the key")
            await #expect(throws: HomepwnerError(.notFound, "no item has a key equal to \"000\"")) { try await store.resolveKey("000") }
        }
    }
}

/// A thread-safe counter for item keys. `@unchecked Sendable`: `value` is only touched under `lock`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

@Suite("What the store does not understand it keeps: unknown keys and entries of other classes survive its saves")
struct KeepingTests {
    @Test("an edit through the store keeps an item's unknown keys and the root's entries of other classes in place", arguments: StorageKind.allCases)
    func editsKeepWhatIsUnknown(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            try await place.write("items.archive", try KeyedArchiver.archivedData(withRoot: MixedRoot()))
            let store = ItemStoreTests.store(place.storage)
            try await store.update(fixedItem(1).itemKey, ItemChanges(valueInDollars: 77))
            try await store.add(NewItem(name: "new"))
            try await store.delete(fixedItem(0).itemKey)
            try await store.close()
            let entries = try await ItemStore.open(storage: place.storage, readOnly: true).archiveContents().entries
            #expect(entries.count == 4)
            guard entries.count == 4, case .other(.object(let container)) = entries[0], case .item(let edited) = entries[2] else {
                Issue.record("entries: \(entries)")
                return
            }
            #expect(container.classes == ["BNRContainer", "BNRItem", "NSObject"])
            #expect(container.fields["subitems"] == .array([.string("x")]))
            #expect(entries[1] == .other(.null))
            #expect(edited.itemKey == fixedItem(1).itemKey)
            #expect(edited.valueInDollars == 77)
            #expect(entries[3].item?.itemName == "new")
        }
    }
}
