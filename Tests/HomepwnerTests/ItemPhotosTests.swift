import DocumentStore
import Foundation
@testable import Homepwner
import Testing
import TestSupport

@Suite("Several photos an item: the first is the 2014 app's file named by the key, the others <key>.photo-<n> beside it")
struct ItemPhotosTests {
    @Test("photos added at once are stored as uploaded: the first as the key's file, the others <key>.photo-2, -3, numbered by place", arguments: StorageKind.allCases)
    func addSeveral(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Piano"))
            let photos = [try samplePNG(seed: 1), try sampleJPEG(seed: 2), try samplePNG(seed: 3)]
            let (listed, added) = try await store.addPhotos(photos, toItem: item.itemKey)
            #expect(added == [1, 2, 3])
            #expect(listed.map(\.photo.storedName) == [item.itemKey, "\(item.itemKey).photo-2", "\(item.itemKey).photo-3"])
            #expect(listed.map(\.number) == [1, 2, 3])
            for (listed, bytes) in zip(listed, photos) { #expect(try await place.read(listed.photo.storedName) == bytes) }
            // The first photo is the one the single-photo calls (and the 2014 app) see.
            #expect(try await store.images.image(forKey: item.itemKey) == photos[0])
            let more = try await store.addPhotos([try sampleJPEG(seed: 4)], toItem: item.itemKey)
            #expect(more.added == [4])
            #expect(more.photos.last?.photo.storedName == "\(item.itemKey).photo-4")
            #expect(try await store.images.thumbnail(of: more.photos[3].photo) != nil)
            #expect(try await store.photos(ofItem: item.itemKey) == more.photos)
            try await store.close()
        }
    }

    @Test("one upload that is not an image, or more photos than an item may have, adds none of them", arguments: StorageKind.allCases)
    func refusals(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Piano"))
            let bad = await #expect(throws: HomepwnerError.self) {
                try await store.addPhotos([try samplePNG(seed: 1), Data("<html>".utf8)], toItem: item.itemKey)
            }
            #expect(bad?.code == .invalidImage)
            #expect(bad?.message.hasPrefix("photo 2 of 2: ") == true)
            #expect(bad?.message.hasSuffix("; no photo was added") == true)
            let many = Array(repeating: try samplePNG(seed: 2), count: ItemPhoto.maxPerItem + 1)
            let tooMany = await #expect(throws: HomepwnerError.self) { try await store.addPhotos(many, toItem: item.itemKey) }
            #expect(tooMany?.message == "item \(item.itemKey) has 0 photos; 31 more would be more than the 30 an item can have, so no photo was added")
            let missing = await #expect(throws: HomepwnerError.self) {
                try await store.addPhotos([try samplePNG()], toItem: "00000000-0000-4000-8000-00000000FFFF")
            }
            #expect(missing?.code == .notFound)
            #expect(try await place.names() == ["items.archive"])
            try await store.close()
        }
    }

    @Test("removing a photo moves the later ones up; removing the first makes the next one the key's file; a stale version removes nothing", arguments: StorageKind.allCases)
    func remove(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Piano"))
            let key = item.itemKey
            let photos = [try samplePNG(seed: 1), try samplePNG(seed: 2), try samplePNG(seed: 3)]
            let (listed, _) = try await store.addPhotos(photos, toItem: key)
            let stale = await #expect(throws: HomepwnerError.self) {
                try await store.removePhoto(number: 2, fromItem: key, ifVersion: listed[2].version)
            }
            #expect(stale?.code == .versionMismatch)
            #expect(try await store.photos(ofItem: key) == listed)

            let (afterMiddle, removed) = try await store.removePhoto(number: 2, fromItem: key, ifVersion: listed[1].version)
            #expect(removed == listed[1])
            #expect(afterMiddle.map(\.photo.storedName) == [key, "\(key).photo-3"])
            #expect(afterMiddle.map(\.number) == [1, 2])

            let (afterFirst, _) = try await store.removePhoto(number: 1, fromItem: key)
            #expect(afterFirst.map(\.photo.storedName) == [key])
            #expect(try await place.read(key) == photos[2])
            #expect(try await store.images.image(forKey: key) == photos[2])
            #expect(try await place.names().sorted() == [key, "items.archive"].sorted())

            let gone = await #expect(throws: HomepwnerError.self) { try await store.removePhoto(number: 2, fromItem: key) }
            #expect(gone?.code == .notFound)
            #expect(gone?.message == "item \(key) has no photo 2 (it has 1 photo)")
            // Removing the single photo the old way (removeImage) removes the last one.
            try await store.removeImage(forKey: key)
            #expect(try await store.photos(ofItem: key).isEmpty)
            #expect(try await place.names() == ["items.archive"])
            try await store.close()
        }
    }

    @Test("every change of the photos is published as a photo change of the item; a refused one is not")
    func published() async throws {
        try await withStoragePlace(.folder) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Piano"))
            let events = await store.changes.subscribe(after: nil)
            _ = try await store.addPhotos([try samplePNG(seed: 1), try samplePNG(seed: 2)], toItem: item.itemKey)
            await #expect(throws: HomepwnerError.self) { try await store.addPhotos([Data("x".utf8)], toItem: item.itemKey) }
            _ = try await store.removePhoto(number: 1, fromItem: item.itemKey)
            let renamed = try await store.update(item.itemKey, ItemChanges(name: "Grand piano"))
            let published = try await nextEvents(events, count: 3, limit: .seconds(10)).map { event -> String in
                guard case .change(let change) = event else { return "reset" }
                return "\(change.kind.rawValue) \(change.version ?? "nil")"
            }
            #expect(published == ["photo \(item.version)", "photo \(item.version)", "updated \(renamed.version)"])
            try await store.close()
        }
    }

    @Test("deleting an item removes all its photos; check names orphans, damaged photos and further photos without a first; repair mends them", arguments: StorageKind.allCases)
    func deleteCheckRepair(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let kept = try await store.add(NewItem(name: "kept")), gone = try await store.add(NewItem(name: "gone"))
            _ = try await store.addPhotos([try samplePNG(seed: 1), try samplePNG(seed: 2)], toItem: gone.itemKey)
            try await store.delete(gone.itemKey)
            #expect(try await place.names() == ["items.archive"])

            let orphan = "00000000-0000-4000-8000-0000000000AA.photo-2"
            try await place.write(orphan, try samplePNG(seed: 5))
            // Another program removed the first photo, and damaged a further one.
            try await place.write("\(kept.itemKey).photo-2", try samplePNG(seed: 6))
            try await place.write("\(kept.itemKey).photo-7", Data("not a photo".utf8))
            let report = try await store.check()
            #expect(report.orphanPhotos == [orphan])
            #expect(report.photosWithoutFirst == [kept.itemKey])
            #expect(report.photoProblems.map(\.key) == ["\(kept.itemKey).photo-7"])
            let repaired = try await store.repair()
            #expect(repaired.repairs == [
                "removed the photo \(orphan), which no item names",
                "made the photo \(kept.itemKey).photo-2 the first photo of item \(kept.itemKey), which had none",
            ])
            #expect(repaired.photosWithoutFirst.isEmpty && repaired.orphanPhotos.isEmpty)
            #expect(try await place.read(kept.itemKey) == (try samplePNG(seed: 6)))
            #expect(try await place.names().sorted() == [kept.itemKey, "\(kept.itemKey).photo-7", "items.archive"].sorted())
            try await store.close()
        }
    }

    @Test("an export carries every photo under its own name and an import brings them back, numbered as they were")
    func exportImport() async throws {
        try await withTemporaryFolder { scratch in
            try await withStoragePlace(.folder) { source in
                try await withStoragePlace(.folder) { target in
                    let store = ItemStoreTests.store(source.storage)
                    let item = try await store.add(NewItem(name: "Piano"))
                    let photos = [try samplePNG(seed: 1), try sampleJPEG(seed: 2), try samplePNG(seed: 3)]
                    _ = try await store.addPhotos(photos, toItem: item.itemKey)
                    _ = try await store.removePhoto(number: 2, fromItem: item.itemKey)
                    let zip = scratch.appendingPathComponent("everything.zip")
                    let exported = try await store.exportInventory(to: zip)
                    #expect(exported.photos == 2 && exported.skipped.isEmpty)
                    let copy = ItemStoreTests.store(target.storage)
                    let imported = try await copy.importInventory(from: zip)
                    #expect(imported.photos == 2 && imported.skipped.isEmpty)
                    let listed = try await copy.photos(ofItem: item.itemKey)
                    #expect(listed.map(\.photo.storedName) == [item.itemKey, "\(item.itemKey).photo-3"])
                    #expect(try await target.read("\(item.itemKey).photo-3") == photos[2])
                    try await store.close()
                    try await copy.close()
                }
            }
        }
    }

    @Test("stored names are parsed totally: a UUID is a first photo, <UUID>.photo-<2…999999> a further one, nothing else")
    func storedNames() {
        let key = "0E8A6F52-1C2B-4D3E-8F40-5A6B7C8D9E0F"
        #expect(ItemPhoto(storedName: key) == ItemPhoto(firstOf: key))
        #expect(ItemPhoto(storedName: "\(key).photo-12") == ItemPhoto(itemKey: key, sequence: 12))
        #expect(ItemPhoto(storedName: "\(key).photo-999999")?.sequence == 999_999)
        for name in ["items.archive", "\(key).photo-1", "\(key).photo-0", "\(key).photo-02", "\(key).photo-1000000", "\(key).photo-", "\(key).photo-2a",
                     "\(key).photo-٣", "\(key).attachment-1-a.pdf", "not-a-uuid-at-all-00000000000000000.photo-2", "\(key.lowercased())x.photo-2"] {
            #expect(ItemPhoto(storedName: name) == nil, "\(name)")
        }
        #expect(ItemPhoto(itemKey: key, sequence: 1) == nil)
        #expect(ItemPhoto(firstOf: "../items.archive") == nil)
        let photos = [ItemPhoto(itemKey: key, sequence: 10)!, ItemPhoto(firstOf: key)!, ItemPhoto(itemKey: key, sequence: 9)!]
        #expect(ItemPhoto.sorted(photos).map(\.storedName) == [key, "\(key).photo-9", "\(key).photo-10"])
    }
}
