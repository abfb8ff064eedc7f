import BackgroundWork
import Foundation
import KeyedArchive

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
///
/// The archive is a blob of a ``BlobStore`` (``init(named:in:empty:maxBytes:withEncoded:decode:versioning:)``):
/// a file in a folder, or an object in S3-compatible storage that several servers share. Every
/// write is conditional on the version read (``BlobWriteMode/replace(version:)``), so no writer
/// overwrites another's changes: when another wrote first, the store reads the archive again,
/// applies the pending changes again on it (each change's body runs again; one that now throws
/// fails alone), and writes again.
public actor ArchiveFileStore<Value: Sendable> {
    private let empty: Value
    private let withEncoded: @Sendable (Value, @Sendable (Data) throws -> Void) throws -> Void
    private let decode: @Sendable (Data) throws -> Value
    /// Where the archive is kept.
    private let blobs: any BlobStore
    /// The archive's name there (`items.archive`), beside which an older version is kept.
    private let archiveName: String
    private let maxBytes: Int
    private let versioning: ArchiveModelVersioning<Value>?

    /// How many times a batch of changes is applied again after another writer won, before its
    /// callers get ``DocumentStoreError/Code/conflict``.
    static var maxConflictRetries: Int { 20 }

    /// The value on disk, once loaded or written.
    private var current: Value? { didSet { generation &+= 1 } }
    /// Counts the changes of the value in memory (a load, a reload, a write, a reset): equal
    /// generations of one store mean the same value, so what is computed from a value can be kept
    /// until the generation moves (``valueAndGeneration()``).
    public private(set) var generation: UInt64 = 0
    /// The version of ``current`` in the storage: the condition of the next write.
    private var version: ArchiveVersion = .absent
    private var isWriting = false
    private var pending: [PendingChange] = []

    /// A change waiting to be written: `apply` may run more than once (again alone after a
    /// failed joint write); its last result goes to the caller.
    private struct PendingChange {
        var apply: (inout Value) throws -> any Sendable
        var continuation: CheckedContinuation<any Sendable, any Error>
        /// A ``reset(to:)``: it replaces whatever is stored, so its write is unconditional.
        var overwrites = false
    }

    /// The model version of what is stored (with ``ArchiveModelVersioning``): what the last read
    /// found, or the current version once this store has written. Nil when nothing is stored or
    /// the store has no versioning.
    public private(set) var storedModelVersion: Int?
    /// The bytes of an older model version read from storage, kept once as `NAME.v<N>` before
    /// the first write replaces them (nil when there is nothing to keep).
    private var olderBytes: Data?

    /// How many durable writes this store has made (coalescing shows as fewer writes than saves).
    public private(set) var writeCount = 0
    /// How many writes lost to another writer and were applied again (object storage only).
    public private(set) var conflictCount = 0

    /// Creates a store for the file at `url` whose encoder lends the file's bytes; the file is
    /// the blob `url.lastPathComponent` of a ``FolderBlobStore`` on its folder, written by
    /// `writer` on `pool`. The other parameters are those of
    /// ``init(named:in:empty:maxBytes:withEncoded:decode:versioning:)``.
    public init(
        url: URL,
        empty: Value,
        writer: DurableFileWriter = .system,
        maxBytes: Int = 64 << 20,
        pool: BlockingPool = .shared,
        withEncoded: @escaping @Sendable (Value, _ write: @Sendable (Data) throws -> Void) throws -> Void,
        decode: @escaping @Sendable (Data) throws -> Value,
        versioning: ArchiveModelVersioning<Value>? = nil
    ) {
        let url = url.standardizedFileURL
        self.init(
            named: url.lastPathComponent, in: FolderBlobStore(root: url.deletingLastPathComponent(), writer: writer, pool: pool),
            empty: empty, maxBytes: maxBytes, withEncoded: withEncoded, decode: decode, versioning: versioning
        )
    }

    /// Creates a store for the blob `name` of `blobs`; nothing is read until ``load()``. Its
    /// encoder lends the bytes instead of returning them: it calls its second argument with the
    /// bytes of the value and may reuse their memory once that returns — an encoder that keeps
    /// its buffers from one write to the next.
    ///
    /// With `versioning`, an archive of an older model version is upgraded in memory when read
    /// and its bytes are kept once as `NAME.v<N>` beside it (created, never replacing one that is
    /// there) before the first write replaces it; an archive of a newer version is read and
    /// every change to it fails with ``DocumentStoreError`` `.newerModel`.
    ///
    /// - Parameters:
    ///   - empty: the value of a missing archive.
    ///   - maxBytes: the largest archive ``load()`` reads (64 MiB by default).
    ///   - decode: turns the stored bytes into the value; what it throws makes ``load()`` fail.
    public init(
        named name: String,
        in blobs: any BlobStore,
        empty: Value,
        maxBytes: Int = 64 << 20,
        withEncoded: @escaping @Sendable (Value, _ write: @Sendable (Data) throws -> Void) throws -> Void,
        decode: @escaping @Sendable (Data) throws -> Value,
        versioning: ArchiveModelVersioning<Value>? = nil
    ) {
        self.blobs = blobs
        self.archiveName = name
        self.empty = empty
        self.maxBytes = maxBytes
        self.withEncoded = withEncoded
        self.decode = decode
        self.versioning = versioning
    }

    /// The file's path or the object's `s3://` address, for messages.
    public nonisolated var location: String { blobs.address(of: archiveName) }

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
        await blobs.removeLeftovers()
        let read = try await readStored()
        // Decoding is processor work, not blocking: it runs here, not on the blocking pool.
        let loaded = try decodedVersioned(read?.data)
        // Another task may have loaded or saved while this one read: its value is newer.
        if let current { return current }
        adopt(loaded, data: read?.data)
        version = read?.version ?? .absent
        return loaded?.value ?? empty
    }

    /// Reads the archive again if another writer changed it (object storage: a conditional
    /// GET, so an unchanged archive costs one small request; a file: one look at it); whether
    /// the value changed. A read that this store's own write (or another read) overtook while
    /// it was under way is dropped: it may be older than the value it would replace, and the
    /// next refresh reads what is stored then.
    ///
    /// - Throws: what ``load()`` throws; the value in memory then stays as it was.
    @discardableResult
    public func refresh() async throws -> Bool {
        guard current != nil else {
            try await load()
            return true
        }
        let began = generation
        guard case .stored(let known, _) = version else { return try await reloadIfStored(began: began) }
        let read = try await blobs.read(archiveName, ifChangedFrom: known, maxBytes: maxBytes)
        // The value changed while the read was under way (a write of this store's landed): the
        // read may be from before it, and would take the write back out of memory.
        guard generation == began else { return false }
        switch read {
        case .unchanged:
            return false
        case .missing:
            adopt(nil, data: nil)
            version = .absent
            return true
        case .changed(let blob):
            adopt(try decodedVersioned(blob.data), data: blob.data)
            version = .stored(blob.version, history: blob.writeHistory)
            return true
        }
    }

    /// After a store that found nothing: whether something is stored now (then it is read),
    /// unless the value changed since generation `began` while it was read.
    private func reloadIfStored(began: UInt64) async throws -> Bool {
        guard let read = try await readStored(), generation == began else { return false }
        adopt(try decodedVersioned(read.data), data: read.data)
        version = read.version
        return true
    }

    /// The stored bytes and their version, or nil when nothing is stored.
    private func readStored() async throws -> (data: Data, version: ArchiveVersion)? {
        try await blobs.read(archiveName, maxBytes: maxBytes).map { ($0.data, .stored($0.version, history: $0.writeHistory)) }
    }

    /// The stored bytes decoded, with the model version they were written at (nil without
    /// versioning) and upgraded to the current version when older; nil for nothing stored.
    private func decodedVersioned(_ data: Data?) throws -> (value: Value, modelVersion: Int?)? {
        guard let value = try decoded(data) else { return nil }
        guard let versioning else { return (value, nil) }
        let modelVersion = versioning.version(of: value)
        guard versioning.versions.status(of: modelVersion) == .older else { return (value, modelVersion) }
        do {
            return (try versioning.versions.upgrade(value, from: modelVersion), modelVersion)
        } catch {
            let current = versioning.versions.current
            throw DocumentStoreError(.corrupt, "\(location) is at model version \(modelVersion) and cannot be upgraded to version \(current), so it is left as it is: \(error)", path: location)
        }
    }

    /// Makes what was read (nil: nothing stored) the current value, and remembers its model
    /// version and, for an older one, the bytes to keep before the first rewrite.
    private func adopt(_ read: (value: Value, modelVersion: Int?)?, data: Data?) {
        current = read?.value ?? empty
        storedModelVersion = read?.modelVersion
        olderBytes = nil
        if let versioning, let stored = read?.modelVersion, versioning.versions.status(of: stored) == .older {
            olderBytes = data
        }
    }

    /// The refusal of any change while what is stored was written by a newer model; nil when
    /// the store may write.
    private func newerModelRefusal() -> DocumentStoreError? {
        guard let versioning, let stored = storedModelVersion, versioning.versions.status(of: stored) == .newer else { return nil }
        return versioning.versions.newerModelError(document: versioning.document, writtenBy: stored, path: location)
    }

    /// The stored bytes decoded; nil for nothing stored.
    private func decoded(_ data: Data?) throws -> Value? {
        do {
            return try data.map(decode)
        } catch {
            throw DocumentStoreError(.corrupt, "\(location) cannot be read, so it is left as it is and not overwritten (reset the store to replace it): \(error)", path: location)
        }
    }

    /// The current value, loading the file first if needed.
    ///
    /// - Throws: what ``load()`` throws.
    public func value() async throws -> Value {
        try await load()
    }

    /// The value, loading it first if need be, with its ``generation``, read together.
    public func valueAndGeneration() async throws -> (value: Value, generation: UInt64) {
        let value = try await load()
        return (value, generation)
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
    ///   (then neither the file nor the value in memory has the change); `.newerModel` when the
    ///   stored archive was written by a newer model version (nothing is written).
    public func update<Result: Sendable>(_ body: @escaping @Sendable (inout Value) throws -> Result) async throws -> Result {
        try await load()
        if let refusal = newerModelRefusal() { throw refusal }
        let outcome = try await enqueue { value in try body(&value) }
        guard let result = outcome as? Result else {
            throw DocumentStoreError(.io, "internal error: an update of \(location) returned the wrong type")
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
            _ = try await enqueue(overwriting: true) { stored in
                stored = value
                return true
            }
        } catch {
            if !wasLoaded && writeCount == writesBefore { current = nil }
            throw error
        }
    }

    private func enqueue(overwriting: Bool = false, _ apply: @escaping (inout Value) throws -> any Sendable) async throws -> any Sendable {
        try await withCheckedThrowingContinuation { continuation in
            pending.append(PendingChange(apply: apply, continuation: continuation, overwrites: overwriting))
            if !isWriting {
                isWriting = true
                Background.task { await self.writeWhilePending() }
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
            await writeBatch(batch)
        }
        isWriting = false
    }

    /// Applies `batch` to the stored value and writes it once. When another writer won (object
    /// storage), the archive is read again and the batch applied again on it, up to
    /// ``maxConflictRetries`` times; a change that now throws fails alone.
    private func writeBatch(_ batch: [PendingChange]) async {
        var batch = batch
        var conflicts = 0
        while true {
            guard let base = current else {
                for change in batch {
                    change.continuation.resume(throwing: DocumentStoreError(.io, "\(location) is not loaded", path: location))
                }
                return
            }
            if let refusal = newerModelRefusal(), !batch.contains(where: \.overwrites) {
                // Another writer (a newer program) replaced the archive meanwhile.
                for change in batch { change.continuation.resume(throwing: refusal) }
                return
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
            guard !applied.isEmpty else { return }
            switch await write(value, overwriting: applied.contains { $0.change.overwrites }) {
            case .written:
                for (change, result) in applied { change.continuation.resume(returning: result) }
                return
            case .superseded:
                // Stored, and already replaced by another writer who read it: the changes stand.
                // The value in memory becomes what is stored now (or is read at the next use)
                // before the callers resume, so what they read next holds their change.
                if await reloadAfterConflict() != nil { current = nil }
                for (change, result) in applied { change.continuation.resume(returning: result) }
                return
            case .conflict where conflicts < Self.maxConflictRetries:
                conflicts += 1
                conflictCount += 1
                if let error = await reloadAfterConflict() {
                    for (change, _) in applied { change.continuation.resume(throwing: error) }
                    return
                }
                batch = applied.map(\.change)
            case .conflict:
                let error = DocumentStoreError(.conflict, "\(location) kept changing under this change (\(conflicts + 1) tries); nothing was written", path: location)
                for (change, _) in applied { change.continuation.resume(throwing: error) }
                return
            case .failed(let error):
                if applied.count == 1 {
                    applied[0].change.continuation.resume(throwing: error)
                } else {
                    for (change, _) in applied { await writeBatch([change]) }
                }
                return
            }
        }
    }

    /// After a lost conditional write: the archive as the other writer left it becomes the
    /// current value. Returns the failure to read it.
    private func reloadAfterConflict() async -> (any Error)? {
        do {
            let read = try await readStored()
            adopt(try decodedVersioned(read?.data), data: read?.data)
            version = read?.version ?? .absent
            return nil
        } catch {
            return error
        }
    }

    /// What a write came to.
    private enum WriteOutcome {
        case written
        case superseded
        case conflict
        case failed(any Error)
    }

    /// Durably writes `value` on the condition of the version last read or written; on success
    /// it becomes the current value.
    private func write(_ value: Value, overwriting: Bool) async -> WriteOutcome {
        do {
            if !overwriting, let older = olderBytes, let stored = storedModelVersion {
                // The older version's bytes, kept once before they are replaced; a copy already
                // there (from an earlier try, or another server) is never replaced.
                try await keepOnce(older, as: ModelVersions<Value>.olderCopyName(of: archiveName, version: stored))
                olderBytes = nil
            }
            let mode: BlobWriteMode, history: [String]
            switch version {
            case _ where overwriting: (mode, history) = (.overwrite, [])
            case .absent: (mode, history) = (.create, [])
            case .stored(let known, let before): (mode, history) = (.replace(version: known), before)
            }
            let withEncoded = self.withEncoded
            let written = try await blobs.write(archiveName, mode: mode, history: history, contentType: "application/octet-stream") { write in
                try withEncoded(value, write)
            }
            writeCount += 1
            if let versioning { storedModelVersion = versioning.versions.current }
            guard written.isCurrent else { return .superseded }
            current = value
            version = .stored(written.version, history: written.writeHistory)
            return .written
        } catch let error as DocumentStoreError where error.code == .conflict {
            return .conflict
        } catch {
            return .failed(error)
        }
    }

    /// Stores `data` as `name` unless something has that name already (kept by an earlier try,
    /// or by another server): that copy is never replaced.
    private func keepOnce(_ data: Data, as name: String) async throws {
        do {
            try await blobs.write(name, data, mode: .create, contentType: "application/octet-stream")
        } catch let error as DocumentStoreError where error.code == .conflict {
            return
        }
    }
}

/// What a store last read or wrote, as the condition of its next write.
enum ArchiveVersion: Sendable, Equatable {
    /// Nothing was stored: the next write creates.
    case absent
    /// This version was stored (its token), made by the writes `history` (a bucket's ids of the
    /// writes that made it and the ones before it, for telling whether a write whose answer was
    /// lost landed).
    case stored(String, history: [String])
}
