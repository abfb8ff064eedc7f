import Foundation

/// Bytes kept in a file for as long as a job needs them: an upload that an import reads as a
/// zip from a file (``ZipReader`` reads files, not memory).
public enum TemporaryFile {
    /// Bytes that could not be written to their temporary file (the server's fault or its
    /// disk's, not the client's).
    public struct CannotKeep: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong, in a sentence.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// Writes `data` to a new file in a new folder of `parent` (the system's temporary folder), runs
    /// `body` with the file's URL, and removes both afterwards, whatever `body` does.
    ///
    /// - Throws: ``CannotKeep`` when the file cannot be written, and what `body` throws.
    public static func with<Result: Sendable>(
        _ data: Data, pool: BlockingPool, in parent: URL = FileManager.default.temporaryDirectory, _ body: @Sendable (URL) async throws -> Result
    ) async throws -> Result {
        let folder = parent.appendingPathComponent("upload-\(UUID().uuidString)", isDirectory: true)
        let file = folder.appendingPathComponent("upload", isDirectory: false)
        try await pool.run {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                try data.write(to: file, options: .withoutOverwriting)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw CannotKeep(message: "the upload cannot be kept to be read: \(error.localizedDescription)")
            }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(file)
    }
}

extension TemporaryFile {
    /// A body longer than the limit it was kept under.
    public struct TooLarge: Error, Sendable, Hashable {
        /// The limit, in bytes.
        public var limit: Int
    }

    /// Writes the bytes of `chunks` as they arrive to a new file in a new folder of `parent` (the
    /// system's temporary folder) — never more than `limit` of them, and about 1 MiB in memory
    /// at a time — runs `body` with the file's URL, and removes both afterwards, whatever happens.
    ///
    /// - Throws: ``TooLarge`` past `limit` (the part written is removed),
    ///   ``CannotKeep`` when the file cannot be written, what `chunks` throws, and what
    ///   `body` throws.
    public static func with<Chunks: AsyncSequence, Result: Sendable>(
        streaming chunks: Chunks, limit: Int, pool: BlockingPool, in parent: URL = FileManager.default.temporaryDirectory,
        _ body: @Sendable (URL) async throws -> Result
    ) async throws -> Result where Chunks.Element == ArraySlice<UInt8> {
        let folder = parent.appendingPathComponent("upload-\(UUID().uuidString)", isDirectory: true)
        let file = folder.appendingPathComponent("upload", isDirectory: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let handle = try await pool.run { () throws -> FileHandleBox in
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw CocoaError(.fileWriteUnknown)
                }
                return FileHandleBox(try FileHandle(forWritingTo: file))
            } catch {
                throw CannotKeep(message: "the upload cannot be kept to be read: \(error.localizedDescription)")
            }
        }
        func write(_ bytes: Data) async throws {
            try await pool.run {
                do {
                    try handle.value.write(contentsOf: bytes)
                } catch {
                    throw CannotKeep(message: "the upload cannot be kept to be read: \(error.localizedDescription)")
                }
            }
        }
        var written = 0
        // Small chunks are gathered into writes of about 1 MiB: one blocking-pool job each.
        var pending = Data()
        do {
            for try await chunk in chunks {
                written += chunk.count
                guard written <= limit else { throw TooLarge(limit: limit) }
                pending.append(contentsOf: chunk)
                if pending.count >= 1 << 20 {
                    try await write(pending)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            if !pending.isEmpty { try await write(pending) }
        } catch {
            try? handle.value.close()
            throw error
        }
        try await pool.run {
            do {
                try handle.value.close()
            } catch {
                throw CannotKeep(message: "the upload cannot be kept to be read: \(error.localizedDescription)")
            }
        }
        return try await body(file)
    }
}

/// A file handle handed between blocking-pool jobs, one at a time.
private final class FileHandleBox: @unchecked Sendable {
    let value: FileHandle
    init(_ value: FileHandle) { self.value = value }
}
