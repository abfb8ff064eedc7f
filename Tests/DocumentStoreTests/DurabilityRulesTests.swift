@testable import DocumentStore
import DocumentStoreSamples
import Foundation
import Testing

@Suite("Durability rules: fsync errors, descriptors, locks")
struct DurabilityRulesTests {
    @Test("EINVAL from fsync of a regular file is an error; the old file stays")
    func regularFileEINVAL() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Data.plist")
            try DurableFileWriter.system.write(Data("old".utf8), to: file)
            var writer = DurableFileWriter()
            writer.fileSystem = SyncFailingFileSystem(failing: [.regular], errno: EINVAL)
            let error = try #require(throws: DocumentStoreError.self) { try writer.write(Data("new".utf8), to: file) }
            #expect(error.errno == EINVAL)
            #expect(error.message == "cannot sync \(file.path): Invalid argument")
            #expect(try Data(contentsOf: file) == Data("old".utf8))
            #expect(leftovers(in: folder).isEmpty)
        }
    }

    @Test("EINVAL from fsync of a folder (a file system that cannot sync folders) is accepted")
    func directoryEINVAL() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Data.plist")
            var writer = DurableFileWriter()
            writer.fileSystem = SyncFailingFileSystem(failing: [.directory], errno: EINVAL)
            try writer.write(Data("new".utf8), to: file)
            #expect(try Data(contentsOf: file) == Data("new".utf8))
        }
    }

    @Test("EIO from fsync of a folder is an error that says the file was replaced")
    func directoryEIO() async throws {
        try await withTemporaryFolder { folder in
            var writer = DurableFileWriter()
            writer.fileSystem = SyncFailingFileSystem(failing: [.directory], errno: EIO)
            let error = try #require(throws: DocumentStoreError.self) { try writer.write(Data("new".utf8), to: folder.appendingPathComponent("Data.plist")) }
            #expect(error.message.hasPrefix("Data.plist was replaced, but its folder could not be synced"))
        }
    }

    @Test("an edit of a bundle folder moved away mid-edit writes into that folder, never into a new bundle with its number")
    func editFollowsItsFolder() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root)
            try await folder.open()
            _ = try await folder.create(data: Data("original".utf8))
            let rootPath = root.path
            try await folder.edit(1) { editor in
                // Another program renames the bundle away and makes a new 1.scarycreature.
                try FileManager.default.moveItem(atPath: rootPath + "/1.scarycreature", toPath: rootPath + "/moved")
                try FileManager.default.createDirectory(atPath: rootPath + "/1.scarycreature", withIntermediateDirectories: false)
                try Data("newcomer".utf8).write(to: URL(fileURLWithPath: rootPath + "/1.scarycreature/Data.plist"))
                try editor.writeData(Data("edited".utf8))
                try editor.writeAttachment(Data("photo".utf8), named: "fullImage.png")
            }
            #expect(try Data(contentsOf: root.appendingPathComponent("moved/Data.plist")) == Data("edited".utf8))
            #expect(try Data(contentsOf: root.appendingPathComponent("moved/fullImage.png")) == Data("photo".utf8))
            #expect(try Data(contentsOf: root.appendingPathComponent("1.scarycreature/Data.plist")) == Data("newcomer".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/1.scarycreature") == ["Data.plist"])
        }
    }

    @Test("an edit that waited for a bundle deleted meanwhile is notFound and writes nothing")
    func editOfDeletedBundle() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root)
            try await folder.open()
            _ = try await folder.create(data: Data("original".utf8))
            let rootPath = root.path
            // Take the cross-process lock as another process would, delete under it, then
            // create a new bundle 1; the waiting edit must not write into it.
            let holder = open(rootPath + "/1.scarycreature", O_RDONLY | O_DIRECTORY)
            #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
            let edit = Task { try await folder.writeData(Data("late".utf8), of: 1) }
            try await Task.sleep(for: .milliseconds(100))
            try FileManager.default.moveItem(atPath: rootPath + "/1.scarycreature", toPath: rootPath + "/.trash-x")
            try FileManager.default.createDirectory(atPath: rootPath + "/1.scarycreature", withIntermediateDirectories: false)
            try Data("newcomer".utf8).write(to: URL(fileURLWithPath: rootPath + "/1.scarycreature/Data.plist"))
            close(holder)
            let outcome = await edit.result
            #expect(try Data(contentsOf: root.appendingPathComponent("1.scarycreature/Data.plist")) == Data("newcomer".utf8))
            if case .failure(let error as DocumentStoreError) = outcome {
                #expect(error.code == .notFound)
            } else {
                // The edit ran before the lock was taken: then it wrote the old bundle.
                #expect(try Data(contentsOf: root.appendingPathComponent(".trash-x/Data.plist")) == Data("late".utf8))
            }
        }
    }

    @Test("readers share a bundle: a second reader runs while the first is still reading")
    func readersShare() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root)
            try await folder.open()
            _ = try await folder.create(data: Data("x".utf8), attachments: ["thumbImage.png": Data("t".utf8)])
            let second = DispatchSemaphore(value: 0)
            let first = Task {
                try await folder.read(1) { reader -> Bool in
                    _ = try reader.readAttachment(named: "thumbImage.png")
                    // With exclusive reads this wait would time out: the second reader would queue.
                    return second.wait(timeout: .now() + 20) == .success
                }
            }
            let data = try await folder.read(1) { reader -> Data? in
                defer { second.signal() }
                return try reader.readAttachment(named: "thumbImage.png")
            }
            #expect(data == Data("t".utf8))
            #expect(try await first.value)
        }
    }

    @Test("a bundle's generation advances with every change made through the store, not with reads")
    func generations() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root)
            try await folder.open()
            _ = try await folder.create(data: Data("x".utf8))
            let created = await folder.generation(of: 1)
            #expect(created > 0)
            #expect(try await folder.read(1) { $0.generation } == created)
            try await folder.writeAttachment(Data("p".utf8), named: "fullImage.png", of: 1)
            let edited = await folder.generation(of: 1)
            #expect(edited > created)
            try await folder.delete(1)
            #expect(await folder.generation(of: 1) > edited)
        }
    }

    @Test("repair does not quarantine a bundle that a writer holding its lock fixed meanwhile")
    func repairUnderLock() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root)
            try await folder.open()
            let bundle = root.appendingPathComponent("1.scarycreature")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: false)
            try Data("damaged".utf8).write(to: bundle.appendingPathComponent("Data.plist"))
            let holder = open(bundle.path, O_RDONLY | O_DIRECTORY)
            #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
            let repair = Task { try await folder.repair(decode: SampleCreature.unarchived) }
            try await Task.sleep(for: .milliseconds(200))
            try SampleCreature(title: "Fixed", rating: 4).archived().write(to: bundle.appendingPathComponent("Data.plist"))
            close(holder)
            #expect(try await repair.value.isEmpty)
            #expect(try await folder.list(decode: SampleCreature.unarchived).documents.map(\.value.title) == ["Fixed"])
        }
    }
}
