import DocumentStore
import Foundation
@testable import Homepwner
import Imaging
import Testing
import TestSupport

@Suite("Photos: one file (or object) per item named by its key, checked before anything is written, deleted with the item")
struct ImageStoreTests {
    @Test("a photo is stored as uploaded in a file named by the item key, read back, and thumbnailed as PNG", arguments: StorageKind.allCases)
    func setAndRead(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Camera"))
            let jpeg = try sampleJPEG()
            try await store.setImage(jpeg, forKey: item.itemKey)
            #expect(try await place.read(item.itemKey) == jpeg)
            #expect(try await store.images.image(forKey: item.itemKey) == jpeg)
            let thumbnail = try #require(try await store.images.thumbnail(forKey: item.itemKey))
            let info = try ImageInfo.read(thumbnail)
            #expect(info.format == .png)
            #expect(max(info.width, info.height) == 88)
            // Replacing the photo replaces what the cache serves.
            let png = try samplePNG(seed: 4)
            try await store.setImage(png, forKey: item.itemKey)
            #expect(try await store.images.image(forKey: item.itemKey) == png)
            #expect(try await place.names() == [item.itemKey, "items.archive"])
        }
    }

    @Test("a file that is not an image is refused before anything touches the disk, keeping the old photo", arguments: StorageKind.allCases)
    func invalidPhotoWritesNothing(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Camera"))
            let png = try samplePNG()
            try await store.setImage(png, forKey: item.itemKey)
            var truncated = png
            truncated.removeLast(png.count / 2)
            for (bad, message) in [
                (Data("GIF89a not supported".utf8), "this is a GIF image, and only JPEG and PNG photos can be used: save it as JPEG first"),
                (Data("hello".utf8), "this file is not a JPEG or PNG photo"),
                (truncated, "this PNG is cut short (the file ends before the picture does)"),
            ] {
                let error = await #expect(throws: HomepwnerError.self) { try await store.setImage(bad, forKey: item.itemKey) }
                #expect(error?.code == .invalidImage)
                #expect(error?.message == message)
            }
            #expect(try await place.read(item.itemKey) == png)
            #expect(try await place.names() == [item.itemKey, "items.archive"])
        }
    }

    @Test("deleting an item deletes its photo; removing a photo keeps the item", arguments: StorageKind.allCases)
    func deleteWithItem(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let kept = try await store.add(NewItem(name: "kept"))
            let gone = try await store.add(NewItem(name: "gone"))
            try await store.setImage(try samplePNG(seed: 1), forKey: kept.itemKey)
            try await store.setImage(try samplePNG(seed: 2), forKey: gone.itemKey)
            #expect(await store.images.hasImage(forKey: gone.itemKey))
            try await store.delete(gone.itemKey)
            #expect(await store.images.hasImage(forKey: gone.itemKey) == false)
            #expect(try await place.names() == [kept.itemKey, "items.archive"])
            #expect(try await store.images.image(forKey: gone.itemKey) == nil)
            try await store.removeImage(forKey: kept.itemKey)
            #expect(await store.images.hasImage(forKey: kept.itemKey) == false)
            #expect(try await place.names() == ["items.archive"])
            #expect(try await store.items().map(\.itemName) == ["kept"])
        }
    }

    @Test("a photo for an item that does not exist, or under a key that is not a UUID, is refused", arguments: StorageKind.allCases)
    func unknownOrHostileKeys(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let png = try samplePNG()
            await #expect(throws: HomepwnerError(.notFound, "no item has the key 00000000-0000-4000-8000-0000000000FF")) {
                try await store.setImage(png, forKey: "00000000-0000-4000-8000-0000000000FF")
            }
            await #expect(throws: HomepwnerError(.notFound, "\"../escape\" is not an item key (a UUID), so it has no photo file")) {
                try await store.images.setImage(png, forKey: "../escape")
            }
            #expect(try await store.images.image(forKey: "../items.archive") == nil)
            if case .folder(let folder) = place.storage {
                #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escape").path))
            }
        }
    }

    @Test("check reports photos no item names and photo files that are not images; repair removes the orphans", arguments: StorageKind.allCases)
    func checkPhotos(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Camera"))
            try await place.write(item.itemKey, Data("not a photo".utf8))
            let orphan = "00000000-0000-4000-8000-00000000ABCD"
            try await store.images.setImage(try samplePNG(), forKey: orphan)
            let report = try await store.check()
            #expect(report.orphanPhotos == [orphan])
            #expect(report.photoProblems.map(\.key) == [item.itemKey])
            #expect(!report.isClean)
            let repaired = try await store.repair()
            #expect(repaired.orphanPhotos.isEmpty)
            #expect(repaired.repairs == ["removed the photo \(orphan), which no item names"])
            #expect(try await place.names() == [item.itemKey, "items.archive"])
        }
    }
}
