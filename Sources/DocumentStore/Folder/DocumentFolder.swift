import Foundation
import ObjectStorage
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A root folder of numbered document bundles, `N.<extension>/`, each with a small data archive
/// and named attachments beside it — the layout of the Scary Creatures apps, done safely.
///
/// - Every write is durable and atomic (``DurableFileWriter``).
/// - New bundles are built in a hidden staging folder and renamed into place under a number
///   nobody holds (an exclusive rename, so two tasks or two processes never share a number, and
///   a bundle appears complete or not at all).
/// - Deleting renames the bundle aside first, so a crash never leaves a half-deleted bundle that
///   still lists.
/// - Listing skips and reports bad bundles instead of failing (``list(decode:)``).
/// - Writers of one bundle hold it exclusively (in this process by an actor, across processes by
///   `flock` on the bundle folder), readers share it; different bundles proceed in parallel.
/// - Once a bundle folder is opened and locked, every file in it is reached through the folder's
///   descriptor, so a change can never land in another bundle that took the same number.
/// - Only regular files are read, and nothing is followed through a symbolic link inside the
///   root (the root itself may be reached through links): a data file, attachment or bundle
///   that is a link, FIFO, device or folder is reported, never opened for reading.
/// - Blocking work runs on a ``BlockingPool``.
///
/// Call ``open(cleaning:)`` once before use.
public final class DocumentFolder: Sendable {
    /// The root folder.
    public let root: URL
    /// How bundles and data files are named.
    public let configuration: DocumentFolderConfiguration
    /// The writer used for every file (inject a faulty one to test error paths).
    public let writer: DurableFileWriter
    /// Where the blocking file work runs.
    public let pool: BlockingPool
    let locks = BundleLocks()
    let updateBatches = UpdateBatches()
    /// False only in tests that exercise the path for file systems without an exclusive rename.
    let usesExclusiveRename: Bool
    /// The file system (a simulated disk in crash tests).
    let fileSystem: any FileSystem
    /// ``listingSummarySettleTime`` in nanoseconds.
    let summarySettleNanoseconds = Atomic<Int64>(1_000_000_000)
    /// How the operations are carried out where the bundles are: folders on disk or objects in the bucket.
    let place: any BundlePlace
    /// The blobs directly in the root (the root's own files: lock files, what an app keeps
    /// beside its bundles), in the folder or under the bucket's prefix.
    public let blobs: any BlobStore
    /// The largest bundle number this store has seen in use in its bucket, or taken to try
    /// (0: not known yet).
    let largestObjectID = Atomic<Int>(0)
    /// The listing of the bucket's bundle numbers that creations wait for while the largest is
    /// not known: one for a burst of them.
    let largestObjectIDListing = SharedRun<Int, Int>()
    /// Cancels the shared work no caller may still wait for (the listing of a bucket's bundle
    /// numbers): a server calls it as it stops.
    public func stopSharedWork() {
        largestObjectIDListing.cancel()
    }

    /// Where a bundle's reader or editor in a bucket waits for its requests.
    var objectWaitPool: BlockingPool { Self.objectWaits }
    /// The threads that wait for requests to buckets: as many as requests in flight are useful.
    static let objectWaits = BlockingPool(threadCount: 64)

    /// Creates a store over `root`; nothing is touched until ``open(cleaning:)``.
    public convenience init(root: URL, configuration: DocumentFolderConfiguration, writer: DurableFileWriter = .system, pool: BlockingPool = .shared) {
        self.init(root: root, configuration: configuration, writer: writer, pool: pool, usesExclusiveRename: true, fileSystem: SystemFileSystem())
    }

    /// Creates a store over the objects under `bucket`'s prefix, laid out as on disk:
    /// `PREFIX/N.ext/Data.plist` and the attachments beside it. The operations are the same;
    /// what they promise there:
    ///
    /// - A new bundle takes 1 + the largest number any object name has, by writing its data
    ///   file with `If-None-Match: *` (a number another server took meanwhile: the next one),
    ///   then its attachments; a reader may see the data before the attachments.
    /// - An edit's data write is conditional on the version it read (`If-Match`): when another
    ///   server changed the data first, the edit runs again from a fresh read, so nothing is
    ///   lost and a version check in the edit sees the other change. Within a process, writers
    ///   of one bundle still take turns.
    /// - A delete removes the data file first, then the rest; attachments an edit wrote while
    ///   the bundle was being deleted are removed by that edit.
    /// - Inside ``read(_:_:)`` and ``edit(_:_:)`` each file operation is a request, waited for
    ///   on a pool thread; an attachment opened for streaming is read whole.
    /// - There is nothing to clean after crashes (``open(cleaning:)`` does nothing), and the
    ///   listing summary is an object, `PREFIX/.listing-summary`, validated by ETags.
    public convenience init(bucket: BucketStorage, configuration: DocumentFolderConfiguration, pool: BlockingPool = .shared) {
        self.init(root: bucket.url, configuration: configuration, writer: .system, pool: pool, usesExclusiveRename: true, bucket: bucket)
    }

    /// Creates a store that may be told to act as on a file system without `renameat2`, or to
    /// use a simulated file system.
    init(
        root: URL, configuration: DocumentFolderConfiguration, writer: DurableFileWriter, pool: BlockingPool = .shared,
        usesExclusiveRename: Bool, fileSystem: any FileSystem = SystemFileSystem(), bucket: BucketStorage? = nil
    ) {
        self.place = bucket.map(BucketBundles.init(bucket:)) ?? FolderBundles()
        self.root = root.standardizedFileURL
        self.configuration = configuration
        var writer = writer
        writer.fileSystem = fileSystem
        writer.temporaryMark = DurableFileWriter.storeMark()
        self.writer = writer
        self.blobs = bucket ?? FolderBlobStore(root: root, writer: writer, pool: pool)
        self.pool = pool
        self.usesExclusiveRename = usesExclusiveRename
        self.fileSystem = fileSystem
    }

    /// The root's path.
    var rootPath: String { root.path }

    /// Whether `name` is a temporary file of a write this store (this instance, not another
    /// store over the same folder) is making: for a watcher of the folder, to skip the steps of
    /// the store's own writes.
    public func isOwnTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(writer.temporaryMark)
    }

    // MARK: Finding bundles

    /// Every bundle in the root, in increasing id order (no data is read).
    ///
    /// Entries with a bad number or a duplicate number are left out; ``list(decode:)`` reports them.
    public func bundles() async throws -> [DocumentBundle] {
        try await place.bundles(in: self)
    }

    /// ``bundles()`` on disk.
    func diskBundles() async throws -> [DocumentBundle] {
        try await pool.run { [self] in
            try withRoot { try scanBundles(in: $0).bundles }
        }
    }

    /// The bundle numbered `id`.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` if there is none.
    public func bundle(_ id: Int) async throws -> DocumentBundle {
        try await place.bundle(id, in: self)
    }

    /// ``bundle(_:)`` on disk.
    func diskBundle(_ id: Int) async throws -> DocumentBundle {
        try await pool.run { [self] in
            try withRoot { rootDescriptor in
                let (bundle, descriptor) = try openBundle(id, in: rootDescriptor)
                fileSystem.closeFile(descriptor)
                return bundle
            }
        }
    }

    /// This process's generation of bundle `id`: it advances whenever a change to the bundle
    /// made through this store finishes (an edit, a deletion, a creation under its number).
    /// Compare it with ``BundleReader/generation`` to tell whether something read is still current.
    public func generation(of id: Int) async -> UInt64 {
        await locks.generation(id)
    }

    /// Runs `body` with the root open (following links to it).
    func withRoot<Result>(_ body: (Int32) throws -> Result) throws -> Result {
        let descriptor = try fileSystem.openDirectory(AT_FDCWD, rootPath, path: rootPath, followLinks: true)
        defer { fileSystem.closeFile(descriptor) }
        return try body(descriptor)
    }

    func makeBundle(id: Int, name: String) -> DocumentBundle {
        DocumentBundle(id: id, name: name, root: root)
    }

    /// The root's bundle entries, sorted by id, and the entries that look like bundles but are not
    /// usable by name (bad or duplicate numbers).
    func scanBundles(in rootDescriptor: Int32) throws -> (bundles: [DocumentBundle], problems: [DocumentProblem]) {
        let names = try fileSystem.names(rootDescriptor, path: rootPath)
        let (bundles, _, problems) = sortBundles(names.map { ($0, nil) })
        return (bundles, problems)
    }

    /// ``scanBundles(in:)`` with each bundle entry's kind where the directory read says it (nil
    /// where only a status call can tell), in the same order as the bundles.
    func scanTypedBundles(in rootDescriptor: Int32) throws -> (bundles: [DocumentBundle], kinds: [FileStatus.Kind?], problems: [DocumentProblem]) {
        let entries: [(name: String, kind: FileStatus.Kind?)]
        do { entries = try fileSystem.typedEntries(rootDescriptor) } catch {
            throw DocumentStoreError.system("cannot read the folder", path: rootPath, errno: error.code)
        }
        return sortBundles(entries)
    }

    func sortBundles(_ entries: [(name: String, kind: FileStatus.Kind?)]) -> (bundles: [DocumentBundle], kinds: [FileStatus.Kind?], problems: [DocumentProblem]) {
        // Sorted as (id, index into `entries`) pairs of plain integers: no string is retained or
        // released while 10,000 entries are put in order; names are compared only for a number
        // that two entries share.
        var found: [(id: Int, index: Int)] = []
        found.reserveCapacity(entries.count)
        var problems: [DocumentProblem] = []
        for (index, entry) in entries.enumerated() {
            switch BundleName.parse(entry.name, configuration: configuration) {
            case .bundle(let id): found.append((id, index))
            case .badNumber: problems.append(DocumentProblem(name: entry.name, id: nil, reason: .badNumber))
            case .other: break
            }
        }
        let canonical = "." + configuration.bundleExtension
        found.sort { lhs, rhs in
            if lhs.id != rhs.id { return lhs.id < rhs.id }
            let lhsName = entries[lhs.index].name, rhsName = entries[rhs.index].name
            let lhsExact = lhsName.hasSuffix(canonical), rhsExact = rhsName.hasSuffix(canonical)
            return lhsExact != rhsExact ? lhsExact : lhsName < rhsName
        }
        var bundles: [DocumentBundle] = []
        var kinds: [FileStatus.Kind?] = []
        bundles.reserveCapacity(found.count)
        kinds.reserveCapacity(found.count)
        for (id, index) in found {
            let entry = entries[index]
            if let last = bundles.last, last.id == id {
                problems.append(DocumentProblem(name: entry.name, id: id, reason: .duplicateNumber))
            } else {
                bundles.append(makeBundle(id: id, name: entry.name))
                kinds.append(entry.kind)
            }
        }
        problems.sort { $0.name < $1.name }
        return (bundles, kinds, problems)
    }

    /// The largest bundle number in use (0 when empty), counting every spelling and bad entry.
    func largestID(in rootDescriptor: Int32) throws -> Int {
        var largest = 0
        for name in try fileSystem.names(rootDescriptor, path: rootPath) {
            if case .bundle(let id) = BundleName.parse(name, configuration: configuration) { largest = max(largest, id) }
        }
        return largest
    }

    // MARK: Hidden working folders

    static let stagingPrefix = ".new-"
    static let trashPrefix = ".trash-"
    static let reservationPrefix = ".reserve-"

    /// A fresh hidden name of `kind`: `.new-PID-RANDOM` (the PID only helps a person reading).
    static func hiddenFolderName(kind: String, suffix: String = "") -> String {
        "\(kind)\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))\(suffix)"
    }
}
