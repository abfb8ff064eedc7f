import DocumentStore
import Foundation
import Synchronization
import Testing
import TestSupport

@Suite("Zips for exports and imports: built whole or not at all, read within their limits")
struct ZipTransferTests {
    @Test("a zip file appears whole at its destination, replacing what was there, and nothing else is left; every file reads back byte for byte")
    func buildAndRead() throws {
        try withTemporaryFolderSync { folder in
            let url = folder.appendingPathComponent("out.zip")
            try Data("old".utf8).write(to: url)
            let zip = try ZipBuilder(fileAt: url)
            let archive = Data((0..<5_000).map { UInt8($0 % 7) })
            let photo = Data((0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
            try zip.add("items.archive", archive, compress: true)
            try zip.add("Photos/caf\u{E9}", photo, compress: false)
            try zip.add("notes.txt", Data("hi".utf8), compress: false)
            try zip.add(".DS_Store", Data("x".utf8), compress: false)
            try zip.add("__MACOSX/._items.archive", Data("x".utf8), compress: false)
            // Until it is finished, the destination is what it was.
            #expect(try Data(contentsOf: url) == Data("old".utf8))
            try zip.finish()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.zip"])

            let reader = try ZipReader(url: url, limits: .default) { name in
                name == "items.archive" ? 5_000 : name.hasPrefix("caf") ? 3_000 : nil
            }
            #expect(reader.displayName == "out.zip")
            #expect(reader.files.map(\.path) == ["items.archive", "Photos/caf\u{E9}"])
            #expect(reader.files.map(\.folder) == ["", "Photos"])
            #expect(reader.ignored == ["notes.txt"])
            #expect(try reader.read(reader.files[0]) == archive)
            #expect(try reader.read(reader.files[1]) == photo)
        }
    }

    @Test("a zip that is discarded leaves nothing behind and the destination as it was")
    func discard() throws {
        try withTemporaryFolderSync { folder in
            let url = folder.appendingPathComponent("out.zip")
            try Data("old".utf8).write(to: url)
            let zip = try ZipBuilder(fileAt: url)
            try zip.add("items.archive", Data("a".utf8), compress: true)
            zip.discard()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.zip"])
            #expect(try Data(contentsOf: url) == Data("old".utf8))
            #expect(throws: DocumentStoreError.self) { try zip.add("more", Data(), compress: false) }
        }
    }

    @Test("a wanted file over its limit, a folder, a FIFO or bytes that are no zip are refused with the reason, before anything is inflated")
    func refusals() throws {
        try withTemporaryFolderSync { folder in
            let url = folder.appendingPathComponent("in.zip")
            try writeZip([("items.archive", Data(count: 2_000), true)], to: url)
            func message(_ url: URL, displayName: String? = nil) -> String? {
                do {
                    _ = try ZipReader(url: url, displayName: displayName, limits: .default) { _ in 1_000 }
                    return nil
                } catch {
                    return (error as? ZipImportError)?.message
                }
            }
            #expect(message(url) == "items.archive in in.zip inflates to 2000 bytes, over the limit of 1000")
            #expect(message(folder, displayName: "the folder") == "the folder is not a regular file, so it is not read as a zip")
            let pipe = folder.appendingPathComponent("pipe.zip")
            #expect(mkfifo(pipe.path, 0o600) == 0)
            #expect(message(pipe) == "pipe.zip is not a regular file, so it is not read as a zip")
            let text = folder.appendingPathComponent("text.zip")
            try Data("hello".utf8).write(to: text)
            #expect(message(text, displayName: "upload") == "upload is not a zip file; choose a .zip that Export made")
            #expect(message(folder.appendingPathComponent("missing.zip"))?.hasPrefix("missing.zip cannot be read: ") == true)
        }
    }

    @Test("an upload kept in a temporary file is removed afterwards, whatever the job did")
    func temporaryFile() async throws {
        let seen = try await TemporaryFile.with(Data("zip".utf8), pool: .shared) { url in
            (url, try Data(contentsOf: url))
        }
        #expect(seen.1 == Data("zip".utf8))
        #expect(!FileManager.default.fileExists(atPath: seen.0.deletingLastPathComponent().path))
        struct Failure: Error {}
        let kept = Mutex<URL?>(nil)
        await #expect(throws: Failure.self) {
            try await TemporaryFile.with(Data("zip".utf8), pool: .shared) { url in
                kept.withLock { $0 = url }
                throw Failure()
            }
        }
        let failed = try #require(kept.withLock { $0 })
        #expect(!FileManager.default.fileExists(atPath: failed.deletingLastPathComponent().path))
    }

    @Test("an upload streamed to a temporary file stops at its limit, and nothing of it is left")
    func streamedLimit() async throws {
        try await withTemporaryFolder { parent in
            func stream() -> AsyncStream<ArraySlice<UInt8>> {
                AsyncStream { continuation in
                    for chunk: ArraySlice<UInt8> in [[1, 2, 3], [4, 5, 6], [7, 8]] { continuation.yield(chunk) }
                    continuation.finish()
                }
            }
            let kept = try await TemporaryFile.with(streaming: stream(), limit: 8, pool: .shared, in: parent) { url in try Data(contentsOf: url) }
            #expect(kept == Data([1, 2, 3, 4, 5, 6, 7, 8]))
            #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
            let error = await #expect(throws: TemporaryFile.TooLarge.self) {
                try await TemporaryFile.with(streaming: stream(), limit: 7, pool: .shared, in: parent) { _ in Issue.record("the body ran past the limit") }
            }
            #expect(error?.limit == 7)
            #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
        }
    }
}
