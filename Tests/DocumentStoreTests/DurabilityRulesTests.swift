@_spi(Testing) @testable import DocumentStore
import DocumentStoreSamples
import Foundation
import Testing
import TestSupport

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
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
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

    @Test("an edit that waited for the lock of a bundle deleted meanwhile is notFound, and the new bundle with its number is untouched")
    func editOfDeletedBundle() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            _ = try await folder.create(data: Data("original".utf8))
            let rootPath = root.path
            // Take the cross-process lock as another process would.
            let holder = open(rootPath + "/1.scarycreature", O_RDONLY | O_DIRECTORY)
            #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
            var status = stat()
            #expect(fstat(holder, &status) == 0)
            let edit = Task { try await folder.writeData(Data("late".utf8), of: 1) }
            // Wait (bounded) until the edit is queued on the old folder's flock (/proc/locks shows it).
            #expect(try await waitForFlockWaiter(inode: UInt64(status.st_ino)))
            // Delete under the lock, then make a new bundle 1.
            try FileManager.default.moveItem(atPath: rootPath + "/1.scarycreature", toPath: rootPath + "/old")
            try FileManager.default.createDirectory(atPath: rootPath + "/1.scarycreature", withIntermediateDirectories: false)
            try Data("newcomer".utf8).write(to: URL(fileURLWithPath: rootPath + "/1.scarycreature/Data.plist"))
            close(holder)
            let error = try await #require(throws: DocumentStoreError.self) { try await edit.value }
            #expect(error.code == .notFound)
            #expect(error.message == "bundle 1.scarycreature was deleted")
            #expect(try Data(contentsOf: root.appendingPathComponent("1.scarycreature/Data.plist")) == Data("newcomer".utf8))
            #expect(try Data(contentsOf: root.appendingPathComponent("old/Data.plist")) == Data("original".utf8))
        }
    }

    /// Whether, within 20 seconds, some process waits for an `flock` on `inode` (a `->` line of
    /// /proc/locks).
    private func waitForFlockWaiter(inode: UInt64) async throws -> Bool {
        for _ in 0..<2000 {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            if locks.split(separator: "\n").contains(where: { $0.contains("-> FLOCK") && $0.contains(":\(inode) ") }) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test("readers share a bundle: a second reader runs while the first is still reading", arguments: StorageKind.allCases)
    func readersShare(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
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

    @Test("a bundle's generation advances with every change made through the store, not with reads", arguments: StorageKind.allCases)
    func generations(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
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
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            let bundle = root.appendingPathComponent("1.scarycreature")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: false)
            try Data("damaged".utf8).write(to: bundle.appendingPathComponent("Data.plist"))
            let holder = open(bundle.path, O_RDONLY | O_DIRECTORY)
            #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
            var status = stat()
            #expect(fstat(holder, &status) == 0)
            let repair = Task { try await folder.repair(decode: SampleCreature.unarchived) }
            // Wait (bounded) until the repair is queued on the bundle's flock, not for a fixed time.
            #expect(try await waitForFlockWaiter(inode: UInt64(status.st_ino)))
            try SampleCreature(title: "Fixed", rating: 4).archived().write(to: bundle.appendingPathComponent("Data.plist"))
            close(holder)
            #expect(try await repair.value.isEmpty)
            #expect(try await folder.list(decode: SampleCreature.unarchived).documents.map(\.value.title) == ["Fixed"])
        }
    }
}
