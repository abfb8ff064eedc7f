import Foundation
import KeyedArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole collection kept in one archive file (Homepwner's `items.archive`): load it, change
/// it, save it durably — with concurrent saves coalesced into as few writes as possible.
///
/// Every ``save(_:)`` and ``update(_:)`` returns only after a durable write that includes its
/// change. While a write is in flight, later changes wait and then go out together in a single
/// write, so a burst of N saves costs about two writes, not N, and none is lost.
///
/// The value in memory is always the one on disk: a change joins it only once written. When a
/// write of several changes fails, each change is tried again alone, so only the callers whose
/// own write fails get an error, and no later save can persist a change whose caller was told
/// it failed. A file that cannot be decoded — or that decodes to no root object at all — is
/// never overwritten by a save: only an explicit ``reset(to:)`` replaces it.
public actor ArchiveFileStore<Value: Sendable> {
    /// The archive file.
    public nonisolated let url: URL
    private let empty: Value
    private let withEncoded: @Sendable (Value, @Sendable (Data) throws -> Void) throws -> Void
    private let decode: @Sendable (Data) throws -> Value
    private let writer: DurableFileWriter
    private let maxBytes: Int
    private let pool: BlockingPool

    /// The value on disk, once loaded or written.
    private var current: Value?
    private var isWriting = false
    private var pending: [PendingChange] = []

    /// A change waiting to be written: `apply` may run more than once (again alone after a
    /// failed joint write); its last result goes to the caller.
    private struct PendingChange {
        var apply: (inout Value) throws -> any Sendable
        var continuation: CheckedContinuation<any Sendable, any Error>
    }

    /// How many durable writes this store has made (coalescing shows as fewer writes than saves).
    public private(set) var writeCount = 0

    /// Creates a store for the file at `url`; nothing is read until ``load()``.
    ///
    /// - Parameters:
    ///   - empty: the value of a missing file.
    ///   - maxBytes: the largest file ``load()`` reads (64 MiB by default).
    ///   - pool: where the blocking file work runs.
    ///   - encode: turns the value into the file's bytes.
    ///   - decode: turns the file's bytes into the value; what it throws makes ``load()`` fail.
    public init(
        url: URL,
        empty: Value,
        writer: DurableFileWriter = .system,
        maxBytes: Int = 64 << 20,
        pool: BlockingPool = .shared,
        encode: @escaping @Sendable (Value) throws -> Data,
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.init(url: url, empty: empty, writer: writer, maxBytes: maxBytes, pool: pool, withEncoded: { value, write in try write(try encode(value)) }, decode: decode)
    }

    /// Creates a store whose encoder lends the file's bytes instead of returning them: it calls
    /// its second argument with the bytes of the value and may reuse their memory once that
    /// returns — an encoder that keeps its buffers from one write to the next.
    ///
    /// The other parameters are those of ``init(url:empty:writer:maxBytes:pool:encode:decode:)``.
    public init(
        url: URL,
        empty: Value,
        writer: DurableFileWriter = .system,
        maxBytes: Int = 64 << 20,
        pool: BlockingPool = .shared,
        withEncoded: @escaping @Sendable (Value, _ write: @Sendable (Data) throws -> Void) throws -> Void,
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.url = url.standardizedFileURL
        self.empty = empty
        self.writer = writer
        self.maxBytes = maxBytes
        self.pool = pool
        self.withEncoded = withEncoded
        self.decode = decode
    }

    /// Reads the file (a missing file is ``empty``), after removing temporaries that a crashed
    /// writer left beside it. Once the store holds a value (loaded or saved), the store owns the
    /// file and this returns that value without reading again.
    ///
    /// - Throws: ``DocumentStoreError`` `.corrupt` naming the file and the decoding error when the
    ///   file cannot be decoded (or holds no root object) — the file is left untouched, the store
    ///   stays unloaded, and saves are refused until ``reset(to:)``. `.unsupportedFileType` when
    ///   the path holds something other than a regular file.
    @discardableResult
    public func load() async throws -> Value {
        if let current { return current }
        let url = self.url, maxBytes = self.maxBytes, decode = self.decode
        let fileSystem = writer.fileSystem
        let data: Data? = try await pool.run {
            let folder = url.deletingLastPathComponent()
            _ = try? DurableFileWriter.removeStaleTemporaries(inFolderAt: folder.path, fileSystem: fileSystem)
            let directory = try fileSystem.openDirectory(AT_FDCWD, folder.path, path: folder.path, followLinks: true)
            defer { fileSystem.closeFile(directory) }
            return try fileSystem.readRegularFile(directory, url.lastPathComponent, limit: maxBytes, path: url.path)
        }
        // Decoding is processor work, not blocking: it runs here, not on the blocking pool.
        let loaded: Value?
        do {
            loaded = try data.map(decode)
        } catch {
            throw DocumentStoreError(.corrupt, "\(url.path) cannot be read, so it is left as it is and not overwritten (reset the store to replace it): \(error)", path: url.path)
        }
        // Another task may have loaded or saved while this one read: its value is newer.
        if let current { return current }
        let value = loaded ?? empty
        current = value
        return value
    }

    /// The current value, loading the file first if needed.
    ///
    /// - Throws: what ``load()`` throws.
    public func value() async throws -> Value {
        try await load()
    }

    /// Replaces the whole value and returns once it is durably on disk.
    ///
    /// - Throws: what ``load()`` throws (a corrupt file is not overwritten), or
    ///   ``DocumentStoreError`` if the write fails — the file and the value in memory then keep
    ///   their previous contents.
    public func save(_ value: Value) async throws {
        try await update { $0 = value }
    }

    /// Changes the value with `body` and returns once the change is durably on disk.
    ///
    /// Loads the file first if needed. If `body` throws, nothing changes and nothing is written.
    /// `body` runs again (on the value then on disk) if a write it shared with other changes
    /// fails, so it should only transform its argument.
    /// - Throws: what ``load()`` or `body` throws, or ``DocumentStoreError`` if the write fails
    ///   (then neither the file nor the value in memory has the change).
    public func update<Result: Sendable>(_ body: @escaping @Sendable (inout Value) throws -> Result) async throws -> Result {
        try await load()
        let outcome = try await enqueue { value in try body(&value) }
        guard let result = outcome as? Result else {
            throw DocumentStoreError(.io, "internal error: an update of \(url.path) returned the wrong type")
        }
        return result
    }

    /// Durably replaces the file with `value` whatever the file holds now — the explicit way to
    /// overwrite an archive that ``load()`` refused as corrupt.
    ///
    /// - Throws: ``DocumentStoreError`` if the write fails (the store then stays as it was).
    public func reset(to value: Value) async throws {
        let wasLoaded = current != nil
        let writesBefore = writeCount
        if !wasLoaded { current = empty }
        do {
            _ = try await enqueue { stored in
                stored = value
                return true
            }
        } catch {
            if !wasLoaded && writeCount == writesBefore { current = nil }
            throw error
        }
    }

    private func enqueue(_ apply: @escaping (inout Value) throws -> any Sendable) async throws -> any Sendable {
        try await withCheckedThrowingContinuation { continuation in
            pending.append(PendingChange(apply: apply, continuation: continuation))
            if !isWriting {
                isWriting = true
                Task { await self.writeWhilePending() }
            }
        }
    }

    /// Writes batches until nothing is pending: each batch is every change queued before it
    /// started, applied in order to the value on disk and written once. A failed joint write
    /// is retried change by change, so each caller gets its own change's outcome.
    private func writeWhilePending() async {
        while !pending.isEmpty {
            let batch = pending
            pending = []
            guard let base = current else {
                for change in batch {
                    change.continuation.resume(throwing: DocumentStoreError(.io, "\(url.path) is not loaded", path: url.path))
                }
                continue
            }
            var value = base
            var applied: [(change: PendingChange, result: any Sendable)] = []
            for change in batch {
                do {
                    applied.append((change, try change.apply(&value)))
                } catch {
                    change.continuation.resume(throwing: error)
                }
            }
            guard !applied.isEmpty else { continue }
            if let error = await write(value) {
                if applied.count == 1 {
                    applied[0].change.continuation.resume(throwing: error)
                } else {
                    await writeOneByOne(applied.map(\.change))
                }
            } else {
                for (change, result) in applied { change.continuation.resume(returning: result) }
            }
        }
        isWriting = false
    }

    /// Applies and writes `changes` one at a time on the value on disk.
    private func writeOneByOne(_ changes: [PendingChange]) async {
        for change in changes {
            var value = current ?? empty
            do {
                let result = try change.apply(&value)
                if let error = await write(value) { throw error }
                change.continuation.resume(returning: result)
            } catch {
                change.continuation.resume(throwing: error)
            }
        }
    }

    /// Durably writes `value`; on success it becomes the current value. Returns the failure.
    private func write(_ value: Value) async -> (any Error)? {
        let withEncoded = self.withEncoded, writer = self.writer, url = self.url
        do {
            try await pool.run { try withEncoded(value) { bytes in try writer.write(bytes, to: url) } }
            current = value
            writeCount += 1
            return nil
        } catch {
            return error
        }
    }
}

extension ArchiveFileStore where Value: ArchiveEncodable & ArchiveDecodable {
    /// A store whose file is a binary keyed archive with `Value` under `$top` key `rootKey`.
    ///
    /// - Parameters:
    ///   - empty: the value of a missing file (for Homepwner, `[]`); a file whose root is
    ///     missing or `$null` is corrupt, not empty.
    ///   - limits: the bounds the unarchiver enforces on the file.
    public init(
        keyedArchiveAt url: URL,
        empty: Value,
        rootKey: String = "root",
        limits: ArchiveLimits = .default,
        writer: DurableFileWriter = .system,
        pool: BlockingPool = .shared
    ) {
        self.init(
            url: url,
            empty: empty,
            writer: writer,
            maxBytes: limits.maxBytes,
            pool: pool,
            encode: { value in
                let archiver = KeyedArchiver()
                archiver.encode(value, forKey: rootKey)
                return try archiver.encodedData()
            },
            decode: { data in
                guard let value = try KeyedUnarchiver(data: data, limits: limits).decode(Value.self, forKey: rootKey) else {
                    throw DocumentStoreError(.corrupt, "the archive has no root object (its $top key \"\(rootKey)\" is missing or $null)")
                }
                return value
            }
        )
    }
}
