import DocumentStore
import Foundation
import Synchronization
import Testing
import TestSupport

@Suite("SharedTemporaryFiles: one file per key, shared by its readers, gone with the last of them")
struct SharedTemporaryFilesTests {
    /// The entries left in `folder` (the files' own folders are removed once they are open).
    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
    }

    @Test("readers of one key get one file made once, even while it is being made; it is removed from its folder at once and freed when the last reader drops it")
    func sharedByKey() async throws {
        try await withTemporaryFolder { folder in
            let files = SharedTemporaryFiles<String, Int>("export", limit: 2, parent: folder)
            let made = Mutex(0)
            let make: @Sendable (URL) async throws -> Int = { url in
                let count = made.withLock { made in
                    made += 1
                    return made
                }
                try Data("made \(count)".utf8).write(to: url)
                return count
            }
            var readers = try await withThrowingTaskGroup(of: SharedTemporaryFile<Int>.self) { group in
                for _ in 0..<8 { group.addTask { try await files.file(for: "state 1", make: make) } }
                return try await group.reduce(into: [SharedTemporaryFile<Int>]()) { $0.append($1) }
            }
            #expect(made.withLock { $0 } == 1)
            #expect(readers.count == 8)
            #expect(readers.allSatisfy { $0 === readers[0] && $0.kind == 1 && $0.size == 6 })
            #expect(try Self.entries(folder).isEmpty)
            #expect(await files.count == 1)
            var bytes: [UInt8] = []
            for try await chunk in readers[0].chunks(in: 0..<6) { bytes += chunk }
            #expect(bytes == Array("made 1".utf8))

            weak let dropped = readers.first
            var chunks: SharedTemporaryFileChunks? = readers[0].chunks(in: 0..<6)
            readers = []
            // The chunks alone still hold the file: the same key finds it.
            #expect(dropped != nil)
            #expect(try await files.file(for: "state 1", make: make).kind == 1)
            #expect(chunks != nil)
            chunks = nil
            #expect(dropped == nil)
            #expect(await files.count == 0)
            #expect(try await files.file(for: "state 1", make: make).kind == 2)
        }
    }

    @Test("a new key beyond the limit is refused with the wait while the files are held; a failed make reaches its readers and the next one tries again")
    func limitAndFailure() async throws {
        try await withTemporaryFolder { folder in
            let files = SharedTemporaryFiles<Int, Int>("export", limit: 2, retryAfterSeconds: 7, parent: folder)
            let write: @Sendable (URL) async throws -> Int = { url in
                try Data("zip".utf8).write(to: url)
                return 0
            }
            var first: SharedTemporaryFile<Int>? = try await files.file(for: 1, make: write)
            let second = try await files.file(for: 2, make: write)
            let refusal = await #expect(throws: SharedTemporaryFilesFull.self) { try await files.file(for: 3, make: write) }
            #expect(refusal?.limit == 2 && refusal?.retryAfterSeconds == 7)
            #expect(refusal?.message == "2 exports of other states of the data are being made or read already, the most at once; try again in 7 seconds")
            _ = first
            first = nil
            #expect(try await files.file(for: 3, make: write).size == 3)

            struct Failure: Error {}
            await #expect(throws: Failure.self) { try await files.file(for: 4) { _ in throw Failure() } }
            #expect(try Self.entries(folder).isEmpty)
            _ = second
            #expect(try await files.file(for: 4, make: write).size == 3)
        }
    }
}
