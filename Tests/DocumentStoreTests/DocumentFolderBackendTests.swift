@_spi(Testing) import DocumentStore
import DocumentStoreSamples
import Foundation
import ObjectStorage
import Testing
import TestSupport

/// The document folder's operations give the same results in a folder and in a bucket.
@Suite("Document folder on both backends: a folder on disk and a bucket", .serialized)
struct DocumentFolderBackendTests {
    @Test("bundles are numbered 1, 2, 3 …, list in order with their data, and a missing one is notFound", arguments: StorageKind.allCases)
    func createListRead(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            let creatures = SampleCreature.sample(count: 12)
            var ids: [Int] = []
            for creature in creatures { ids.append(try await folder.create(data: try creature.archived()).id) }
            #expect(ids == Array(1...12))
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.problems.isEmpty)
            #expect(listing.documents.map(\.bundle.id) == Array(1...12))
            #expect(listing.documents.map(\.value) == creatures)
            #expect(try await folder.bundles().map(\.name) == (1...12).map { "\($0).scarycreature" })
            #expect(try await folder.loadData(of: 10, decode: SampleCreature.unarchived) == creatures[9])
            let error = try await #require(throws: DocumentStoreError.self) { try await folder.readData(of: 99) }
            #expect(error.code == .notFound)
            await #expect(throws: DocumentStoreError.self) { try await folder.bundle(99) }
            await #expect(throws: DocumentStoreError.self) { try await folder.readData(of: 0) }
        }
    }

    @Test("an edit writes data and attachments together; readers see names, bytes and dates; removing is idempotent", arguments: StorageKind.allCases)
    func editAndAttachments(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            let id = try await folder.create(data: try SampleCreature(title: "Bug", rating: 1).archived(), attachments: ["thumbImage.png": Data([1])]).id
            try await folder.edit(id) { editor in
                let data = try #require(try editor.readData())
                var creature = try SampleCreature.unarchived(data)
                creature.title = "Big Bug"
                try editor.writeData(try creature.archived())
                try editor.writeAttachment(Data([1, 2, 3]), named: "fullImage.png")
            }
            let seen = try await folder.read(id) { reader in
                (try reader.attachmentNames(), try reader.readAttachment(named: "fullImage.png"), try reader.modificationDate(ofAttachment: "fullImage.png") != nil,
                 try reader.modificationDate(ofAttachment: "nothing.png"), try reader.openAttachment(named: "fullImage.png").map { try $0.read(10, at: 1) })
            }
            #expect(seen.0 == ["fullImage.png", "thumbImage.png"])
            #expect(seen.1 == Data([1, 2, 3]))
            #expect(seen.2)
            #expect(seen.3 == nil)
            #expect(seen.4 == [2, 3])
            #expect(try await folder.loadData(of: id, decode: SampleCreature.unarchived).title == "Big Bug")
            #expect(try await folder.readAttachment(named: "thumbImage.png", of: id) == Data([1]))
            #expect(try await folder.attachmentNames(of: id) == ["fullImage.png", "thumbImage.png"])
            try await folder.removeAttachment(named: "thumbImage.png", of: id)
            try await folder.removeAttachment(named: "thumbImage.png", of: id)
            #expect(try await folder.attachmentNames(of: id) == ["fullImage.png"])
            await #expect(throws: DocumentStoreError.self) { try await folder.writeAttachment(Data(), named: ".hidden", of: id) }
            await #expect(throws: DocumentStoreError.self) { try await folder.edit(7) { _ in } }
        }
    }

    @Test("a delete removes the bundle and everything in it; the next number is 1 + the largest left", arguments: StorageKind.allCases)
    func delete(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, bucket in
            for _ in 0..<3 { _ = try await folder.create(data: try SampleCreature(title: "Bug", rating: 1).archived(), attachments: ["fullImage.png": Data([9])]) }
            try await folder.delete(3)
            try await folder.delete(1)
            await #expect(throws: DocumentStoreError.self) { try await folder.delete(1) }
            #expect(try await folder.bundles().map(\.id) == [2])
            if let bucket {
                let keys = try await bucket.client.listAll(prefix: bucket.location.prefix).map(\.key)
                // Beside the bundle left: the listing summary and the change journals (bookkeeping).
                #expect(keys.allSatisfy {
                    $0.hasPrefix(bucket.key("2.scarycreature/")) || $0 == bucket.key(".listing-summary") || $0.hasPrefix(bucket.key(".changes/"))
                })
            }
            #expect(try await folder.create(data: Data()).id == 3)
        }
    }

    @Test("50 concurrent updates of one bundle are all applied, in one bundle, none lost", arguments: StorageKind.allCases)
    func concurrentUpdates(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            let id = try await folder.create(data: Data()).id
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<50 {
                    group.addTask { try await folder.update(id) { ($0 ?? Data()) + Data([UInt8(index)]) } }
                }
                try await group.waitForAll()
            }
            #expect(try await folder.readData(of: id).sorted() == (0..<50).map(UInt8.init))
        }
    }

    @Test("the listing with a summary gives what the listing without gives, before and after a change", arguments: StorageKind.allCases)
    func listingSummary(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            folder.listingSummarySettleTime = .zero
            for creature in SampleCreature.sample(count: 5) { _ = try await folder.create(data: try creature.archived()) }
            try await folder.update(2) { _ in Data("not an archive".utf8) }
            let plain = try await folder.list(decode: SampleCreature.unarchived)
            for _ in 0..<2 {
                let summarized = try await folder.list(decode: SampleCreature.unarchived, summary: ListingSummaryTests.format)
                #expect(summarized.documents.map(\.value) == plain.documents.map(\.value))
                #expect(summarized.problems == plain.problems)
            }
            try await folder.writeData(try SampleCreature(title: "Changed", rating: 5).archived(), of: 4)
            let after = try await folder.list(decode: SampleCreature.unarchived, summary: ListingSummaryTests.format)
            #expect(after.documents.first { $0.bundle.id == 4 }?.value == SampleCreature(title: "Changed", rating: 5))
            #expect(after.documents.map(\.value) == (try await folder.list(decode: SampleCreature.unarchived)).documents.map(\.value))
        }
    }

    @Test("repair moves a bundle with damaged data and a photo left without its creature into quarantine", arguments: StorageKind.allCases)
    func repairQuarantines(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, bucket in
            _ = try await folder.create(data: try SampleCreature(title: "Good", rating: 1).archived())
            _ = try await folder.create(data: Data("damaged".utf8), attachments: ["fullImage.png": Data([1])])
            // A photo whose creature is gone (a crash between a delete's two steps).
            if let bucket {
                try await bucket.client.put(bucket.key("3.scarycreature/fullImage.png"), body: Data([2]))
            } else {
                let orphan = folder.root.appendingPathComponent("3.scarycreature")
                try FileManager.default.createDirectory(at: orphan, withIntermediateDirectories: true)
                try Data([2]).write(to: orphan.appendingPathComponent("fullImage.png"))
            }
            #expect(try await folder.list(decode: SampleCreature.unarchived).problems.map(\.name) == ["2.scarycreature", "3.scarycreature"])
            let moved = try await folder.repair(decode: SampleCreature.unarchived)
            #expect(moved.map(\.problem.name) == ["2.scarycreature", "3.scarycreature"])
            #expect(moved.map(\.url.lastPathComponent) == ["2.scarycreature", "3.scarycreature"])
            #expect(try await folder.bundles().map(\.id) == [1])
            #expect(try await folder.list(decode: SampleCreature.unarchived).problems.isEmpty)
            if let bucket {
                let kept = try await bucket.client.listAll(prefix: bucket.key(".quarantine/")).map { String($0.key.dropFirst(bucket.key("").count)) }
                #expect(Set(kept).isSuperset(of: [".quarantine/2.scarycreature/Data.plist", ".quarantine/2.scarycreature/fullImage.png", ".quarantine/3.scarycreature/fullImage.png", ".quarantine/2.scarycreature.reason.txt"]))
            }
        }
    }
}
