@_spi(Testing) @testable import DocumentStore
import DocumentStoreSamples
import Foundation
import Testing
import TestSupport

@Suite("Edits: the data write after a read, and whose temporary files are whose")
struct EditWriteTests {
    @Test("an edit that reads then writes the data keeps its file's name and permissions: a 0600 data.plist (the second of two configured names) stays data.plist at 0600")
    func readThenWriteKeepsNameAndPermissions() async throws {
        try await withTemporaryFolder { root in
            let configuration = DocumentFolderConfiguration(bundleExtension: "scarycreature", dataFileNames: ["Data.plist", "data.plist"])
            let folder = DocumentFolder(root: root, configuration: configuration)
            try await folder.open()
            let bundle = try await folder.create(data: Data("one".utf8))
            let lower = bundle.url.appendingPathComponent("data.plist")
            try FileManager.default.moveItem(at: bundle.url.appendingPathComponent("Data.plist"), to: lower)
            #expect(chmod(lower.path, 0o600) == 0)
            let read = try await folder.edit(bundle.id) { editor in
                let old = try editor.readData()
                try editor.writeData(Data("two".utf8))
                return old
            }
            #expect(read == Data("one".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: bundle.url.path) == ["data.plist"])
            var status = stat()
            #expect(stat(lower.path, &status) == 0)
            #expect(status.st_mode & 0o7777 == 0o600)
            #expect(try Data(contentsOf: lower) == Data("two".utf8))
        }
    }

    @Test("an edit that finds no data file writes the first configured name; a second write in one edit replaces the first")
    func writeWithoutData() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: DocumentFolderConfiguration(bundleExtension: "scarycreature", dataFileNames: ["Data.plist", "data.plist"]))
            try await folder.open()
            let bundle = try await folder.create(data: Data("one".utf8))
            try FileManager.default.removeItem(at: bundle.url.appendingPathComponent("Data.plist"))
            try await folder.edit(bundle.id) { editor in
                #expect(try editor.readData() == nil)
                try editor.writeData(Data("two".utf8))
                try editor.writeData(Data("three".utf8))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: bundle.url.path) == ["Data.plist"])
            #expect(try await folder.readData(of: bundle.id) == Data("three".utf8))
        }
    }

    @Test("a store knows its own temporary files, not those of another store in the same process; both are this process's and sweepable")
    func ownTemporaries() async throws {
        try await withTemporaryFolder { root in
            let first = DocumentFolder(root: root, configuration: .sampleCreatures), second = DocumentFolder(root: root, configuration: .sampleCreatures)
            let name = first.writer.temporaryName(for: "Data.plist")
            #expect(name.hasPrefix(".Data.plist.tmp-\(getpid())-"))
            #expect(first.isOwnTemporary(name))
            #expect(!second.isOwnTemporary(name))
            #expect(!first.isOwnTemporary("Data.plist"))
            #expect(DurableFileWriter.isOwnTemporary(name))
            #expect(DurableFileWriter.isTemporary(name))
            #expect(first.writer.temporaryName(for: "Data.plist") != name)
        }
    }
}
