import DocumentStore
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The one contract both blob stores keep — a data folder's files and a bucket prefix's objects —
/// run against each: what the apps' photos, attachments and small lists rely on, whichever
/// place they are in.
@Suite("A blob store, in a folder and in a bucket")
struct BlobStoreContractTests {
    @Test("a blob is read back as written, with the version its write returned; a missing one is nil", arguments: StorageKind.allCases)
    func readBack(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            #expect(try await blobs.read("photo", maxBytes: 1 << 20) == nil)
            #expect(try await blobs.version(of: "photo") == nil)
            let version = try await blobs.write("photo", Data("first".utf8))
            let read = try #require(try await blobs.read("photo", maxBytes: 1 << 20))
            #expect(read.data == Data("first".utf8))
            #expect(read.version == version)
            #expect(try await blobs.version(of: "photo") == version)
            #expect(try await blobs.versions(of: ["photo", "other"]) == ["photo": version])
            let replaced = try await blobs.write("photo", Data("second, longer".utf8))
            #expect(replaced != version)
            #expect(try await blobs.read("photo", maxBytes: 1 << 20)?.data == Data("second, longer".utf8))
        }
    }

    @Test("create refuses a name that is taken, replace refuses a version that is not the stored one; neither writes", arguments: StorageKind.allCases)
    func conditionalWrites(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            let first = try await blobs.write("list", Data("1".utf8), mode: .create, contentType: nil)
            let taken = await #expect(throws: DocumentStoreError.self) {
                try await blobs.write("list", Data("2".utf8), mode: .create, contentType: nil)
            }
            #expect(taken?.code == .conflict)
            let second = try await blobs.write("list", Data("22".utf8), mode: .replace(version: first), contentType: nil)
            let stale = await #expect(throws: DocumentStoreError.self) {
                try await blobs.write("list", Data("333".utf8), mode: .replace(version: first), contentType: nil)
            }
            #expect(stale?.code == .conflict)
            let gone = await #expect(throws: DocumentStoreError.self) {
                try await blobs.write("missing", Data("4".utf8), mode: .replace(version: second), contentType: nil)
            }
            #expect(gone?.code == .conflict)
            #expect(try await blobs.read("list", maxBytes: 100)?.data == Data("22".utf8))
            #expect(try await blobs.read("missing", maxBytes: 100) == nil)
        }
    }

    @Test("a read if changed says unchanged for the version held, gives the new bytes and version after a write, and missing after a delete", arguments: StorageKind.allCases)
    func readIfChanged(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            let first = try await blobs.write("items.archive", Data("one".utf8))
            guard case .unchanged = try await blobs.read("items.archive", ifChangedFrom: first, maxBytes: 100) else {
                Issue.record("an unchanged blob was read again")
                return
            }
            let second = try await blobs.write("items.archive", Data("two!".utf8))
            guard case .changed(let blob) = try await blobs.read("items.archive", ifChangedFrom: first, maxBytes: 100) else {
                Issue.record("a changed blob was not read")
                return
            }
            #expect(blob.data == Data("two!".utf8))
            #expect(blob.version == second)
            try await blobs.delete("items.archive")
            guard case .missing = try await blobs.read("items.archive", ifChangedFrom: second, maxBytes: 100) else {
                Issue.record("a deleted blob was not missing")
                return
            }
        }
    }

    @Test("a lent write stores the bytes lent, under its mode's condition; the write's history starts with its own id in a bucket and is empty in a folder", arguments: StorageKind.allCases)
    func lentWrites(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            let made = try await blobs.write("items.archive", mode: .create, history: [], contentType: nil) { write in
                var buffer = Data("lent".utf8)
                try write(buffer)
                buffer.resetBytes(in: 0..<buffer.count)
            }
            #expect(made.isCurrent)
            let read = try #require(try await blobs.read("items.archive", maxBytes: 100))
            #expect(read.data == Data("lent".utf8))
            #expect(read.version == made.version)
            #expect(read.writeHistory == made.writeHistory)
            #expect(made.writeHistory.count == (kind.isBucket ? 1 : 0))
            let next = try await blobs.write("items.archive", mode: .replace(version: made.version), history: read.writeHistory, contentType: nil) { write in
                try write(Data("again".utf8))
            }
            #expect(next.writeHistory.dropFirst() == made.writeHistory[...])
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await blobs.write("items.archive", mode: .overwrite, history: [], contentType: nil) { _ in throw Refused() }
            }
            #expect(try await blobs.read("items.archive", maxBytes: 100)?.data == Data("again".utf8))
        }
    }

    @Test("20 concurrent updates of one small blob all land: each lost race is read and applied again", arguments: StorageKind.allCases)
    func concurrentUpdates(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await blobs.update("counts", maxBytes: 4096, attempts: 40) { data in
                            var lines = data.map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
                            lines.append(String(index))
                            return Data(lines.joined(separator: "\n").utf8)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let stored = try #require(try await blobs.read("counts", maxBytes: 4096))
            let numbers = String(decoding: stored.data, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
            #expect(numbers.sorted() == Array(0..<20))
        }
    }

    @Test("a listing gives the names directly in the place with a prefix, and their versions; deeper names are not listed", arguments: StorageKind.allCases)
    func listing(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            let a1 = try await blobs.write("A.attachment-1-x.pdf", Data("a".utf8))
            let a2 = try await blobs.write("A.attachment-2-y.pdf", Data("b".utf8))
            let b = try await blobs.write("B", Data("c".utf8))
            try await placeDeeperName(place)
            #expect(try await blobs.list(startingWith: "A.attachment-") == ["A.attachment-1-x.pdf": a1, "A.attachment-2-y.pdf": a2])
            #expect(try await blobs.list(startingWith: "") == ["A.attachment-1-x.pdf": a1, "A.attachment-2-y.pdf": a2, "B": b])
            #expect(try await blobs.names(startingWith: "B").sorted() == ["B"])
            #expect(try await blobs.allNames() == ["A.attachment-1-x.pdf", "A.attachment-2-y.pdf", "B"])
        }
    }

    @Test("delete removes a blob and is no error for a missing one", arguments: StorageKind.allCases)
    func deleting(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            try await blobs.write("photo", Data("x".utf8))
            try await blobs.delete("photo")
            try await blobs.delete("photo")
            #expect(try await blobs.read("photo", maxBytes: 10) == nil)
            #expect(try await blobs.allNames() == [])
        }
    }

    @Test("keeping a blob aside moves it to a free name, refuses a taken one, and says false for a missing one", arguments: StorageKind.allCases)
    func keepingAside(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            try await blobs.write("locations.plist", Data("damaged".utf8))
            try await blobs.write("taken", Data("keep me".utf8))
            let refused = await #expect(throws: DocumentStoreError.self) { try await blobs.keepAside("locations.plist", as: "taken") }
            #expect(refused?.code == .conflict)
            #expect(try await blobs.read("taken", maxBytes: 100)?.data == Data("keep me".utf8))
            #expect(try await blobs.keepAside("locations.plist", as: "locations.plist.damaged-1"))
            #expect(try await blobs.allNames() == ["locations.plist.damaged-1", "taken"])
            #expect(try await blobs.read("locations.plist.damaged-1", maxBytes: 100)?.data == Data("damaged".utf8))
            #expect(try await blobs.keepAside("locations.plist", as: "again") == false)
        }
    }

    @Test("keeping a copy leaves the blob and keeps its bytes under a free name, untouched by the next write; a taken name is refused", arguments: StorageKind.allCases)
    func keepingACopy(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            try await blobs.write("items.archive", Data("damaged".utf8))
            #expect(try await blobs.keepCopy("items.archive", as: "items.archive.damaged-1"))
            try await blobs.write("items.archive", Data("repaired".utf8))
            #expect(try await blobs.read("items.archive.damaged-1", maxBytes: 100)?.data == Data("damaged".utf8))
            #expect(try await blobs.read("items.archive", maxBytes: 100)?.data == Data("repaired".utf8))
            let taken = await #expect(throws: DocumentStoreError.self) { try await blobs.keepCopy("items.archive", as: "items.archive.damaged-1") }
            #expect(taken?.code == .conflict)
            #expect(try await blobs.read("items.archive.damaged-1", maxBytes: 100)?.data == Data("damaged".utf8))
            #expect(try await blobs.keepCopy("missing", as: "missing.copy") == false)
            #expect(try await blobs.allNames() == ["items.archive", "items.archive.damaged-1"])
        }
    }

    @Test("a blob over the size asked for is refused as corrupt, by reading and by opening", arguments: StorageKind.allCases)
    func sizeLimit(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            try await blobs.write("big", Data(count: 2000))
            let read = await #expect(throws: DocumentStoreError.self) { try await blobs.read("big", maxBytes: 1999) }
            #expect(read?.code == .corrupt)
            let opened = await #expect(throws: DocumentStoreError.self) { try await blobs.open("big", maxBytes: 1999) }
            #expect(opened?.code == .corrupt)
            #expect(try await blobs.read("big", maxBytes: 2000)?.data.count == 2000)
        }
    }

    @Test("an opened blob streams the bytes stored and names their version", arguments: StorageKind.allCases)
    func opening(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            let version = try await blobs.write("manual.pdf", Data("%PDF-1.4 body".utf8))
            let file = try #require(try await blobs.open("manual.pdf", maxBytes: 100))
            #expect(file.size == 13)
            #expect(file.identity == version)
            #expect(try file.read(100, at: 0) == Array("%PDF-1.4 body".utf8))
            #expect(try await blobs.open("missing", maxBytes: 100) == nil)
        }
    }

    @Test("a folder that is not there has no blobs and does not exist until prepared; a bucket always exists", arguments: StorageKind.allCases)
    func missingFolder(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let storage: Storage
            if case .folder(let folder) = place.storage {
                storage = .folder(folder.appendingPathComponent("not/yet"))
            } else {
                storage = place.storage
            }
            let blobs = storage.blobs()
            #expect(try await blobs.exists() == kind.isBucket)
            #expect(try await blobs.read("items.archive", maxBytes: 10) == nil)
            #expect(try await blobs.list(startingWith: "") == [:])
            try await blobs.prepare()
            #expect(try await blobs.exists())
            try await blobs.write("items.archive", Data("x".utf8))
            #expect(try await blobs.allNames() == ["items.archive"])
        }
    }

    @Test("in a folder, a link, a FIFO or a folder under a blob's name is never read and never listed")
    func folderRefusesWhatIsNotARegularFile() async throws {
        try await withTemporaryFolder { folder in
            let blobs = FolderBlobStore(root: folder)
            try "secret".write(to: folder.appendingPathComponent("elsewhere"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "elsewhere")
            #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
            for name in ["link", "fifo", "sub"] {
                let error = await #expect(throws: DocumentStoreError.self) { try await blobs.read(name, maxBytes: 100) }
                #expect(error?.code == .unsupportedFileType)
                let opened = await #expect(throws: DocumentStoreError.self) { try await blobs.open(name, maxBytes: 100) }
                #expect(opened?.code == .unsupportedFileType)
                #expect(try await blobs.version(of: name) == nil)
            }
            #expect(try await blobs.list(startingWith: "").keys.sorted() == ["elsewhere"])
            #expect(try await blobs.read("../escape", maxBytes: 100) == nil)
            let refused = await #expect(throws: DocumentStoreError.self) { try await blobs.write("../escape", Data()) }
            #expect(refused?.code == .invalidName)
        }
    }

    /// Puts a name one level deeper than the place's blobs: a file in a subfolder, or a key with
    /// one more `/`.
    private func placeDeeperName(_ place: StoragePlace) async throws {
        switch place.storage {
        case .folder(let folder):
            let sub = folder.appendingPathComponent("sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
            try Data("deep".utf8).write(to: sub.appendingPathComponent("B"))
        case .bucket(let bucket):
            _ = try await bucket.client.put(bucket.key("sub/B"), body: Data("deep".utf8))
        }
    }
}
