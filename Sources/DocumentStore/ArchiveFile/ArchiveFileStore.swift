import Foundation
import KeyedArchive

/// A whole collection kept in one archive file (Homepwner's `items.archive`): load it, change
/// it, save it durably — with concurrent saves coalesced into as few writes as possible.
///
/// Every ``save(_:)`` and ``update(_:)`` returns only after a durable write that includes its
/// change. While a write is in flight, later changes wait and then go out together in a single
/// write, so a burst of N saves costs about two writes, not N, and none is lost.
public actor ArchiveFileStore<Value: Sendable> {
    /// The archive file.
    public nonisolated let url: URL
    private let empty: Value
    private let encode: @Sendable (Value) throws -> Data
    private let decode: @Sendable (Data) throws -> Value
    private let writer: DurableFileWriter
    private let maxBytes: Int

    /// The value, once loaded or saved.
    private var current: Value?
    /// Bumped by every change; a write covers the generation it snapshotted.
    private var changeGeneration = 0
    private var isWriting = false
    private var waiting: [(generation: Int, continuation: CheckedContinuation<Void, any Error>)] = []

    /// How many durable writes this store has made (coalescing shows as fewer writes than saves).
    public private(set) var writeCount = 0

    /// Creates a store for the file at `url`; nothing is read until ``load()``.
    ///
    /// - Parameters:
    ///   - empty: the value of a missing file.
    ///   - maxBytes: the largest file ``load()`` reads (64 MiB by default).
    ///   - encode: turns the value into the file's bytes.
    ///   - decode: turns the file's bytes into the value; what it throws makes ``load()`` fail.
    public init(
        url: URL,
        empty: Value,
        writer: DurableFileWriter = .system,
        maxBytes: Int = 64 << 20,
        encode: @escaping @Sendable (Value) throws -> Data,
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.url = url.standardizedFileURL
        self.empty = empty
        self.writer = writer
        self.maxBytes = maxBytes
        self.encode = encode
        self.decode = decode
    }

    /// Reads the file (a missing file is ``empty``), after removing temporaries that a crashed
    /// writer left beside it. Once the store holds a value (loaded or saved), the store owns the
    /// file and this returns that value without reading again, so no pending change is dropped.
    ///
    /// - Throws: ``DocumentStoreError`` `.corrupt` naming the file and the decoding error when the
    ///   file cannot be decoded — the file is left untouched and the store stays unloaded.
    @discardableResult
    public func load() async throws -> Value {
        if let current { return current }
        let url = self.url, maxBytes = self.maxBytes, decode = self.decode
        let loaded: Value? = try await BlockingIO.run {
            let folder = url.deletingLastPathComponent()
            _ = try? DurableFileWriter.removeStaleTemporaries(in: folder)
            guard let data = try POSIX.readFile(at: AT_FDCWD, url.path, limit: maxBytes, path: url.path) else { return nil }
            do {
                return try decode(data)
            } catch {
                throw DocumentStoreError(.corrupt, "\(url.path) cannot be read: \(error)", path: url.path)
            }
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
    /// - Throws: ``DocumentStoreError`` if the write fails (the file keeps its previous contents;
    ///   the in-memory value is the new one and goes out with the next save).
    public func save(_ value: Value) async throws {
        current = value
        try await persistChange()
    }

    /// Changes the value with `body` and returns once the change is durably on disk.
    ///
    /// Loads the file first if needed. If `body` throws, nothing changes and nothing is written.
    /// - Throws: what ``load()`` or `body` throws, or ``DocumentStoreError`` if the write fails.
    public func update<Result: Sendable>(_ body: (inout Value) throws -> Result) async throws -> Result {
        var value = try await self.value()
        let result = try body(&value)
        current = value
        try await persistChange()
        return result
    }

    private func persistChange() async throws {
        changeGeneration += 1
        let generation = changeGeneration
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            waiting.append((generation, continuation))
            if !isWriting {
                isWriting = true
                Task { await self.writeWhilePending() }
            }
        }
    }

    /// Writes snapshots until no caller is waiting: each write covers every change made before
    /// it started and releases exactly the callers whose change it includes.
    private func writeWhilePending() async {
        while !waiting.isEmpty {
            let generation = changeGeneration
            let snapshot = current ?? empty
            let encode = self.encode, writer = self.writer, url = self.url
            let outcome: Swift.Result<Void, any Error>
            do {
                try await BlockingIO.run { try writer.write(try encode(snapshot), to: url) }
                writeCount += 1
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            let covered = waiting.filter { $0.generation <= generation }
            waiting.removeAll { $0.generation <= generation }
            for waiter in covered { waiter.continuation.resume(with: outcome) }
        }
        isWriting = false
    }
}

extension ArchiveFileStore where Value: ArchiveEncodable & ArchiveDecodable {
    /// A store whose file is a binary keyed archive with `Value` under `$top` key `rootKey`.
    ///
    /// - Parameters:
    ///   - empty: the value of a missing file (for Homepwner, `[]`).
    ///   - limits: the bounds the unarchiver enforces on the file.
    public init(
        keyedArchiveAt url: URL,
        empty: Value,
        rootKey: String = "root",
        limits: ArchiveLimits = .default,
        writer: DurableFileWriter = .system
    ) {
        self.init(
            url: url,
            empty: empty,
            writer: writer,
            maxBytes: limits.maxBytes,
            encode: { value in
                let archiver = KeyedArchiver()
                archiver.encode(value, forKey: rootKey)
                return try archiver.encodedData()
            },
            decode: { data in
                try KeyedUnarchiver(data: data, limits: limits).decode(Value.self, forKey: rootKey) ?? empty
            }
        )
    }
}
