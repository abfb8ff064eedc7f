import BackgroundWork
import DocumentStore
import Foundation
import KeyedArchive

/// Every item of one data folder or bucket prefix (``DocumentStore/Storage``): `items.archive`
/// loaded at start and saved durably after every change, with each item's photo beside it
/// (``ImageStore``).
///
/// Every change returns only after a durable write that includes it. Changes that arrive while
/// a write is running are applied together and go out in the next write (group commit, through
/// ``DocumentStore/ArchiveFileStore``), so a burst of N concurrent changes costs far fewer than
/// N writes — ``saveCount`` against ``changeCount`` shows how many. A failed write fails only
/// the callers whose change it carried, and the items in memory stay those on disk.
///
/// A missing archive is an empty inventory. An archive that cannot be read makes the store
/// read-only (``Status/damaged(_:)``): what can still be read is listed, every change is refused,
/// and the file is never overwritten until ``repair()`` is asked for.
///
/// In a bucket (`PREFIX/items.archive`, `PREFIX/<itemKey>`) any number of stores may share the
/// inventory: every write of the archive is conditional on the version read, and when another
/// store wrote first the pending changes are applied again, item by item, on what it wrote (a
/// change to an item it deleted fails alone with ``HomepwnerError`` `.notFound`). Reads look
/// for another store's changes at most once per ``bucketRefreshInterval``.
public actor ItemStore {
    /// Whether the store can change items.
    public enum Status: Sendable, Hashable {
        /// The archive was read (or is missing): changes are saved.
        case ready
        /// The store was opened read-only: it reads and never writes.
        case readOnly
        /// The archive cannot be read (the reason): what could be salvaged is listed, changes
        /// are refused, and the file stays as it is until ``ItemStore/repair()``.
        case damaged(String)
        /// The archive was written by a newer model version than this program knows (the
        /// message names both): it is read, every change is refused, and it is never rewritten.
        case newerModel(String)
    }

    /// Where the inventory is: a data folder, or a prefix in a bucket.
    public nonisolated let storage: Storage
    /// The data folder (the original's `Documents/`); in a bucket, its `s3://BUCKET/PREFIX` URL.
    public nonisolated let folder: URL
    /// `items.archive` in the data folder; in a bucket, its `s3://` URL.
    public nonisolated let archiveURL: URL
    /// The photos beside the archive.
    public nonisolated let images: ImageStore
    /// The attachments beside the archive (receipts, manuals, warranty papers).
    public nonisolated let attachments: AttachmentStore
    /// Every change this store makes, for live updates (the server's event stream).
    public nonisolated let changes = ItemChangeFeed()
    /// The status after ``load()``.
    public internal(set) var status: Status = .ready
    /// How many changes have been acknowledged (each durably saved).
    public internal(set) var changeCount = 0

    let archive: ArchiveFileStore<ItemArchive>
    private let isReadOnly: Bool
    let limits: ArchiveLimits
    let pool: BlockingPool
    /// The blobs beside the archive: the small files (``LocationList/fileName``,
    /// ``InventoryOwner/fileName``), copies of damaged ones, the writer lock.
    public nonisolated let blobs: any BlobStore
    /// Whether a change of a small file beside the archive is running (one at a time from this store).
    var smallFileBusy = false
    /// The changes of small files waiting for their turn.
    var smallFileWaiters: [CheckedContinuation<Void, Never>] = []
    let now: @Sendable () -> Date
    let makeKey: @Sendable () -> String
    var loaded: ItemArchive?
    var isClosed = false
    /// One writer per data folder across processes (``DocumentStore/FolderLock`` on
    /// ``writerLockFileName``), held while a writable store is open: the whole inventory is one
    /// file, so two processes writing it at once would each overwrite the other's changes.
    var writerLock: FolderLock?
    /// The writer lock's file in the data folder.
    static let writerLockFileName = ".items.archive.lock"
    private var loading: Task<Void, any Error>?
    /// Whether ``load()`` creates the folder and takes the writer lock on the real file system
    /// (off only for a store whose writer works on a simulated disk, in tests).
    var managesFolder = true
    private let lockTimeout: Duration
    private let serving: Bool
    /// When the archive in a bucket was last compared with what is stored.
    var lastRefresh: ContinuousClock.Instant?
    /// What ``followOtherWriters(interval:fullInterval:onReady:)`` last saw of each item, with
    /// this store's own changes to versions applied as they are made.
    var followed: [String: WatchedItem] = [:]
    /// The items whose photo or attachments this store changed since the follow last looked at
    /// them: the follow does not publish those changes again.
    var ownMediaChanges = Set<String>()
    /// How many changes this store made while following (the number of the latest one).
    var ownChangeCount: UInt64 = 0
    /// The number of each item's latest own change, kept until a look that began after it is
    /// done: a look that began before it may have read the item as it was before it.
    var lastOwnChange: [String: UInt64] = [:]
    /// Names the next look takes as well: items an own change raced with the last look.
    var pendingLooks = Set<String>()
    /// Whether ``followOtherWriters(interval:fullInterval:onReady:)`` is running (only then are own changes noted).
    var isFollowingOthers = false
    /// The catalog of the archive's ``DocumentStore/ArchiveFileStore/generation`` it was built
    /// from (``catalog()``).
    var catalogCache: (generation: UInt64, catalog: ItemCatalog)?
    /// How often reads of a bucket's archive look for other stores' changes.
    var refreshInterval = ItemStore.bucketRefreshInterval
    /// The temporary zips that downloads of the inventory share (``exportInventoryForDownload()``).
    let exportDownloads: SharedTemporaryFiles<InventorySnapshot.State, InventoryTransferSummary>
    /// How often reads of a bucket's archive look for another store's changes (one conditional
    /// GET, answered 304 when nothing changed).
    public static let bucketRefreshInterval: Duration = .seconds(1)

    /// The per-user data folder: `$XDG_DATA_HOME/homepwner/Documents`, or
    /// `~/.local/share/homepwner/Documents`.
    public static var defaultDataFolder: URL {
        UserDataFolder.url(app: "homepwner", folder: "Documents")
    }

    /// Creates a store for the inventory in `storage`; nothing is read until ``load()``.
    ///
    /// A folder is held by one writing process at a time (a lock file); a bucket has no lock,
    /// since its writes are conditional.
    ///
    /// - Parameters:
    ///   - readOnly: never create, write or clean anything (for commands that only read).
    ///   - lockTimeout: how long ``load()`` waits for another process writing the same folder.
    ///   - now: the clock that dates new items.
    ///   - makeKey: makes new item keys (a fresh upper-case UUID string by default).
    ///   - serving: hold the folder as a server does, for as long as the store is open: any
    ///     other process that wants to write it fails at once with ``HomepwnerError`` `.inUse`
    ///     naming this one, instead of waiting (a folder only).
    public init(
        storage: Storage,
        readOnly: Bool = false,
        limits: ArchiveLimits = .default,
        writer: DurableFileWriter = .system,
        pool: BlockingPool = .shared,
        imageCacheBudget: Int = 32 << 20,
        lockTimeout: Duration = .seconds(10),
        now: @escaping @Sendable () -> Date = { Date() },
        makeKey: @escaping @Sendable () -> String = { UUID().uuidString },
        serving: Bool = false
    ) {
        let storage = storage.forOwnStore()
        self.storage = storage
        self.folder = storage.url
        self.archiveURL = storage.url.appendingPathComponent(Self.archiveName, isDirectory: false)
        // One blob store for the whole inventory: its conditional writes take turns under its locks.
        let blobs = storage.blobs(writer: writer, pool: pool)
        self.blobs = blobs
        self.images = ImageStore(storage: storage, blobs: blobs, cacheBudget: imageCacheBudget, pool: pool)
        self.attachments = AttachmentStore(storage: storage, blobs: blobs, pool: pool)
        self.isReadOnly = readOnly
        self.limits = limits
        self.pool = pool
        self.lockTimeout = lockTimeout
        self.serving = serving
        self.now = now
        self.makeKey = makeKey
        self.exportDownloads = SharedTemporaryFiles("export", limit: Self.maxExportDownloads, pool: pool)
        let encoder = ItemArchiveEncoder()
        let withEncoded: @Sendable (ItemArchive, @Sendable (Data) throws -> Void) throws -> Void = { archive, write in
            try encoder.withEncoded(archive, write)
        }
        let decode: @Sendable (Data) throws -> ItemArchive = { try ItemArchive.decode($0, limits: limits) }
        let versioning = ArchiveModelVersioning(ItemArchive.modelVersions, document: Self.archiveName) { $0.modelVersion }
        self.archive = ArchiveFileStore(
            named: Self.archiveName, in: blobs, empty: ItemArchive(), maxBytes: limits.maxBytes,
            withEncoded: withEncoded, decode: decode, versioning: versioning
        )
    }

    /// The archive's name in the data folder or under the bucket's prefix.
    static let archiveName = "items.archive"

    /// The folder's path or the bucket's `s3://BUCKET/PREFIX`, for messages.
    public nonisolated var location: String { storage.description }

    /// Opens and loads the store of `storage`.
    ///
    /// - Parameters:
    ///   - serving: hold a folder as a server does (see ``init(storage:readOnly:limits:writer:pool:imageCacheBudget:lockTimeout:now:makeKey:serving:)``).
    /// - Throws: what ``load()`` throws.
    public static func open(storage: Storage, readOnly: Bool = false, imageCacheBudget: Int = 32 << 20, serving: Bool = false) async throws -> ItemStore {
        let store = ItemStore(storage: storage, readOnly: readOnly, imageCacheBudget: imageCacheBudget, serving: serving)
        try await store.load()
        return store
    }

    /// Opens and loads the store of `folder`.
    ///
    /// - Throws: what ``load()`` throws.
    public static func open(at folder: URL, readOnly: Bool = false) async throws -> ItemStore {
        try await open(storage: .folder(folder.standardizedFileURL), readOnly: readOnly)
    }

    /// Test hook: reads of a bucket's archive look for other stores' changes only this often.
    func lookForOtherStores(every interval: Duration) {
        refreshInterval = interval
    }

    /// Test hook: ``load()`` leaves the folder and the writer lock alone, for a store whose
    /// writer works on a simulated disk.
    func leaveFolderUnmanaged() {
        managesFolder = false
    }

    /// How many durable writes of `items.archive` this store has made.
    public var saveCount: Int {
        get async { await archive.writeCount }
    }

    /// Reads the archive (once): unless read-only, creates the data folder, takes the folder's
    /// writer lock (one writing process at a time) and removes temporaries a crashed writer left. A damaged archive is not an error: the store becomes
    /// ``Status/damaged(_:)`` with what could be salvaged.
    ///
    /// - Throws: ``HomepwnerError`` `.noDataFolder` (read-only, no folder), `.storage` (also when
    ///   another process keeps the writer lock longer than the timeout), `.inUse` when a server
    ///   holds the folder.
    public func load() async throws {
        if loaded != nil { return }
        // Concurrent first calls share one load (and one writer lock).
        if let loading { return try await loading.value }
        let task = Background.task { [self] in try await performLoad() }
        loading = task
        do {
            try await task.value
        } catch {
            loading = nil
            throw error
        }
    }

    private func performLoad() async throws {
        if isReadOnly {
            try await loadReadOnly()
            return
        }
        if managesFolder {
            try await prepareFolder()
        }
        do {
            loaded = try await archive.load()
            lastRefresh = .now
            status = Self.status(ofVersion: await archive.storedModelVersion) ?? .ready
        } catch let error as DocumentStoreError where error.code == .corrupt {
            let data = try? await readArchiveBytes()
            (loaded, status) = Self.damaged(data ?? Data(), location: archive.location, limits: limits)
        } catch {
            throw Self.storageError(error, archive.location)
        }
    }

    /// Creates the data folder and takes its writer lock (a bucket needs neither).
    private func prepareFolder() async throws {
        let location = self.location
        do {
            try await blobs.prepare()
        } catch {
            throw HomepwnerError(.storage, "the data folder \(location) cannot be created: \(error)")
        }
        if writerLock == nil {
            do {
                writerLock = try await blobs.holdForWriting(lockName: Self.writerLockFileName, holder: serving ? .server : .command, timeout: lockTimeout)
            } catch let refusal as FolderLock.Refusal {
                switch refusal {
                case .heldByServer(let pid):
                    throw HomepwnerError(.inUse, "a homepwner server (pid \(pid)) is using \(location); make the change through it, or stop it first")
                case .busy:
                    throw HomepwnerError(.storage, "another homepwner process is changing \(location); try again when it has finished")
                case .system(let error):
                    throw HomepwnerError(.storage, error.message)
                }
            }
        }
    }

    private func loadReadOnly() async throws {
        let data = try await readArchiveBytes()
        guard let data else {
            loaded = ItemArchive()
            status = .readOnly
            return
        }
        do {
            let read = try ItemArchive.decode(data, limits: limits)
            loaded = read
            status = Self.status(ofVersion: read.modelVersion) ?? .readOnly
        } catch {
            (loaded, status) = Self.damaged(data, location: archive.location, limits: limits)
        }
    }

    /// ``Status/newerModel(_:)`` for an archive of a model version newer than this program's;
    /// nil for any other.
    static func status(ofVersion version: Int?) -> Status? {
        guard let version, ItemArchive.modelVersions.status(of: version) == .newer else { return nil }
        return .newerModel(ItemArchive.modelVersions.newerModelError(document: archiveName, writtenBy: version).message)
    }

    /// The model version of the archive as stored: what it records (1 for none, as the 2014
    /// app's), or the current version once this store has written it; nil when there is no
    /// archive yet.
    ///
    /// - Throws: what ``load()`` throws.
    public func storedModelVersion() async throws -> Int? {
        try await load()
        if isReadOnly { return loaded?.modelVersion }
        return await archive.storedModelVersion
    }

    /// The archive's stored bytes, read without the store (nil when there is none).
    ///
    /// - Throws: ``HomepwnerError`` `.noDataFolder` for a missing folder, `.storage`.
    func readArchiveBytes() async throws -> Data? {
        do {
            guard try await blobs.exists() else { throw HomepwnerError(.noDataFolder, "there is no data folder at \(location)") }
            return try await blobs.read(Self.archiveName, maxBytes: limits.maxBytes)?.data
        } catch {
            throw Self.storageError(error, archive.location)
        }
    }

    /// What can be read of a damaged archive's bytes, and the status that says why the rest
    /// cannot and what to do: once, in words, with the decoder's reason in brackets.
    private static func damaged(_ data: Data, location: String, limits: ArchiveLimits) -> (ItemArchive, Status) {
        let reason: String
        do {
            _ = try ItemArchive.decode(data, limits: limits)
            reason = "it changed while it was read"
        } catch {
            reason = "\(error)"
        }
        let salvaged = ItemArchive.salvage(data, limits: limits)
        if let newer = status(ofVersion: salvaged.modelVersion), case .newerModel(let message) = newer {
            // A newer model may store what this one cannot read: never a repair's to overwrite.
            return (salvaged, .newerModel("\(message) (this version cannot read all of it: \(reason))"))
        }
        let count = salvaged.items.count
        let read = count == 0 ? "no item could be read from it" : count == 1 ? "only 1 item could be read from it" : "only \(count) items could be read from it"
        return (salvaged, .damaged("\(location) is damaged (\(reason)) and \(read)"))
    }

    /// The whole archive as it is on disk (items and kept entries of other classes).
    ///
    /// - Throws: what ``load()`` throws.
    public func archiveContents() async throws -> ItemArchive {
        try await load()
        guard case .ready = status else { return loaded ?? ItemArchive() }
        try await refreshFromOtherWriters()
        return try await archive.value()
    }

    /// Every item, in the archive's order.
    ///
    /// - Throws: what ``load()`` throws.
    public func items() async throws -> [Item] {
        try await archiveContents().items
    }

    /// The item with `key` (compared by code point).
    ///
    /// - Throws: ``HomepwnerError`` `.notFound`.
    public func item(_ key: String) async throws -> Item {
        let contents = try await archiveContents()
        guard let index = contents.index(ofKey: key), let item = contents.entries[index].item else {
            throw HomepwnerError(.notFound, "no item has the key \(key)")
        }
        return item
    }

    /// The key of the one item that `text` names: its whole key, or the start of it (at least
    /// 4 characters, any case).
    ///
    /// - Throws: ``HomepwnerError`` `.notFound`, `.damagedArchive` when nothing matches in a damaged
    ///   archive (the item may be in the part that cannot be read), or `.ambiguousKey` naming
    ///   how many match.
    public func resolveKey(_ text: String) async throws -> String {
        switch try await catalog().keyMatch(text) {
        case .one(let item):
            return item.itemKey
        case .several(let count):
            throw HomepwnerError(.ambiguousKey, "\(count == 20 ? "20 or more" : String(count)) items have keys starting with \"\(text)\"; give more of the key")
        case .none:
            let missing = "no item has a key \(text.count >= ItemCatalog.minimumCodeLength ? "starting with" : "equal to") \"\(text)\""
            if case .damaged(let reason) = status {
                // The item may be in the part that cannot be read: the damage is the answer.
                throw HomepwnerError(.damagedArchive, "\(missing) among those that could be read: \(reason)")
            }
            throw HomepwnerError(.notFound, missing)
        }
    }
}
