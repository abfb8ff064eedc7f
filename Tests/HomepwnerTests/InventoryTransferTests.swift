import DocumentStore
import Foundation
@testable import Homepwner
import Testing
import TestSupport

@Suite("The whole inventory as one zip: exported, and imported into an empty inventory elsewhere")
struct InventoryTransferTests {
    static let pdf = AttachmentStoreTests.pdf

    /// A store in `storage` holding three items (one with every kind of file), two kept locations.
    static func filled(_ storage: Storage) async throws -> ItemStore {
        let store = ItemStoreTests.store(storage)
        var details = NewItem(name: "Camera", valueInDollars: 900)
        details.details.location = "House › Office"
        details.details.labels = ["gear", "café"]
        let camera = try await store.add(details)
        try await store.add(NewItem(name: "e\u{301}clair 😀", valueInDollars: 3))
        try await store.add(NewItem(name: "Desk", valueInDollars: 150))
        try await store.setImage(try samplePNG(seed: 3), forKey: camera.itemKey)
        _ = try await store.addAttachment(Self.pdf, fileName: "receipt.pdf", forKey: camera.itemKey)
        _ = try await store.addAttachment(try sampleJPEG(seed: 1), fileName: "box.jpg", forKey: camera.itemKey)
        try await store.addLocation("House › Office")
        try await store.addLocation("Garage")
        return store
    }

    @Test("an export imported into an empty inventory on the other backend gives the same archive bytes, photos, attachments and locations", arguments: StorageKind.allCases)
    func roundTrip(kind: StorageKind) async throws {
        let other: StorageKind = kind == .folder ? .seaweedfs : .folder
        try await withTemporaryFolder { scratch in
            try await withStoragePlace(kind) { source in
                try await withStoragePlace(other) { target in
                    let store = try await Self.filled(source.storage)
                    let zip = scratch.appendingPathComponent("everything.zip")
                    let exported = try await store.exportInventory(to: zip)
                    #expect(exported.exportSentence == "Exported 3 items, 1 photo, 2 attachments and 2 locations." && exported.skipped.isEmpty)
                    // Nothing but the zip is left in the folder it was written to.
                    #expect(try fileNames(in: scratch) == ["everything.zip"])

                    let copy = ItemStoreTests.store(target.storage)
                    try await copy.addLocation("Attic")
                    let imported = try await copy.importInventory(from: zip)
                    #expect(imported.importSentence == "Imported 3 items, 1 photo and 2 attachments; 2 locations added to the list.")
                    #expect(imported.skipped.isEmpty)
                    #expect(try await copy.items() == (try await store.items()))
                    #expect(try await target.read("items.archive") == (try await source.read("items.archive")))
                    let key = try await store.items()[0].itemKey
                    #expect(try await target.read(key) == (try await source.read(key)))
                    let attachments = try await store.attachments.all()
                    #expect(try await copy.attachments.all() == attachments)
                    for attachment in attachments {
                        #expect(try await target.read(attachment.storedName) == (try await source.read(attachment.storedName)))
                    }
                    let names = try await copy.locations().names
                    #expect(names == ["Attic", "House › Office", "Garage"])
                    try await store.close()
                    try await copy.close()
                }
            }
        }
    }

    @Test("an inventory that has items takes no import: .notEmpty, and nothing is written", arguments: StorageKind.allCases)
    func notEmpty(kind: StorageKind) async throws {
        try await withTemporaryFolder { scratch in
            try await withStoragePlace(kind) { place in
                let store = try await Self.filled(place.storage)
                let zip = scratch.appendingPathComponent("e.zip")
                try await store.exportInventory(to: zip)
                let before = try await place.names()
                let error = await #expect(throws: HomepwnerError.self) { try await store.importInventory(from: zip) }
                #expect(error?.code == .notEmpty)
                #expect(error?.message == "\(place.location) has 3 items; a full export is imported only into an inventory with no items, so nothing was imported")
                #expect(try await place.names() == before)
                try await store.close()
            }
        }
    }

    @Test("a zip that is not a full export is refused with the reason, before anything is written")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder.appendingPathComponent("data"))
            func refusal(_ entries: [(String, Data, Bool)]) async throws -> String? {
                let zip = folder.appendingPathComponent("in.zip")
                try writeZip(entries, to: zip)
                let error = await #expect(throws: HomepwnerError.self) { try await store.importInventory(from: zip) }
                #expect(error?.code == .invalidImport)
                return error?.message
            }
            let v2 = try ModelVersionFixtures.data(version: 2)
            #expect(try await refusal([("notes.txt", Data("hi".utf8), false)]) == "in.zip holds no items.archive; choose a .zip that Export everything made")
            #expect(try await refusal([("a/items.archive", v2, false), ("b/items.archive", v2, false)]) == "in.zip holds 2 items.archive files (a/items.archive, b/items.archive); it must hold one inventory")
            #expect(try await refusal([("items.archive", Data("not a plist".utf8), false)])?.hasPrefix("items.archive in in.zip cannot be read as an inventory: ") == true)
            #expect(try await refusal([("items.archive", try ModelVersionFixtures.data(version: 9), false)]) == "items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only; import it with the homepwner that exported it")
            // A zip bomb: a "photo" of zeros that inflates far more than 100 times.
            let key = "6A8F4F3E-7C1B-4E55-9A61-0D2B3C4D5E6F"
            let bomb = try await refusal([("items.archive", v2, false), (key, Data(count: 8 << 20), true)])
            #expect(bomb?.hasPrefix("\(key) in in.zip inflates ") == true && bomb?.hasSuffix(" times its size; it is refused as a possible zip bomb") == true)
            let notZip = folder.appendingPathComponent("in.zip")
            try Data("PK but not really".utf8).write(to: notZip)
            let error = await #expect(throws: HomepwnerError.self) { try await store.importInventory(from: notZip) }
            #expect(error?.message == "in.zip is not a zip file; choose a .zip that Export made")
            #expect(try await store.items().isEmpty)
            #expect(try fileNames(in: folder.appendingPathComponent("data")).filter { !$0.hasPrefix(".") }.isEmpty)
            try await store.close()
        }
    }

    @Test("a 2014 archive zipped in a folder by hand imports and is upgraded; files that are not what they should be are left out and named")
    func handMadeZip() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder.appendingPathComponent("data"))
            let keys = ModelVersionFixtures.items.map(\.itemKey)
            let zip = folder.appendingPathComponent("Documents.zip")
            try writeZip([
                ("Documents/items.archive", try ModelVersionFixtures.data(version: 1), true),
                ("Documents/\(keys[0])", try sampleJPEG(seed: 2), false),
                ("Documents/\(keys[1])", Data("not an image".utf8), false),
                ("Documents/\(keys[2]).attachment-1-manual.pdf", Self.pdf, false),
                ("Documents/\(keys[2]).attachment-2-fake.pdf", Data("MZ not a pdf".utf8), false),
                ("Documents/00000000-0000-4000-8000-0000000000AA", try samplePNG(), false),
                ("Documents/.DS_Store", Data("x".utf8), false),
                ("__MACOSX/Documents/._items.archive", Data("x".utf8), false),
                ("Documents/notes.txt", Data("hi".utf8), false),
                ("Elsewhere/\(keys[0])", try samplePNG(), false),
            ], to: zip)
            let summary = try await store.importInventory(from: zip)
            #expect(summary.items == 3 && summary.photos == 1 && summary.attachments == 1 && summary.locations == 0)
            #expect(summary.skipped.map(\.name) == [
                "Elsewhere/\(keys[0])", "Documents/notes.txt", "Documents/\(keys[1])",
                "Documents/\(keys[2]).attachment-2-fake.pdf", "Documents/00000000-0000-4000-8000-0000000000AA",
            ])
            #expect(summary.skipped[0].reason == "it is not beside Documents/items.archive")
            #expect(summary.skipped[1].reason == "it is not part of an inventory (the archive, the list of locations, a photo or an attachment)")
            #expect(summary.skipped[3].reason == "an attachment must be a PDF, JPEG or PNG file (its first bytes say what it is), and this one is none of them")
            #expect(summary.skipped[4].reason == "no item in items.archive has this key")
            #expect(try await store.items().map(\.itemKey) == keys)
            #expect(try await store.storedModelVersion() == ItemArchive.modelVersions.current)
            #expect(try await store.images.photoKeys() == [keys[0]])
            try await store.close()
        }
    }

    @Test("a damaged archive is not exported: it is repaired first, and no zip is left")
    func damagedIsNotExported() async throws {
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try Data("bplist00 damaged".utf8).write(to: data.appendingPathComponent("items.archive"))
            let store = try await ItemStore.open(at: data, readOnly: true)
            let zip = folder.appendingPathComponent("out.zip")
            let error = await #expect(throws: HomepwnerError.self) { try await store.exportInventory(to: zip) }
            #expect(error?.code == .damagedArchive)
            #expect(error?.message.hasSuffix("; repair it (homepwner check --repair) before exporting") == true)
            #expect(try fileNames(in: folder) == ["data"])
        }
    }

    @Test("a stored photo or attachment that is no longer what it should be is left out of the export and named, and the rest goes in", arguments: StorageKind.allCases)
    func unreadableFilesLeftOut(kind: StorageKind) async throws {
        try await withTemporaryFolder { scratch in
            try await withStoragePlace(kind) { place in
                let store = try await Self.filled(place.storage)
                let camera = try await store.items()[0]
                let attachment = try #require(try await store.attachments.attachments(forKey: camera.itemKey).first)
                try await place.write(camera.itemKey, Data("no longer a photo".utf8))
                try await place.write(attachment.storedName, Data("no longer a PDF".utf8))
                let zip = scratch.appendingPathComponent("out.zip")
                let summary = try await store.exportInventory(to: zip)
                #expect(summary.exportSentence == "Exported 3 items, 0 photos, 1 attachment and 2 locations.")
                #expect(summary.skipped.map(\.name) == [camera.itemKey, attachment.storedName])
                #expect(summary.skipped[1].reason == "the attachment receipt.pdf of item \(camera.itemKey) is no longer a PDF, JPEG or PNG")
                let reader = try ZipReader(url: zip, limits: .default) { _ in 64 << 20 }
                #expect(reader.files.map(\.name).sorted() == ["items.archive", "locations.plist", try #require(try await store.attachments.attachments(forKey: camera.itemKey).last).storedName].sorted())
                try await store.close()
            }
        }
    }

    @Test("an export's file name carries the date in UTC")
    func fileName() {
        #expect(ItemStore.exportFileName(on: Date(timeIntervalSince1970: 1_796_000_000)) == "homepwner-2026-11-30.zip")
        #expect(ItemStore.exportFileName(on: Date(timeIntervalSince1970: 0)) == "homepwner-1970-01-01.zip")
    }
}
