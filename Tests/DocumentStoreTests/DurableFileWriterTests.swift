import DocumentStore
import Foundation
import Testing
import TestSupport

@Suite("Durable atomic writes")
struct DurableFileWriterTests {
    @Test("a write creates the file, a second write replaces it, and no temporary remains")
    func writeAndReplace() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("items.archive")
            try DurableFileWriter.system.write(Data("first".utf8), to: file)
            #expect(try Data(contentsOf: file) == Data("first".utf8))
            try DurableFileWriter.system.write(Data("second, longer".utf8), to: file)
            #expect(try Data(contentsOf: file) == Data("second, longer".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["items.archive"])
        }
    }

    @Test("a full disk mid-write is a noSpace error, the old file is intact and the temporary is gone")
    func injectedFullDisk() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Data.plist")
            try DurableFileWriter.system.write(Data("old contents".utf8), to: file)
            let full = DurableFileWriter(fault: .noSpace(afterBytes: 4))
            let error = try #require(throws: DocumentStoreError.self) {
                try full.write(Data(repeating: 7, count: 10_000), to: file)
            }
            #expect(error.code == .noSpace)
            #expect(error.message.contains("Data.plist"))
            #expect(try Data(contentsOf: file) == Data("old contents".utf8))
            #expect(leftovers(in: folder).isEmpty)
        }
    }

    @Test("a failing fsync is an error and changes nothing visible")
    func failingSync() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Data.plist")
            try DurableFileWriter.system.write(Data("old".utf8), to: file)
            #expect(throws: DocumentStoreError.self) {
                try DurableFileWriter(fault: .syncFails).write(Data("new".utf8), to: file)
            }
            #expect(try Data(contentsOf: file) == Data("old".utf8))
            #expect(leftovers(in: folder).isEmpty)
        }
    }

    @Test("writing into a missing folder is a notFound error naming the path")
    func missingFolder() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("nowhere/Data.plist")
            let error = try #require(throws: DocumentStoreError.self) {
                try DurableFileWriter.system.write(Data("x".utf8), to: file)
            }
            #expect(error.code == .notFound)
            #expect(error.message.contains("nowhere"))
        }
    }

    @Test("temporaries nobody holds a lock on are removed, whatever PID they name; a locked one stays")
    func staleTemporaries() async throws {
        try await withTemporaryFolder { folder in
            let dead = try deadProcessID()
            let stale = ".Data.plist.tmp-\(dead)-abc123"
            // Named after this live process, as a writer in another PID namespace might be.
            let unlocked = ".Data.plist.tmp-\(getpid())-def456"
            let held = ".thumbImage.png.tmp-\(dead)-789abc"
            for name in [stale, unlocked, held, "Data.plist", ".hidden"] {
                try Data("x".utf8).write(to: folder.appendingPathComponent(name))
            }
            let holder = open(folder.path + "/" + held, O_RDONLY)
            #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
            defer { close(holder) }
            let removed = try DurableFileWriter.removeStaleTemporaries(in: folder)
            #expect(removed.sorted() == [stale, unlocked].sorted())
            let remaining = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            #expect(remaining == [held, "Data.plist", ".hidden"])
        }
    }

    @Test("a rewrite keeps the file's permissions: 0600 stays 0600, 0640 stays 0640")
    func permissionsKept() async throws {
        try await withTemporaryFolder { folder in
            for mode: mode_t in [0o600, 0o640] {
                let file = folder.appendingPathComponent("Data-\(mode).plist")
                try DurableFileWriter.system.write(Data("first".utf8), to: file)
                #expect(chmod(file.path, mode) == 0)
                try DurableFileWriter.system.write(Data("second".utf8), to: file)
                var status = stat()
                #expect(stat(file.path, &status) == 0)
                #expect(status.st_mode & 0o7777 == mode)
                #expect(try Data(contentsOf: file) == Data("second".utf8))
            }
        }
    }

    @Test("a real full file system (a 64 KiB tmpfs) gives noSpace and keeps the old file", .enabled(if: TmpfsMount.isPossible))
    func realFullDisk() async throws {
        try await withTemporaryFolder { folder in
            let mount = try TmpfsMount(at: folder.appendingPathComponent("small"), kibibytes: 64)
            defer { mount.unmount() }
            let file = mount.url.appendingPathComponent("items.archive")
            let old = Data(repeating: 1, count: 20_000)
            try DurableFileWriter.system.write(old, to: file)
            let error = try #require(throws: DocumentStoreError.self) {
                try DurableFileWriter.system.write(Data(repeating: 2, count: 200_000), to: file)
            }
            #expect(error.code == .noSpace)
            #expect(error.message.contains("No space left on device"))
            #expect(try Data(contentsOf: file) == old)
            #expect(leftovers(in: mount.url).isEmpty)
        }
    }
}

/// The id of a process that has exited.
func deadProcessID() throws -> Int32 {
    let process = try SpawnedProcess(executable: "/bin/true", arguments: [], environment: [:], input: nil, output: nil, errors: nil)
    process.waitUntilExit()
    return process.processIdentifier
}
