import Foundation
@testable import Homepwner
import Imaging
import Testing
import TestSupport

@Suite("Photos: one file per item named by its key, checked before anything is written, deleted with the item")
struct ImageStoreTests {
    @Test("a photo is stored as uploaded in a file named by the item key, read back, and thumbnailed as PNG")
    func setAndRead() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            let item = try await store.add(NewItem(name: "Camera"))
            let jpeg = try sampleJPEG()
            try await store.setImage(jpeg, forKey: item.itemKey)
            let file = folder.appendingPathComponent(item.itemKey)
            #expect(try Data(contentsOf: file) == jpeg)
            #expect(try await store.images.image(forKey: item.itemKey) == jpeg)
            let thumbnail = try #require(try await store.images.thumbnail(forKey: item.itemKey))
            let info = try ImageInfo.read(thumbnail)
            #expect(info.format == .png)
            #expect(max(info.width, info.height) == 88)
            // Replacing the photo replaces what the cache serves.
            let png = try samplePNG(seed: 4)
            try await store.setImage(png, forKey: item.itemKey)
            #expect(try await store.images.image(forKey: item.itemKey) == png)
            #expect(try fileNames(in: folder) == [item.itemKey, "items.archive"])
        }
    }

    @Test("a file that is not an image is refused before anything touches the disk, keeping the old photo")
    func invalidPhotoWritesNothing() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
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
            #expect(try Data(contentsOf: folder.appendingPathComponent(item.itemKey)) == png)
            #expect(try fileNames(in: folder) == [item.itemKey, "items.archive"])
        }
    }

    @Test("deleting an item deletes its photo; removing a photo keeps the item")
    func deleteWithItem() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            let kept = try await store.add(NewItem(name: "kept"))
            let gone = try await store.add(NewItem(name: "gone"))
            try await store.setImage(try samplePNG(seed: 1), forKey: kept.itemKey)
            try await store.setImage(try samplePNG(seed: 2), forKey: gone.itemKey)
            #expect(await store.images.hasImage(forKey: gone.itemKey))
            try await store.delete(gone.itemKey)
            #expect(await store.images.hasImage(forKey: gone.itemKey) == false)
            #expect(try fileNames(in: folder) == [kept.itemKey, "items.archive"])
            #expect(try await store.images.image(forKey: gone.itemKey) == nil)
            try await store.removeImage(forKey: kept.itemKey)
            #expect(await store.images.hasImage(forKey: kept.itemKey) == false)
            #expect(try fileNames(in: folder) == ["items.archive"])
            #expect(try await store.items().map(\.itemName) == ["kept"])
        }
    }

    @Test("a photo for an item that does not exist, or under a key that is not a UUID, is refused")
    func unknownOrHostileKeys() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            let png = try samplePNG()
            await #expect(throws: HomepwnerError(.notFound, "no item has the key 00000000-0000-4000-8000-0000000000FF")) {
                try await store.setImage(png, forKey: "00000000-0000-4000-8000-0000000000FF")
            }
            await #expect(throws: HomepwnerError(.notFound, "\"../escape\" is not an item key (a UUID), so it has no photo file")) {
                try await store.images.setImage(png, forKey: "../escape")
            }
            #expect(try await store.images.image(forKey: "../items.archive") == nil)
            #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escape").path))
        }
    }

    @Test("check reports photos no item names and photo files that are not images; repair removes the orphans")
    func checkPhotos() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            let item = try await store.add(NewItem(name: "Camera"))
            try Data("not a photo".utf8).write(to: folder.appendingPathComponent(item.itemKey))
            let orphan = "00000000-0000-4000-8000-00000000ABCD"
            try await store.images.setImage(try samplePNG(), forKey: orphan)
            let report = try await store.check()
            #expect(report.orphanPhotos == [orphan])
            #expect(report.photoProblems.map(\.key) == [item.itemKey])
            #expect(!report.isClean)
            let repaired = try await store.repair()
            #expect(repaired.orphanPhotos.isEmpty)
            #expect(repaired.repairs == ["removed the photo \(orphan), which no item names"])
            #expect(try fileNames(in: folder) == [item.itemKey, "items.archive"])
        }
    }
}
