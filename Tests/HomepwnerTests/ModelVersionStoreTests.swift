import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import KeyedArchiveSamples
import Testing
import TestSupport

@Suite("A store on an items.archive of an older or a newer model version, in a folder and in a bucket")
struct ModelVersionStoreTests {
    static let newerMessage = "items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only; nothing was changed"

    @Test("an older (2014) archive opens and is listed without being rewritten; no .v1 copy is made by reading", arguments: StorageKind.allCases)
    func readingNeverUpgrades(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let old = try ModelVersionFixtures.data(version: 1)
            try await place.write("items.archive", old)
            let store = ItemStoreTests.store(place.storage)
            ModelVersionFixtures.expectFiveFields(try await store.items().map(\.fiveFields))
            _ = try await store.item(ModelVersionFixtures.items[0].itemKey)
            #expect(await store.status == .ready)
            #expect(try await store.storedModelVersion() == 1)
            try await store.close()
            #expect(try await place.read("items.archive") == old)
            #expect(try await place.names() == ["items.archive"])
        }
    }

    @Test("the first change of an older archive keeps its bytes once as items.archive.v1, then writes version 5 that Foundation's 2014 BNRItem still reads; later changes leave the copy alone", arguments: StorageKind.allCases)
    func firstWriteKeepsOldCopy(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let old = try ModelVersionFixtures.data(version: 1)
            try await place.write("items.archive", old)
            let store = ItemStoreTests.store(place.storage)
            let key = ModelVersionFixtures.items[2].itemKey
            try await store.update(key, ItemChanges(valueInDollars: 4))
            #expect(try await place.read("items.archive.v1") == old)
            let written = try #require(try await place.read("items.archive"))
            #expect(try ItemArchive.decode(written).modelVersion == 5)
            #expect(try foundationModelVersion(written) == 5)
            #expect(try await store.storedModelVersion() == 5)
            let read = try foundationReadItems(written)
            #expect(read.map(\.valueInDollars) == [1_200, 0, 4])
            #expect(read.map(\.itemKey) == ModelVersionFixtures.items.map(\.itemKey))
            // Later changes do not touch the copy.
            _ = try await store.add(NewItem(name: "Drill"))
            try await store.delete(ModelVersionFixtures.items[1].itemKey)
            try await store.close()
            #expect(try await place.read("items.archive.v1") == old)
            let reopened = ItemStoreTests.store(place.storage)
            #expect(try await reopened.items().map(\.itemName) == ["Mac Mini", "Spork", "Drill"])
            #expect(try await reopened.storedModelVersion() == 5)
            try await reopened.close()
        }
    }

    @Test("when the old copy cannot be written (a full disk), the change fails and the 2014 file stays exactly as it was, with no copy and no temporary left")
    func failedCopyStopsTheUpgrade() async throws {
        try await withTemporaryFolder { folder in
            let old = try ModelVersionFixtures.data(version: 1)
            try old.write(to: folder.appendingPathComponent("items.archive"))
            let store = ItemStoreTests.store(.folder(folder), writer: DurableFileWriter(fault: .noSpace(afterBytes: 10)))
            await #expect(throws: HomepwnerError.self) { try await store.update(ModelVersionFixtures.items[0].itemKey, ItemChanges(valueInDollars: 1)) }
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive")) == old)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".items.archive.lock") }.sorted() == ["items.archive"])
            #expect(try await store.storedModelVersion() == 1)
        }
    }

    @Test("an items.archive.v1 already there is never replaced: the older archive is still upgraded and the copy keeps its bytes", arguments: StorageKind.allCases)
    func existingCopyIsNeverReplaced(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            try await place.write("items.archive", try ModelVersionFixtures.data(version: 1))
            let kept = Data("an earlier copy, kept by someone".utf8)
            try await place.write("items.archive.v1", kept)
            let store = ItemStoreTests.store(place.storage)
            try await store.update(ModelVersionFixtures.items[0].itemKey, ItemChanges(valueInDollars: 1))
            try await store.close()
            #expect(try await place.read("items.archive.v1") == kept)
            #expect(try ItemArchive.decode(try #require(try await place.read("items.archive"))).modelVersion == 5)
        }
    }

    @Test("a version 2 archive's first change keeps it once as items.archive.v2 and writes version 5 with every detail as it was", arguments: StorageKind.allCases)
    func versionTwoUpgradedOnFirstChange(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let old = try ModelVersionFixtures.data(version: 2)
            try await place.write("items.archive", old)
            let store = ItemStoreTests.store(place.storage)
            try await store.update(ModelVersionFixtures.items[1].itemKey, ItemChanges(valueInDollars: 7))
            try await store.close()
            #expect(try await place.names() == ["items.archive", "items.archive.v2"])
            #expect(try await place.read("items.archive.v2") == old)
            let read = try ItemArchive.decode(try #require(try await place.read("items.archive")))
            #expect(read.modelVersion == 5)
            #expect(read.items[0] == ModelVersionFixtures.modelItems[0])
            #expect(read.items.map(\.valueInDollars) == [1_200, 7, 3])
        }
    }

    @Test("a current (version 5) archive is changed without any copy", arguments: StorageKind.allCases)
    func currentArchiveHasNoCopy(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            try await place.write("items.archive", try ModelVersionFixtures.data(version: 5))
            let store = ItemStoreTests.store(place.storage)
            try await store.update(ModelVersionFixtures.items[0].itemKey, ItemChanges(valueInDollars: 1))
            try await store.close()
            #expect(try await place.names() == ["items.archive"])
            let read = try ItemArchive.decode(try #require(try await place.read("items.archive")))
            #expect(read.items[0].labels == ["computers", "office"])
        }
    }

    @Test("a newer (version 9) archive opens read-only: listed with its unknown keys, every change refused naming both versions, the file never rewritten and no copy made", arguments: StorageKind.allCases)
    func newerArchiveIsReadOnly(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let newer = try ModelVersionFixtures.data(version: 9)
            try await place.write("items.archive", newer)
            let key = ModelVersionFixtures.items[0].itemKey
            try await place.write(key, try samplePNG())
            let store = ItemStoreTests.store(place.storage)
            let items = try await store.items()
            ModelVersionFixtures.expectFiveFields(items.map(\.fiveFields))
            #expect(items.allSatisfy { $0.otherFields.keys == ["condition"] })
            let status = await store.status
            #expect(status == .newerModel("items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only"))
            let refusal = HomepwnerError(.newerModel, Self.newerMessage)
            await #expect(throws: refusal) { try await store.add(NewItem(name: "Drill")) }
            await #expect(throws: refusal) { try await store.update(key, ItemChanges(valueInDollars: 5)) }
            await #expect(throws: refusal) { try await store.delete(key) }
            await #expect(throws: refusal) { try await store.setImage(try samplePNG(), forKey: ModelVersionFixtures.items[1].itemKey) }
            await #expect(throws: refusal) { try await store.removeImage(forKey: key) }
            await #expect(throws: HomepwnerError(.newerModel, "items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only; nothing was repaired")) {
                try await store.repair()
            }
            try await store.close()
            #expect(try await place.read("items.archive") == newer)
            #expect(try await place.read(key) == (try samplePNG()))
            #expect(try await place.names() == [key, "items.archive"].sorted())
        }
    }

    @Test("a read-only store of a newer archive reports the version too")
    func readOnlyStoreOfNewer() async throws {
        try await withTemporaryFolder { folder in
            try ModelVersionFixtures.data(version: 9).write(to: folder.appendingPathComponent("items.archive"))
            let store = ItemStore(storage: .folder(folder), readOnly: true)
            #expect(try await store.items().count == 3)
            #expect(await store.status == .newerModel("items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only"))
            #expect(try await store.storedModelVersion() == 9)
        }
    }

    @Test("in a bucket, a store that finds the archive rewritten by a newer homepwner refuses its next change and leaves the newer file as it is", arguments: StorageKind.buckets)
    func bucketArchiveBecomesNewer(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            try await place.write("items.archive", try ModelVersionFixtures.data(version: 2))
            let store = ItemStoreTests.store(place.storage)
            await store.lookForOtherStores(every: .zero)
            #expect(try await store.items().count == 3)
            let newer = try ModelVersionFixtures.data(version: 9)
            try await place.write("items.archive", newer)
            await #expect(throws: HomepwnerError(.newerModel, Self.newerMessage)) {
                try await store.update(ModelVersionFixtures.items[0].itemKey, ItemChanges(valueInDollars: 9))
            }
            #expect(try await place.read("items.archive") == newer)
            try await store.close()
        }
    }
}
