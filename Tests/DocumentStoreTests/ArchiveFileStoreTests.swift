import DocumentStore
import Foundation
import KeyedArchive
import KeyedArchiveSamples
import Testing
import TestSupport

@Suite("Single-file archive store")
struct ArchiveFileStoreTests {
    private func store(at url: URL, writer: DurableFileWriter = .system) -> ArchiveFileStore<[HomepwnerItem]> {
        ArchiveFileStore(keyedArchiveAt: url, empty: [], writer: writer)
    }

    @Test("a missing archive loads as an empty collection and creates nothing", arguments: StorageKind.allCases)
    func missingFileIsEmpty(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let loaded = try await place.store().load()
            #expect(loaded.isEmpty)
            #expect(try await place.stored() == nil)
        }
    }

    @Test("saved items load back in a new store, as a keyed archive of BNRItem", arguments: StorageKind.allCases)
    func saveAndLoad(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let items = HomepwnerItem.sample(count: 25)
            try await place.store().save(items)
            #expect(try await place.store().load() == items)
            let unarchiver = try KeyedUnarchiver(data: try #require(try await place.stored()))
            #expect(try unarchiver.decode([HomepwnerItem].self)?.count == 25)
        }
    }

    @Test("a corrupt archive is an error naming it, and it is left untouched", arguments: StorageKind.allCases)
    func corruptFileUntouched(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            var bytes = try KeyedArchiver.archivedData(withRoot: HomepwnerItem.sample(count: 3))
            bytes[bytes.count - 5] ^= 0x5A
            try await place.put(bytes)
            let store = place.store()
            let error = try await #require(throws: DocumentStoreError.self) { try await store.load() }
            #expect(error.code == .corrupt)
            #expect(error.message.hasPrefix("\(place.location) cannot be read"))
            await #expect(throws: DocumentStoreError.self) { try await store.update { $0.append(HomepwnerItem.sample(count: 1)[0]) } }
            #expect(try await place.stored() == bytes)
        }
    }

    @Test("50 concurrent updates all land, in fewer durable writes than updates", arguments: StorageKind.allCases)
    func concurrentUpdatesCoalesce(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let store = place.store()
            try await store.load()
            let items = HomepwnerItem.sample(count: 50)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for item in items {
                    group.addTask {
                        try await store.update { $0.append(item) }
                        // Resuming means the item is durably stored.
                        #expect(try await place.storedItems().contains(item))
                    }
                }
                try await group.waitForAll()
            }
            let onDisk = try await place.storedItems()
            #expect(Set(onDisk.map(\.itemKey)) == Set(items.map(\.itemKey)))
            let writes = await store.writeCount
            #expect(writes >= 1 && writes < 50, "writes: \(writes)")
            #expect(await store.conflictCount == 0)
        }
    }

    @Test("callers saving in loops all land, in fewer writes than saves; a lone caller's saves are a write each", arguments: StorageKind.allCases)
    func loopingCallersAndALoneCaller(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let store = place.store()
            try await store.load()
            let items = HomepwnerItem.sample(count: 80)
            // 16 callers, each saving its next item as soon as the last one is durable.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for caller in 0..<16 {
                    group.addTask {
                        for round in 0..<5 {
                            let item = items[caller * 5 + round]
                            try await store.update { $0.append(item) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let onDisk = try await place.storedItems()
            #expect(Set(onDisk.map(\.itemKey)) == Set(items.map(\.itemKey)))
            let writes = await store.writeCount
            #expect(writes >= 5 && writes < 80, "writes: \(writes)")

            // Alone, each save is written at once, on its own.
            for item in HomepwnerItem.sample(count: 3) {
                try await store.update { $0.append(item) }
            }
            #expect(await store.writeCount == writes + 3)
        }
    }

    @Test("a failed save reports the error to its callers and keeps the old file")
    func failedSaveKeepsOldFile() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("items.archive")
            try await store(at: url).save(HomepwnerItem.sample(count: 2))
            let before = try Data(contentsOf: url)
            let full = store(at: url, writer: DurableFileWriter(fault: .noSpace(afterBytes: 100)))
            try await full.load()
            let error = try await #require(throws: DocumentStoreError.self) {
                try await full.update { $0 += HomepwnerItem.sample(count: 40) }
            }
            #expect(error.code == .noSpace)
            #expect(try Data(contentsOf: url) == before)
            #expect(leftovers(in: folder).isEmpty)
        }
    }

    @Test("an update whose body throws changes and writes nothing", arguments: StorageKind.allCases)
    func throwingUpdateWritesNothing(_ kind: StorageKind) async throws {
        struct Refused: Error {}
        try await withArchivePlace(kind) { place in
            let store = place.store()
            try await store.save(HomepwnerItem.sample(count: 1))
            await #expect(throws: Refused.self) { try await store.update { _ in throw Refused() } }
            #expect(try await store.value().count == 1)
            #expect(await store.writeCount == 1)
        }
    }
}

@Suite("Single-file archive store: first load races")
struct ArchiveFileStoreLoadTests {
    @Test("concurrent first updates on an unloaded store all keep their change", arguments: StorageKind.allCases)
    func concurrentFirstUpdates(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            try await place.store().save(HomepwnerItem.sample(count: 3))
            let store = place.store()
            let added = HomepwnerItem.sample(count: 20)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for item in added { group.addTask { try await store.update { $0.append(item) } } }
                try await group.waitForAll()
            }
            let onDisk = try await place.storedItems()
            #expect(onDisk.count == 23)
            #expect(Set(added.map(\.itemKey)).isSubset(of: Set(onDisk.map(\.itemKey))))
        }
    }
}

@Suite("Single-file archive store: a missing root is corruption; a failed save is rolled back")
struct ArchiveFileStoreSafetyTests {
    private func store(at url: URL, writer: DurableFileWriter = .system) -> ArchiveFileStore<[HomepwnerItem]> {
        ArchiveFileStore(keyedArchiveAt: url, empty: [], writer: writer)
    }

    @Test("an archive whose root key is missing, or $null, is corrupt: load fails, save is refused, it stays until reset", arguments: ["other", "null"], StorageKind.allCases)
    func missingRoot(kind: String, backend: StorageKind) async throws {
        try await withArchivePlace(backend) { place in
            let archiver = KeyedArchiver()
            if kind == "other" { archiver.encode(HomepwnerItem.sample(count: 2), forKey: "elsewhere") }
            let bytes = try archiver.encodedData()
            try await place.put(bytes)
            let store = place.store()
            let error = try await #require(throws: DocumentStoreError.self) { try await store.load() }
            #expect(error.code == .corrupt)
            #expect(error.message.hasPrefix("\(place.location) cannot be read, so it is left as it is and not overwritten"))
            #expect(error.message.contains("the archive has no root object (its $top key \"root\" is missing or $null)"))
            await #expect(throws: DocumentStoreError.self) { try await store.save(HomepwnerItem.sample(count: 1)) }
            await #expect(throws: DocumentStoreError.self) { try await store.update { $0.append(HomepwnerItem.sample(count: 1)[0]) } }
            #expect(try await place.stored() == bytes)
            let replacement = HomepwnerItem.sample(count: 3)
            try await store.reset(to: replacement)
            #expect(try await place.store().load() == replacement)
            #expect(try await store.value() == replacement)
        }
    }

    @Test("a failed update is rolled back: a later save does not persist it, and the value in memory never had it")
    func failedUpdateRolledBack() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("items.archive")
            let base = HomepwnerItem.sample(count: 2)
            try await store(at: url).save(base)
            let sizeOfBase = try Data(contentsOf: url).count
            // Writes up to a little more than the base succeed; 40 more items do not fit.
            let store = store(at: url, writer: DurableFileWriter(fault: .noSpace(afterBytes: sizeOfBase + 2000)))
            try await store.load()
            let big = HomepwnerItem.sample(count: 40)
            let error = try await #require(throws: DocumentStoreError.self) { try await store.update { $0 += big } }
            #expect(error.code == .noSpace)
            #expect(try await store.value() == base)
            let small = HomepwnerItem.sample(count: 1)[0]
            try await store.update { $0.append(small) }
            #expect(try KeyedUnarchiver.unarchive([HomepwnerItem].self, from: Data(contentsOf: url)) == base + [small])
            #expect(try await store.value() == base + [small])
        }
    }

    @Test("when a failing change and a good one share a write, only the failing one's caller gets the error")
    func sharedWriteFailureIsolated() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("items.archive")
            let base = HomepwnerItem.sample(count: 2)
            try await store(at: url).save(base)
            let sizeOfBase = try Data(contentsOf: url).count
            let store = store(at: url, writer: DurableFileWriter(fault: .noSpace(afterBytes: sizeOfBase + 2000)))
            try await store.load()
            let big = HomepwnerItem.sample(count: 40)
            let smalls = Array(HomepwnerItem.sample(count: 45).suffix(3))
            let outcomes = await withTaskGroup(of: (Bool, Bool).self) { group in
                group.addTask { (true, (try? await store.update { $0 += big }) != nil) }
                for item in smalls { group.addTask { (false, (try? await store.update { $0.append(item) }) != nil) } }
                return await group.reduce(into: [(Bool, Bool)]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0.0 }.map(\.1) == [false])
            #expect(outcomes.filter { !$0.0 }.map(\.1) == [true, true, true])
            let onDisk = try KeyedUnarchiver.unarchive([HomepwnerItem].self, from: Data(contentsOf: url))
            #expect(Set(onDisk.map(\.itemKey)) == Set((base + smalls).map(\.itemKey)))
            #expect(try await store.value() == onDisk)
        }
    }
}
