import DocumentStore
import Foundation
import KeyedArchive
import KeyedArchiveSamples
import ObjectStorage
import Testing
import TestSupport

/// The item was deleted by another server before this change could be applied.
private struct ItemGone: Error, Equatable {
    let key: String
}

@Suite("Single-file archive store on object storage: many servers, one archive", .serialized)
struct ArchiveObjectStoreTests {
    @Test("a server whose write loses to another's reads the archive again and applies its change on it: both changes stay", arguments: StorageKind.buckets)
    func conflictReapplies(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let items = HomepwnerItem.sample(count: 3)
            let first = place.store(), second = place.store()
            try await first.save([items[0]])
            try await second.load()
            try await first.update { $0.append(items[1]) }
            // The second server still holds the version before items[1]: its write is refused (412).
            try await second.update { $0.append(items[2]) }
            #expect(await second.conflictCount == 1)
            #expect(try await second.value() == [items[0], items[1], items[2]])
            #expect(try await place.storedItems() == [items[0], items[1], items[2]])
        }
    }

    @Test("a change to an item another server deleted fails alone with its own error; the others land", arguments: StorageKind.buckets)
    func changeToDeletedItemFails(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let items = HomepwnerItem.sample(count: 3)
            let mine = place.store(), theirs = place.store()
            try await mine.save([items[0], items[1]])
            try await theirs.load()
            try await theirs.update { $0.removeAll { $0.itemKey == items[0].itemKey } }
            let renameKey = items[0].itemKey
            let rename = Task {
                try await mine.update { value in
                    guard let index = value.firstIndex(where: { $0.itemKey == renameKey }) else { throw ItemGone(key: renameKey) }
                    value[index].itemName = "renamed"
                }
            }
            let add = Task { try await mine.update { $0.append(items[2]) } }
            await #expect(throws: ItemGone(key: renameKey)) { try await rename.value }
            try await add.value
            #expect(try await place.storedItems() == [items[1], items[2]])
            #expect(try await mine.value() == [items[1], items[2]])
        }
    }

    @Test("three servers, 30 concurrent changes each on one archive: every change present exactly once", arguments: StorageKind.buckets)
    func manyServers(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let stores = (0..<3).map { _ in place.store() }
            // All three read the same (empty) archive first, so their first writes race for certain.
            for store in stores { try await store.load() }
            let items = HomepwnerItem.sample(count: 90)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, item) in items.enumerated() {
                    group.addTask { try await stores[index % 3].update { $0.append(item) } }
                }
                try await group.waitForAll()
            }
            let stored = try await place.storedItems()
            #expect(stored.count == 90)
            #expect(Set(stored.map(\.itemKey)) == Set(items.map(\.itemKey)))
            var conflicts = 0
            for store in stores { conflicts += await store.conflictCount }
            #expect(conflicts > 0, "three servers writing at once must have raced at least once")
        }
    }

    @Test("a change stored whose answer was lost, then built on by another server before the look, is acknowledged once, not applied again", arguments: StorageKind.buckets)
    func lostAnswerThenBuiltOn(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let server = try await S3TestServer.shared(try #require(kind.store))
            let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
            defer { proxy.stop() }
            let client = try server.client(endpoint: proxy.endpoint, requestTimeout: .seconds(10))
            let mine = ArchiveFileStore<[HomepwnerItem]>(keyedArchiveNamed: "items.archive", in: place.bucket(client), empty: [])
            let items = HomepwnerItem.sample(count: 3)
            try await mine.save([items[0]])
            // My next write lands but its answer is lost; my look at the object is held 2 s.
            try await proxy.plan(["reset-after", "delay"])
            let change = Task { try await mine.update { $0.append(items[1]) } }
            try await waitUntil { try await proxy.log().filter { !$0.path.contains("/.changes/") }.map(\.fault).suffix(2) == ["reset-after", "delay"] }
            // Meanwhile another server reads the archive (mine is in it) and adds its own item.
            let theirs = place.store()
            try await theirs.update { $0.append(items[2]) }
            try await change.value
            #expect(try await place.storedItems() == items)
            #expect(try await mine.value() == items)
            #expect(await mine.conflictCount == 0)
            try await client.shutdown()
        }
    }

    @Test("three servers through a proxy that drops, resets and refuses requests (after and before they land): every acknowledged change is stored exactly once", arguments: StorageKind.buckets)
    func faultyStorage(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let server = try await S3TestServer.shared(try #require(kind.store))
            let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
            defer { proxy.stop() }
            let retry = RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(5), maxDelay: .milliseconds(50), deadline: .seconds(30))
            let clients = try (0..<3).map { _ in try server.client(endpoint: proxy.endpoint, retry: retry, requestTimeout: .seconds(5)) }
            let stores = clients.map { ArchiveFileStore<[HomepwnerItem]>(keyedArchiveNamed: "items.archive", in: place.bucket($0), empty: []) }
            try await stores[0].save([])
            // Two writes certainly lose their answers after landing; the rest of the storm is random.
            try await proxy.plan(
                [], byMethod: ["PUT": ["pass", "reset-after", "pass", "reset-after"]],
                shares: ["reset-after": 0.12, "reset-before": 0.06, "slowdown": 0.06, "internal": 0.03], seed: 27
            )
            let items = HomepwnerItem.sample(count: 60)
            let acknowledged = await withTaskGroup(of: String?.self) { group in
                for (index, item) in items.enumerated() {
                    group.addTask { (try? await stores[index % 3].update { $0.append(item) }) != nil ? item.itemKey : nil }
                }
                return await group.reduce(into: [String]()) { if let key = $1 { $0.append(key) } }
            }
            let stored = try await place.storedItems().map(\.itemKey)
            var counts: [String: Int] = [:]
            for key in stored { counts[key, default: 0] += 1 }
            #expect(counts.values.allSatisfy { $0 == 1 }, "stored more than once: \(counts.filter { $0.value > 1 })")
            #expect(Set(acknowledged).isSubset(of: Set(stored)))
            let faults = try await proxy.log().filter { $0.fault != "pass" }
            #expect(faults.contains { $0.fault == "reset-after" && $0.method == "PUT" }, "the storm must lose some answers of landed writes")
            #expect(acknowledged.count >= 50, "acknowledged: \(acknowledged.count) of 60")
            for client in clients { try await client.shutdown() }
        }
    }

    @Test("refresh reads another server's change with one conditional request, and reports nothing new after", arguments: StorageKind.buckets)
    func refresh(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let items = HomepwnerItem.sample(count: 2)
            let reader = place.store(), writer = place.store()
            #expect(try await reader.load() == [])
            #expect(try await reader.refresh() == false)
            try await writer.save([items[0]])
            #expect(try await reader.refresh() == true)
            #expect(try await reader.value() == [items[0]])
            #expect(try await reader.refresh() == false)
            try await writer.update { $0.append(items[1]) }
            #expect(try await reader.refresh() == true)
            #expect(try await reader.value() == items)
        }
    }

    @Test("a refresh whose answer comes after this store's own write landed is dropped: the write stays in memory, and the next refresh finds nothing new", arguments: StorageKind.allCases)
    func lateRefreshAfterOwnWrite(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let items = HomepwnerItem.sample(count: 2)
            let held = HeldReadBlobStore(base: place.blobs())
            let mine = ArchiveFileStore<[HomepwnerItem]>(keyedArchiveNamed: "items.archive", in: held, empty: [])
            try await mine.save([])
            try await place.store().save([items[0]])
            // The refresh reads the other writer's archive, and its answer is held back...
            let refresh = Task { try await mine.refresh() }
            await held.gate.untilAnswered()
            // ...while this store's change loses to that write, reads it again and lands.
            try await mine.update { $0.append(items[1]) }
            await held.gate.release()
            #expect(try await refresh.value == false)
            #expect(try await mine.value() == items)
            #expect(try await place.storedItems() == items)
            #expect(try await mine.refresh() == false)
        }
    }

    @Test("reset replaces the archive whatever another server wrote since", arguments: StorageKind.buckets)
    func resetOverwrites(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let items = HomepwnerItem.sample(count: 3)
            let first = place.store(), second = place.store()
            try await first.save([items[0]])
            try await second.load()
            try await first.update { $0.append(items[1]) }
            try await second.reset(to: [items[2]])
            #expect(await second.conflictCount == 0)
            #expect(try await place.storedItems() == [items[2]])
        }
    }

    @Test("storage that stays down: the change fails with .unavailable, and the value in memory keeps the stored one", arguments: StorageKind.buckets)
    func storageDown(kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let items = HomepwnerItem.sample(count: 2)
            try await place.store().save([items[0]])
            let server = try await S3TestServer.shared(try #require(kind.store))
            let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
            defer { proxy.stop() }
            let client = try server.client(
                endpoint: proxy.endpoint, retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5), maxDelay: .milliseconds(10), deadline: .seconds(10))
            )
            let store = ArchiveFileStore<[HomepwnerItem]>(keyedArchiveNamed: "items.archive", in: place.bucket(client), empty: [])
            try await store.load()
            try await proxy.plan([], shares: ["slowdown": 1.0])
            let error = try await #require(throws: DocumentStoreError.self) { try await store.update { $0.append(items[1]) } }
            #expect(error.code == .unavailable)
            #expect(error.message.hasPrefix("\(place.location): the storage stays unavailable"))
            #expect(try await store.value() == [items[0]])
            #expect(try await place.storedItems() == [items[0]])
            try await client.shutdown()
        }
    }
}
