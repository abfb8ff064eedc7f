import Foundation
import ObjectStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an ``ArchiveFileStore`` keeps its bytes: a file on disk or an object in a bucket, behind
/// the same three operations.
protocol ArchiveBackend: Sendable {
    /// The file's path or the object's `s3://` address, for messages.
    var location: String { get }
    /// The stored bytes and their version, or nil when nothing is stored.
    func read(limit: Int) async throws -> (data: Data, version: ArchiveVersion)?
    /// The stored bytes, unless their version is still `version`.
    func readIfChanged(from version: ArchiveVersion, limit: Int) async throws -> ArchiveRead
    /// Stores `value`'s bytes (lent by `withEncoded`) if the stored version is still `expected`.
    /// Throws ``ArchiveConflict`` when another writer changed it first.
    func write<Value: Sendable>(
        _ value: Value, expected: ArchiveVersion,
        withEncoded: @escaping @Sendable (Value, @Sendable (Data) throws -> Void) throws -> Void
    ) async throws -> ArchiveWrite
    /// Durably stores `data` as `name` beside the archive (a file in its folder, an object under
    /// its prefix) unless something has that name already; whether it stored it.
    func keepCopy(_ data: Data, as name: String) async throws -> Bool
}

/// What a write of the archive made.
enum ArchiveWrite: Sendable {
    /// The value written is what is stored now, at this version.
    case current(ArchiveVersion)
    /// The value written was stored, but its answer was lost and another writer (who read it)
    /// has replaced it since: the change is kept, and what is stored now must be read.
    case superseded
}

/// What a store last read or wrote, as the condition of its next write.
enum ArchiveVersion: Sendable, Equatable {
    /// Nothing was stored: the next write creates.
    case absent
    /// This version was stored: its ETag, and the ids of the writes that made it and the ones
    /// before it (for telling whether a write whose answer was lost landed).
    case version(etag: String, history: [String])
    /// Not tracked: a file whose one writer is this process (the data folder's lock) is written
    /// unconditionally.
    case untracked
}

/// What ``ArchiveBackend/readIfChanged(from:limit:)`` found.
enum ArchiveRead: Sendable {
    /// The stored version is still the one given.
    case unchanged
    /// Nothing is stored any more.
    case missing
    /// Another version is stored.
    case changed(Data, version: ArchiveVersion)
}

/// Another writer changed the archive between this store's read and its write.
struct ArchiveConflict: Error {}

/// The archive as a file: read with the size checked on the open descriptor, written durably
/// and atomically; one writing process (the data folder's lock), so writes are unconditional.
struct FileArchiveBackend: ArchiveBackend {
    let url: URL
    let writer: DurableFileWriter
    let pool: BlockingPool

    var location: String { url.path }

    func read(limit: Int) async throws -> (data: Data, version: ArchiveVersion)? {
        let url = self.url
        let fileSystem = writer.fileSystem
        let data: Data? = try await pool.run {
            let folder = url.deletingLastPathComponent()
            _ = try? DurableFileWriter.removeStaleTemporaries(inFolderAt: folder.path, fileSystem: fileSystem)
            let directory = try fileSystem.openDirectory(AT_FDCWD, folder.path, path: folder.path, followLinks: true)
            defer { fileSystem.closeFile(directory) }
            return try fileSystem.readRegularFile(directory, url.lastPathComponent, limit: limit, path: url.path)
        }
        return data.map { ($0, .untracked) }
    }

    /// A file has one writer, this process: what it wrote is what is there.
    func readIfChanged(from version: ArchiveVersion, limit: Int) async throws -> ArchiveRead { .unchanged }

    func write<Value: Sendable>(
        _ value: Value, expected: ArchiveVersion,
        withEncoded: @escaping @Sendable (Value, @Sendable (Data) throws -> Void) throws -> Void
    ) async throws -> ArchiveWrite {
        let writer = self.writer, url = self.url
        try await pool.run { try withEncoded(value) { bytes in try writer.write(bytes, to: url) } }
        return .current(.untracked)
    }

    func keepCopy(_ data: Data, as name: String) async throws -> Bool {
        let writer = self.writer, copy = url.deletingLastPathComponent().appendingPathComponent(name, isDirectory: false)
        return try await pool.run { try writer.create(data, at: copy) }
    }
}

/// The archive as an object: read with its ETag, written with `If-Match` on the ETag read (or
/// `If-None-Match: *` when there was none), so two servers never overwrite each other's changes.
struct ObjectArchiveBackend: ArchiveBackend {
    let client: S3Client
    let key: String

    var location: String { "s3://\(client.bucket)/\(key)" }

    func read(limit: Int) async throws -> (data: Data, version: ArchiveVersion)? {
        switch try await readIfChanged(from: .untracked, limit: limit) {
        case .changed(let data, let version): return (data, version)
        case .missing, .unchanged: return nil
        }
    }

    func readIfChanged(from version: ArchiveVersion, limit: Int) async throws -> ArchiveRead {
        var etag: String?
        if case .version(let known, _) = version { etag = known }
        do {
            switch try await client.get(key, ifNoneMatch: etag, maxBytes: limit) {
            case .notModified: return .unchanged
            case .object(let object): return .changed(object.body, version: .version(etag: object.etag, history: object.writeHistory))
            }
        } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
            return .missing
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: location)
        }
    }

    func write<Value: Sendable>(
        _ value: Value, expected: ArchiveVersion,
        withEncoded: @escaping @Sendable (Value, @Sendable (Data) throws -> Void) throws -> Void
    ) async throws -> ArchiveWrite {
        nonisolated(unsafe) var bytes = Data()
        try withEncoded(value) { bytes = Data($0) }
        let condition: S3WriteCondition
        var history: [String] = []
        switch expected {
        case .absent: condition = .absent
        case .version(let etag, let before):
            condition = .matching(etag: etag)
            history = before
        case .untracked: condition = .always
        }
        do {
            let written = try await client.write(key, body: bytes, contentType: "application/octet-stream", condition: condition, history: history)
            return written.isCurrent ? .current(.version(etag: written.etag, history: written.history)) : .superseded
        } catch let error as S3Error where error.code == .preconditionFailed {
            throw ArchiveConflict()
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: location)
        }
    }

    /// Created with `If-None-Match: *`, so a copy already there (kept by this or another
    /// server) is never replaced.
    func keepCopy(_ data: Data, as name: String) async throws -> Bool {
        let slash = key.lastIndex(of: "/")
        let copyKey = slash.map { String(key[...$0]) + name } ?? name
        do {
            _ = try await client.write(copyKey, body: data, contentType: "application/octet-stream", condition: .absent)
            return true
        } catch let error as S3Error where error.code == .preconditionFailed {
            return false
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: "s3://\(client.bucket)/\(copyKey)")
        }
    }
}
