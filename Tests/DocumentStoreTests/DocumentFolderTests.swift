import DocumentStore
import DocumentStoreSamples
import Foundation
import KeyedArchive
import Testing
import TestSupport

@Suite("Document folder: bundles, data, numbering")
struct DocumentFolderTests {
    @Test("created bundles are numbered 1, 2, 3 … and list in numeric order with their data")
    func createAndList() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            let creatures = SampleCreature.sample(count: 12)
            var ids: [Int] = []
            for creature in creatures { ids.append(try await folder.create(data: try creature.archived()).id) }
            #expect(ids == Array(1...12))
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.problems.isEmpty)
            #expect(listing.documents.map(\.bundle.id) == Array(1...12))
            #expect(listing.documents.map(\.value) == creatures)
            #expect(listing.documents[9].bundle.name == "10.scarycreature")
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("10.scarycreature/Data.plist").path))
        }
    }

    @Test("a new bundle takes 1 + the largest number, even with gaps")
    func numberingAfterGaps() async throws {
        try await withTemporaryFolder { root in
            for name in ["3.scarycreature", "41.scarycreature"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
            }
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            #expect(try await folder.create(data: Data()).id == 42)
        }
    }

    @Test("data is read lazily per bundle, rewritten durably, and a missing bundle is notFound", arguments: StorageKind.allCases)
    func readAndWriteData(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            let bundle = try await folder.create(data: try SampleCreature(title: "Bug", rating: 3).archived())
            try await folder.writeData(try SampleCreature(title: "Big Bug", rating: 4.5).archived(), of: bundle.id)
            let loaded = try await folder.loadData(of: bundle.id, decode: SampleCreature.unarchived)
            #expect(loaded == SampleCreature(title: "Big Bug", rating: 4.5))
            let error = try await #require(throws: DocumentStoreError.self) { try await folder.readData(of: 99) }
            #expect(error.code == .notFound)
            #expect(error.message.contains("99.scarycreature"))
            await #expect(throws: DocumentStoreError.self) { try await folder.writeData(Data(), of: 99) }
            await #expect(throws: DocumentStoreError.self) { try await folder.readData(of: 0) }
        }
    }

    @Test("the 2010 layout: case-insensitive extension, data.plist, top key Data")
    func scaryBugsLayout() async throws {
        try await withTemporaryFolder { root in
            let configuration = DocumentFolderConfiguration(bundleExtension: "scarybug", extensionMatching: .caseInsensitive, dataFileNames: ["data.plist"])
            let archiver = KeyedArchiver()
            archiver.encode(SampleCreature(title: "Old Bug", rating: 2), forKey: "Data")
            let data = try archiver.encodedData()
            for name in ["1.scarybug", "2.ScaryBug", "3.SCARYBUG", "4.scarycreature"] {
                let bundle = root.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
                try data.write(to: bundle.appendingPathComponent("data.plist"))
            }
            let folder = DocumentFolder(root: root, configuration: configuration)
            try await folder.open()
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.documents.map(\.bundle.name) == ["1.scarybug", "2.ScaryBug", "3.SCARYBUG"])
            #expect(listing.documents.allSatisfy { $0.value.title == "Old Bug" })
            #expect(try await folder.bundle(3).name == "3.SCARYBUG")
            try await folder.writeData(try SampleCreature(title: "Renamed", rating: 1).archived(), of: 2)
            #expect(try await folder.loadData(of: 2, decode: SampleCreature.unarchived).title == "Renamed")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("2.ScaryBug").path) == ["data.plist"])
            #expect(try await folder.create(data: data).name == "4.scarybug")

            let exact = DocumentFolder(root: root, configuration: DocumentFolderConfiguration(bundleExtension: "scarybug", dataFileNames: ["data.plist"]))
            #expect(try await exact.bundles().map(\.name) == ["1.scarybug", "4.scarybug"])
        }
    }

    @Test("deleting renames the bundle aside, so it never lists again, and removes its files")
    func delete() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            for _ in 0..<3 { _ = try await folder.create(data: try SampleCreature(title: "x", rating: 1).archived(), attachments: ["thumbImage.png": Data(count: 100)]) }
            try await folder.delete(2)
            #expect(try await folder.bundles().map(\.id) == [1, 3])
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["1.scarycreature", "3.scarycreature"])
            let error = try await #require(throws: DocumentStoreError.self) { try await folder.delete(2) }
            #expect(error.code == .notFound)
        }
    }

    @Test("open() finishes what a crash interrupted (nobody holds its lock): stale temporaries, half-built and half-deleted bundles; a held staging folder stays")
    func openCleansUp() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            let bundle = try await folder.create(data: try SampleCreature(title: "Kept", rating: 5).archived())
            let dead = try deadProcessID()
            let manager = FileManager.default
            try Data("torn".utf8).write(to: bundle.url.appendingPathComponent(".Data.plist.tmp-\(dead)-1f"))
            try Data("torn".utf8).write(to: root.appendingPathComponent(".items.tmp-\(dead)-2e"))
            try manager.createDirectory(at: root.appendingPathComponent(".new-\(dead)-3d"), withIntermediateDirectories: true)
            try manager.createDirectory(at: root.appendingPathComponent(".new-\(getpid())-4c"), withIntermediateDirectories: true)
            let holder = open(root.path + "/.new-\(getpid())-4c", O_RDONLY | O_DIRECTORY)
            #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
            defer { close(holder) }
            try manager.createDirectory(at: root.appendingPathComponent(".trash-\(dead)-5b-7.scarycreature"), withIntermediateDirectories: true)
            let report = try await folder.open()
            #expect(report.removedTemporaries.sorted() == [".items.tmp-\(dead)-2e", "1.scarycreature/.Data.plist.tmp-\(dead)-1f"])
            #expect(report.discardedCreations == 1)
            #expect(report.finishedDeletions == 1)
            #expect(leftovers(in: root) == [".new-\(getpid())-4c"])
            #expect(try await folder.list(decode: SampleCreature.unarchived).documents.map(\.value.title) == ["Kept"])
        }
    }

    @Test("a root that is a file is a clear error, not a crash")
    func rootIsAFile() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("PrivateDocuments")
            try Data("x".utf8).write(to: file)
            let store = DocumentFolder(root: file, configuration: .sampleCreatures)
            await #expect(throws: DocumentStoreError.self) { try await store.open() }
            await #expect(throws: DocumentStoreError.self) { try await store.list(decode: SampleCreature.unarchived) }
        }
    }
}
