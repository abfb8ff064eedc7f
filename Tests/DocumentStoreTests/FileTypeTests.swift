@_spi(Testing) @testable import DocumentStore
import DocumentStoreSamples
import Foundation
import Testing
import TestSupport

/// Makes a FIFO at `url`.
func makeFIFO(_ url: URL) throws {
    guard mkfifo(url.path, 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
}

/// Makes a sparse file of `size` bytes at `url` (no blocks are written).
func makeSparseFile(_ url: URL, size: Int64) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    defer { close(descriptor) }
    guard ftruncate(descriptor, off_t(size)) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
}

@Suite("Document folder: only regular files are read; links are not followed")
struct FileTypeTests {
    private func folderWithOne(_ root: URL) async throws -> DocumentFolder {
        let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
        try await folder.open()
        _ = try await folder.create(data: try SampleCreature(title: "Good", rating: 3).archived())
        return folder
    }

    @Test("a FIFO named Data.plist is a problem of its bundle and listing does not wait on it")
    func fifoDataFile() async throws {
        try await withTemporaryFolder { root in
            let folder = try await folderWithOne(root)
            let bundle = root.appendingPathComponent("2.scarycreature")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: false)
            try makeFIFO(bundle.appendingPathComponent("Data.plist"))
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.documents.map(\.bundle.id) == [1])
            let path = bundle.path + "/Data.plist"
            #expect(listing.problems == [DocumentProblem(name: "2.scarycreature", id: 2, reason: .unsupportedFileType("\(path) is a FIFO (named pipe), not a regular file, so it is not read"))])
            let error = try await #require(throws: DocumentStoreError.self) { try await folder.readData(of: 2) }
            #expect(error.code == .unsupportedFileType)
        }
    }

    @Test("a FIFO attachment is refused by name, not read")
    func fifoAttachment() async throws {
        try await withTemporaryFolder { root in
            let folder = try await folderWithOne(root)
            try makeFIFO(root.appendingPathComponent("1.scarycreature/fullImage.png"))
            let error = try await #require(throws: DocumentStoreError.self) { try await folder.readAttachment(named: "fullImage.png", of: 1) }
            #expect(error.code == .unsupportedFileType)
            #expect(error.message == root.path + "/1.scarycreature/fullImage.png is a FIFO (named pipe), not a regular file, so it is not read")
            let inEdit = try await #require(throws: DocumentStoreError.self) {
                try await folder.edit(1) { try $0.readAttachment(named: "fullImage.png") }
            }
            #expect(inEdit.code == .unsupportedFileType)
            await #expect(throws: DocumentStoreError.self) { try await folder.openAttachment(named: "fullImage.png", of: 1) }
        }
    }

    @Test("a folder named Data.plist is reported, and repair quarantines its bundle")
    func folderAsDataFile() async throws {
        try await withTemporaryFolder { root in
            let folder = try await folderWithOne(root)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("2.scarycreature/Data.plist"), withIntermediateDirectories: true)
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            let path = root.path + "/2.scarycreature/Data.plist"
            #expect(listing.problems.map(\.reason) == [.unsupportedFileType("\(path) is a folder, not a regular file, so it is not read")])
            let moved = try await folder.repair(decode: SampleCreature.unarchived)
            #expect(moved.map(\.problem.name) == ["2.scarycreature"])
            let after = try await folder.list(decode: SampleCreature.unarchived)
            #expect(after.problems.isEmpty && after.documents.map(\.bundle.id) == [1])
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: folder.quarantineURL.path + "/2.scarycreature/Data.plist", isDirectory: &isFolder) && isFolder.boolValue)
        }
    }

    @Test("a Data.plist that is a symbolic link to a good archive is not followed")
    func symlinkDataFile() async throws {
        try await withTemporaryFolder { root in
            let folder = try await folderWithOne(root)
            let outside = root.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString).plist")
            try SampleCreature(title: "Outside", rating: 1).archived().write(to: outside)
            defer { try? FileManager.default.removeItem(at: outside) }
            try FileManager.default.createDirectory(at: root.appendingPathComponent("2.scarycreature"), withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: root.path + "/2.scarycreature/Data.plist", withDestinationPath: outside.path)
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            let path = root.path + "/2.scarycreature/Data.plist"
            #expect(listing.problems.map(\.reason) == [.unsupportedFileType("\(path) is a symbolic link (links inside a data folder are not followed), not a regular file, so it is not read")])
        }
    }

    @Test("a bundle folder that is a symbolic link is reported, and repair moves the link, not its target")
    func symlinkBundle() async throws {
        try await withTemporaryFolder { root in
            let folder = try await folderWithOne(root)
            let target = root.deletingLastPathComponent().appendingPathComponent("target-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(at: target) }
            let data = try SampleCreature(title: "Linked", rating: 2).archived()
            try data.write(to: target.appendingPathComponent("Data.plist"))
            try FileManager.default.createSymbolicLink(atPath: root.path + "/2.scarycreature", withDestinationPath: target.path)
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.documents.map(\.bundle.id) == [1])
            let path = root.path + "/2.scarycreature"
            #expect(listing.problems.map(\.reason) == [.unsupportedFileType("\(path) is a symbolic link; links inside a data folder are not followed")])
            await #expect(throws: DocumentStoreError.self) { try await folder.writeData(Data("x".utf8), of: 2) }
            #expect(try await folder.repair(decode: SampleCreature.unarchived).count == 1)
            #expect(try Data(contentsOf: target.appendingPathComponent("Data.plist")) == data)
            let moved = try FileManager.default.destinationOfSymbolicLink(atPath: folder.quarantineURL.path + "/2.scarycreature")
            #expect(moved == target.path)
        }
    }

    @Test("a sparse 1 TiB data file or attachment is refused by its size before any byte is read")
    func hugeSparseFiles() async throws {
        try await withTemporaryFolder { root in
            let folder = try await folderWithOne(root)
            let terabyte: Int64 = 1 << 40
            try FileManager.default.createDirectory(at: root.appendingPathComponent("2.scarycreature"), withIntermediateDirectories: false)
            try makeSparseFile(root.appendingPathComponent("2.scarycreature/Data.plist"), size: terabyte)
            try makeSparseFile(root.appendingPathComponent("1.scarycreature/fullImage.png"), size: terabyte)
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            let path = root.path + "/2.scarycreature/Data.plist"
            #expect(listing.problems.map(\.reason) == [.corrupt("\(path) is 1099511627776 bytes, larger than the limit of 1048576 bytes")])
            let error = try await #require(throws: DocumentStoreError.self) { try await folder.readAttachment(named: "fullImage.png", of: 1) }
            #expect(error.code == .corrupt)
            #expect(error.message == root.path + "/1.scarycreature/fullImage.png is 1099511627776 bytes, larger than the limit of 268435456 bytes")
        }
    }

    @Test("opening a missing folder without cleaning is notFound and creates nothing")
    func readOnlyOpenCreatesNothing() async throws {
        try await withTemporaryFolder { parent in
            let root = parent.appendingPathComponent("mistyped")
            let error = try await #require(throws: DocumentStoreError.self) {
                try await DocumentFolder(root: root, configuration: .sampleCreatures).open(cleaning: .nothing)
            }
            #expect(error.code == .notFound)
            #expect(error.message == "the data folder \(root.path) does not exist (or is not a folder)")
            #expect(!FileManager.default.fileExists(atPath: root.path))
            try Data().write(to: root)
            await #expect(throws: DocumentStoreError.self) { try await DocumentFolder(root: root, configuration: .sampleCreatures).open(cleaning: .nothing) }
        }
    }

    @Test("opening without cleaning leaves a crashed writer's leftovers alone")
    func readOnlyOpenChangesNothing() async throws {
        try await withTemporaryFolder { root in
            let staging = root.appendingPathComponent(".new-1-abc")
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            #expect(try await DocumentFolder(root: root, configuration: .sampleCreatures).open(cleaning: .nothing) == DocumentFolder.OpenReport())
            #expect(FileManager.default.fileExists(atPath: staging.path))
        }
    }
}
