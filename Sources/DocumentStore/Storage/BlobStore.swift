import Foundation

/// A namespace of named blobs with versions: the files directly in a data folder
/// (``FolderBlobStore``) or the objects directly under a bucket's prefix (``BucketStorage``).
/// Everything an app keeps beside its data (photos, attachments, small lists, copies of damaged
/// files) is reached through this one interface, written once for both places.
///
/// What both places offer, and what each promises:
/// - **Versions.** Every stored blob has a version token that changes whenever it is replaced
///   (a file's ``FileVersionTag``; an object's ETag), usable as it is in an entity tag and a URL.
/// - **Whole writes.** A write replaces a blob whole and durably: a reader sees the old bytes or
///   the new, never a mix (a folder: temporary file, `fsync`, rename, `fsync` of the folder; a
///   bucket: one PUT).
/// - **Conditional writes.** ``BlobWriteMode/create`` only creates (a folder: a rename that
///   refuses to replace; a bucket: `If-None-Match: *`), ``BlobWriteMode/replace(version:)`` only
///   replaces the version read (a folder: checked under this store's lock — a folder has one
///   writing process, held by its ``FolderLock``; a bucket: `If-Match`). Either fails with
///   ``DocumentStoreError`` `.conflict` when another writer was first.
/// - **Other writers.** A folder has one writer, this process; a bucket is shared by any number
///   of servers, so what was read may change behind the reader (``hasOtherWriters``).
///
/// Every failure is a ``DocumentStoreError`` naming the blob: `.corrupt` for a blob larger than
/// asked for, `.unsupportedFileType` for a file that is not a regular file (never read, never
/// followed), `.unavailable` when a bucket cannot be reached, `.permissionDenied`, `.io`.
public protocol BlobStore: Sendable {
    /// The folder's path or the bucket's `s3://BUCKET/PREFIX`, for messages.
    var description: String { get }
    /// Whether other processes may change the blobs at any moment (a bucket shared by several
    /// servers): a reader that keeps what it read must look again. False for a folder, which
    /// one writing process holds.
    var hasOtherWriters: Bool { get }
    /// The path or `s3://` address of the blob `name`, for messages.
    func address(of name: String) -> String
    /// Whether the namespace is there: a folder on disk (false when it is missing); a bucket
    /// was checked when it was connected to.
    func exists() async throws -> Bool
    /// Checks that the storage answers now, with one cheap question and no retry: a folder is
    /// there and is a folder; a bucket answers a listing of at most one key within `timeout`.
    /// A server's readiness probe asks it (never more than once at a time).
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` for a missing folder, `.unavailable` for a
    ///   bucket that does not answer in time, or what the storage answered.
    func checkAnswers(within timeout: Duration) async throws
    /// Makes the namespace exist (creates a folder and the folders above it; nothing for a bucket).
    func prepare() async throws
    /// The blob `name` and its version, or nil when there is none.
    ///
    /// - Throws: ``DocumentStoreError`` `.corrupt` for one larger than `maxBytes` (nothing of it
    ///   is kept), `.unsupportedFileType` for a file that is not a regular file.
    func read(_ name: String, maxBytes: Int) async throws -> StoredBlob?
    /// The blob `name` unless its version is still `version` (a bucket: a conditional GET, so an
    /// unchanged blob costs one small request and no body; a folder: one look at the file first).
    ///
    /// - Throws: what ``read(_:maxBytes:)`` throws.
    func read(_ name: String, ifChangedFrom version: String, maxBytes: Int) async throws -> BlobChange
    /// Removes what a writer that stopped mid-write left behind: a folder's temporary files
    /// (``DurableFileWriter``'s); nothing in a bucket, whose writes are whole. Best effort.
    func removeLeftovers() async
    /// The blob `name` opened for streaming, or nil when there is none. A file is opened (only a
    /// regular file, never through a link) and keeps reading the version open now, whatever
    /// replaces it; an object is read whole, at most `maxBytes` of it.
    ///
    /// - Throws: what ``read(_:maxBytes:)`` throws.
    func open(_ name: String, maxBytes: Int) async throws -> OpenAttachment?
    /// The version of the blob `name`, or nil when there is none (or it is not a regular file).
    func version(of name: String) async throws -> String?
    /// The versions of those of `names` that are stored: a folder looks at each file, a bucket
    /// lists its prefix once.
    func versions(of names: [String]) async throws -> [String: String]
    /// Every blob whose name starts with `prefix`, with its version: one listing (a bucket: one
    /// request per 1,000 objects, asking for the prefix alone). Names with a `/` (a folder's
    /// subfolders, deeper keys) are not blobs of this namespace and are left out; so are a
    /// folder's entries that are not regular files. A folder that is missing has none.
    func list(startingWith prefix: String) async throws -> [String: String]
    /// The names ``list(startingWith:)`` would give, without their versions (a folder: one read
    /// of its entries, nothing looked at).
    func names(startingWith prefix: String) async throws -> [String]
    /// Visits the name of every entry directly in the place — blobs and folders alike: a folder's
    /// entries (its subfolders included), a bucket's objects directly under the prefix and the
    /// first part of deeper keys (`N.ext` for `N.ext/Data.plist`) — in no set order, until
    /// `visit` returns false. A folder is read an entry at a time, a bucket a page (1,000) at a
    /// time, so a search that stops early reads little. A folder that is missing has none.
    func visitEntries(_ visit: @escaping @Sendable (String) -> Bool) async throws
    /// Stores the bytes `encode` lends as the blob `name`, as `mode` allows. `encode` is called
    /// once, with a function to hand it the bytes: a folder writes them where they are (on the
    /// blocking pool), so an encoder may reuse its buffer from one write to the next; a bucket
    /// copies them into its request.
    ///
    /// A bucket records, with the object, this write's id before `history` (the
    /// ``StoredBlob/writeHistory`` of the version replaced), and so can tell after a lost answer
    /// whether the write landed: ``BlobWritten/isCurrent`` is false when it did and another
    /// writer has replaced it since.
    ///
    /// - Parameter contentType: what a bucket records for the object (a folder has no place for it).
    /// - Throws: ``DocumentStoreError`` `.conflict` when `mode` refused (nothing written),
    ///   `.noSpace`, and what `encode` throws (nothing written).
    func write(
        _ name: String, mode: BlobWriteMode, history: [String], contentType: String?,
        lending encode: @escaping @Sendable (_ write: @Sendable (Data) throws -> Void) throws -> Void
    ) async throws -> BlobWritten
    /// Durably removes the blob `name`; removing what is not there is not an error.
    func delete(_ name: String) async throws
    /// Keeps the blob `name` as `newName` and removes it under its old name, never replacing
    /// anything called `newName` (a folder: a new link, then the old name removed; a bucket: a
    /// copy created only if the name is free, then the original deleted). Returns false when
    /// there was no blob `name`.
    ///
    /// - Throws: ``DocumentStoreError`` `.conflict` when `newName` is taken (nothing changes).
    func keepAside(_ name: String, as newName: String) async throws -> Bool
    /// Keeps the blob `name` as it is now under `newName` too, never replacing anything called
    /// `newName` (a folder: a second link to the file, which a later write of `name` does not
    /// touch, since writes replace a file by a rename; a bucket: a copy created only if the name
    /// is free). Returns false when there was no blob `name`.
    ///
    /// - Throws: ``DocumentStoreError`` `.conflict` when `newName` is taken (nothing changes).
    func keepCopy(_ name: String, as newName: String) async throws -> Bool
    /// Holds the namespace for this process's writes, across processes, for as long as the
    /// returned lock lives: a folder's ``FolderLock`` on the hidden file `lockName`. A bucket
    /// takes no lock (nil): its writes are conditional, so any number of servers share it.
    ///
    /// - Throws: ``FolderLock/Refusal``.
    func holdForWriting(lockName: String, holder: FolderLock.Holder, timeout: Duration) async throws -> FolderLock?
    /// Follows what other writers change until the task is cancelled: a bucket as `follow`
    /// says (``BucketFollow/run(_:since:full:handle:)``: their journals every second, `full`
    /// every minute); a folder has no other writers, so this only waits to be cancelled.
    func followOtherWriters<Full: Sendable>(
        _ follow: BucketFollow, since: Date, full: @escaping @Sendable () async throws -> Full,
        handle: @escaping @Sendable (BucketFollow.Step<Full>) async -> Void
    ) async
}

/// A blob read whole, with the token of its version.
public struct StoredBlob: Sendable {
    /// The blob's bytes.
    public let data: Data
    /// An opaque token that changes whenever the blob is replaced: an ETag's contents and a
    /// URL's `?v=`.
    public let version: String
    /// The ids of the writes that made this version and the ones before it, newest first (a
    /// bucket records them with each object; a folder has none): the `history` of a write that
    /// replaces this version.
    public let writeHistory: [String]

    /// A blob of `data` at `version`, made by the writes `writeHistory`.
    public init(data: Data, version: String, writeHistory: [String] = []) {
        self.data = data
        self.version = version
        self.writeHistory = writeHistory
    }
}

/// What ``BlobStore/read(_:ifChangedFrom:maxBytes:)`` found.
public enum BlobChange: Sendable {
    /// The stored version is still the one given.
    case unchanged
    /// Nothing of that name is stored.
    case missing
    /// Another version is stored: this one.
    case changed(StoredBlob)
}

/// What a write stored.
public struct BlobWritten: Sendable, Hashable {
    /// The new version's token.
    public var version: String
    /// This write's id and those before it (a bucket's; empty for a folder): the `history` of
    /// the next write of the blob.
    public var writeHistory: [String]
    /// False when the write landed but another writer has replaced it since (a bucket, after a
    /// lost answer): what is stored now must be read.
    public var isCurrent: Bool

    /// A write that made `version` after `writeHistory`, still current or not.
    public init(version: String, writeHistory: [String] = [], isCurrent: Bool = true) {
        self.version = version
        self.writeHistory = writeHistory
        self.isCurrent = isCurrent
    }
}

/// When a write may store its blob.
public enum BlobWriteMode: Sendable, Hashable {
    /// Whatever is there (or nothing) is replaced.
    case overwrite
    /// Only when there is no blob of that name.
    case create
    /// Only when the blob stored is still at `version`.
    case replace(version: String)
}

extension BlobStore {
    /// Stores `data` as the blob `name` as `mode` allows and returns the new version.
    ///
    /// - Throws: what ``write(_:mode:history:contentType:lending:)`` throws.
    @discardableResult
    public func write(_ name: String, _ data: Data, mode: BlobWriteMode, contentType: String?) async throws -> String {
        try await write(name, mode: mode, history: [], contentType: contentType) { write in try write(data) }.version
    }

    /// Stores `data` as the blob `name`, replacing whatever is there.
    @discardableResult
    public func write(_ name: String, _ data: Data, contentType: String? = nil) async throws -> String {
        try await write(name, data, mode: .overwrite, contentType: contentType)
    }

    /// Every blob's name, sorted by code point.
    public func allNames() async throws -> [String] {
        try await names(startingWith: "").sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Replaces the small blob `name` with what `transform` makes of its current bytes (nil when
    /// there is none), without losing another writer's change: the write is conditional on the
    /// version read (``BlobWriteMode/replace(version:)``, or ``BlobWriteMode/create`` when there
    /// was none), and when another writer was first the blob is read again and `transform` runs
    /// again on what they wrote, up to `attempts` times. Returns what was written.
    ///
    /// - Throws: what `transform` throws (nothing is written); ``DocumentStoreError`` `.conflict`
    ///   when every attempt lost the race, and what ``read(_:maxBytes:)`` and
    ///   ``write(_:_:mode:contentType:)`` throw.
    @discardableResult
    public func update(
        _ name: String, maxBytes: Int, contentType: String? = nil, attempts: Int = 8,
        _ transform: @Sendable (Data?) throws -> Data
    ) async throws -> Data {
        for _ in 0..<max(1, attempts) {
            let current = try await read(name, maxBytes: maxBytes)
            let replacement = try transform(current?.data)
            do {
                try await write(name, replacement, mode: current.map { .replace(version: $0.version) } ?? .create, contentType: contentType)
                return replacement
            } catch let error as DocumentStoreError where error.code == .conflict {
                continue
            }
        }
        throw DocumentStoreError(.conflict, "\(address(of: name)): other writers kept replacing it; try again", path: address(of: name))
    }
}
