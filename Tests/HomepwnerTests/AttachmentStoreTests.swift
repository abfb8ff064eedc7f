import DocumentStore
import Foundation
@testable import Homepwner
import Testing
import TestSupport

@Suite("Attachments: files beside items.archive named from the item key, checked by their magic bytes, kept byte for byte, deleted with the item")
struct AttachmentStoreTests {
    static let pdf = Data("%PDF-1.7\n% receipt\n1 0 obj << >> endobj\n%%EOF\n".utf8)

    @Test("an attachment is stored byte for byte as <itemKey>.attachment-<n>-<safe name>, listed by number and read back", arguments: StorageKind.allCases)
    func addListRead(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Fridge"))
            let first = try await store.addAttachment(Self.pdf, fileName: "Receipt (March).PDF", forKey: item.itemKey)
            #expect(first.storedName == "\(item.itemKey).attachment-1-Receipt__March_.pdf")
            let png = try samplePNG(seed: 3)
            let second = try await store.addAttachment(png, fileName: "../../etc/manual", forKey: item.itemKey)
            #expect(second.storedName == "\(item.itemKey).attachment-2-manual.png")
            #expect(try await place.read(first.storedName) == Self.pdf)
            #expect(try await place.read(second.storedName) == png)
            #expect(try await store.attachments.attachments(forKey: item.itemKey) == [first, second])
            let read = try #require(try await store.attachments.read(second))
            #expect(read.data == png)
            #expect(read.kind == .png)
            #expect(try await place.names().sorted() == [first.storedName, second.storedName, "items.archive"].sorted())
            try await store.close()
        }
    }

    @Test("adding and removing an attachment is published as an attachments change of the item, with its version; a refused one is not", arguments: StorageKind.allCases)
    func changesArePublished(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Fridge"))
            let events = await store.changes.subscribe(after: nil)
            let attachment = try await store.addAttachment(Self.pdf, fileName: "receipt.pdf", forKey: item.itemKey)
            await #expect(throws: HomepwnerError.self) {
                try await store.addAttachment(Data("<html>".utf8), fileName: "receipt.pdf", forKey: item.itemKey)
            }
            try await store.removeAttachment(attachment.storedName, forKey: item.itemKey)
            // A change of another kind after them: a third attachments event would come before it.
            let renamed = try await store.update(item.itemKey, ItemChanges(name: "Fridge, upstairs"))
            let published = try await nextEvents(events, count: 3, limit: .seconds(10)).map { event -> String in
                guard case .change(let change) = event else { return "reset" }
                return "\(change.kind.rawValue) \(change.itemKey) \(change.version ?? "nil")"
            }
            #expect(published == [
                "attachments \(item.itemKey) \(item.version)", "attachments \(item.itemKey) \(item.version)",
                "updated \(item.itemKey) \(renamed.version)",
            ])
            try await store.close()
        }
    }

    @Test("an attachment opened for a download streams its bytes with its kind; one replaced by other bytes is .corrupt, one that is gone is nil", arguments: StorageKind.allCases)
    func openForDownload(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Fridge"))
            let attachment = try await store.addAttachment(Self.pdf, fileName: "receipt.pdf", forKey: item.itemKey)
            let file = try #require(try await store.attachments.file(attachment))
            #expect(file.kind == .pdf && file.size == Self.pdf.count)
            var streamed = Data()
            for try await chunk in file.chunks(in: 0..<file.size) { streamed.append(contentsOf: chunk) }
            #expect(streamed == Self.pdf)

            try await place.write(attachment.storedName, Data("<html>not a pdf</html>".utf8))
            let replaced = await #expect(throws: HomepwnerError.self) { try await store.attachments.file(attachment) }
            #expect(replaced?.code == .corrupt)
            #expect(replaced?.message == "the attachment receipt.pdf of item \(item.itemKey) is no longer a PDF, JPEG or PNG")
            try await place.remove(attachment.storedName)
            #expect(try await store.attachments.file(attachment) == nil)
            try await store.close()
        }
    }

    @Test("bytes that are not a PDF, JPEG or PNG, and more than 20 MiB, are refused before anything is written", arguments: StorageKind.allCases)
    func refusals(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Fridge"))
            let html = await #expect(throws: HomepwnerError.self) {
                try await store.addAttachment(Data("<html><script>alert(1)</script>".utf8), fileName: "receipt.pdf", forKey: item.itemKey)
            }
            #expect(html?.code == .invalidAttachment)
            #expect(html?.message == "an attachment must be a PDF, JPEG or PNG file (its first bytes say what it is), and this one is none of them")
            var huge = Self.pdf
            huge.append(Data(count: Attachment.maxBytes))
            let big = await #expect(throws: HomepwnerError.self) { try await store.addAttachment(huge, fileName: "big.pdf", forKey: item.itemKey) }
            #expect(big?.code == .tooLarge)
            let missing = await #expect(throws: HomepwnerError.self) {
                try await store.addAttachment(Self.pdf, fileName: "x.pdf", forKey: "00000000-0000-4000-8000-00000000FFFF")
            }
            #expect(missing?.code == .notFound)
            #expect(try await place.names() == ["items.archive"])
            try await store.close()
        }
    }

    @Test("deleting an item removes its attachments and no other's; check finds orphans and --repair removes them", arguments: StorageKind.allCases)
    func deleteAndOrphans(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let kept = try await store.add(NewItem(name: "kept"))
            let gone = try await store.add(NewItem(name: "gone"))
            let keptFile = try await store.addAttachment(Self.pdf, fileName: "a.pdf", forKey: kept.itemKey)
            _ = try await store.addAttachment(Self.pdf, fileName: "b.pdf", forKey: gone.itemKey)
            try await store.delete(gone.itemKey)
            #expect(try await place.names().sorted() == [keptFile.storedName, "items.archive"].sorted())
            // An attachment left by a crash between deleting an item and its files.
            let orphan = "00000000-0000-4000-8000-0000000000AA.attachment-1-left.pdf"
            try await place.write(orphan, Self.pdf)
            let report = try await store.check()
            #expect(report.orphanAttachments == [orphan])
            #expect(!report.isClean)
            let repaired = try await store.repair()
            #expect(repaired.repairs == ["removed the attachment \(orphan), whose item is gone"])
            #expect(repaired.isClean)
            #expect(try await place.names().sorted() == [keptFile.storedName, "items.archive"].sorted())
            try await store.removeAttachment(keptFile.storedName, forKey: kept.itemKey)
            #expect(try await place.names() == ["items.archive"])
            try await store.close()
        }
    }

    @Test("stored names are parsed totally: only <UUID>.attachment-<1…999999>-<safe name> is an attachment")
    func storedNames() {
        let key = "0E8A6F52-1C2B-4D3E-8F40-5A6B7C8D9E0F"
        #expect(Attachment(storedName: "\(key).attachment-12-receipt.pdf") == Attachment(itemKey: key, number: 12, fileName: "receipt.pdf"))
        for name in [key, "items.archive", "\(key).attachment-0-a.pdf", "\(key).attachment-01-a.pdf", "\(key).attachment-1-", "\(key).attachment-1-a b.pdf",
                     "\(key).attachment-1234567-a.pdf", "\(key).attachment--a.pdf", "not-a-uuid-at-all-00000000000000000.attachment-1-a.pdf", "\(key).attachment-1-é.pdf"] {
            #expect(Attachment(storedName: name) == nil, "\(name)")
        }
        #expect(Attachment.safeFileName("", kind: .pdf) == "attachment.pdf")
        #expect(Attachment.safeFileName(".hidden.jpeg", kind: .jpeg) == "hidden.jpg")
        #expect(Attachment.safeFileName("scan.png", kind: .jpeg) == "scan.png.jpg")
        #expect(Attachment.safeFileName(String(repeating: "x", count: 300), kind: .pdf).utf8.count == Attachment.maxFileNameBytes)
        #expect(Attachment.Kind.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(Attachment.Kind.sniff(Array("%PDF".utf8)) == nil)
    }
}
