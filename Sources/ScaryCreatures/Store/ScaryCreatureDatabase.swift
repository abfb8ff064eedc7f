import DocumentStore
import Foundation
import Imaging
import KeyedArchive
import Synchronization

/// The `PrivateDocuments` folder: every creature, one bundle each. Lists, creates, updates and
/// deletes creatures by the app's rules; every change is durable before it returns.
///
/// Opens both original layouts (see ``CreatureLayout``); new creatures in a 2010 folder are
/// written the 2010 way so that app still opens them. Thumbnails are kept in a memory cache
/// within a byte budget; full photos are never cached.
public final class ScaryCreatureDatabase: Sendable {
    /// The data folder, or the bucket's `s3://BUCKET/PREFIX/`.
    public let root: URL
    /// Its layout.
    public let layout: CreatureLayout
    let folder: DocumentFolder
    /// The storage's blobs (the folder's files, or the objects under the bucket's prefix), as
    /// a server's readiness probe asks them.
    public var blobs: any BlobStore { folder.blobs }
    let thumbnailer: Thumbnailer
    /// Decoded thumbnails by creature id.
    public let thumbnails: MemoryCache<Int, Data>
    /// Every change to the folder: this database's own writes, and (while a ``FolderWatch``
    /// runs) those of other processes.
    public let changes = CreatureChanges()
    /// The server's claim on the folder, once ``claimForServer()`` has taken it.
    let serverLock = Mutex<FolderLock?>(nil)
    /// Moves on with every change to the folder, for caches of what was read from it.
    public let generation = ChangeGeneration()
    /// The last full listing, while the generation it was read at is current.
    let listingCache = ListingCache()
    /// The full listings being read now (a bucket's watch starts after the first ones).
    let listingsInFlight = ListingsInFlight()
    /// The one full listing read at a time, shared by every caller that needs it, and finished
    /// (its summary written) whoever stops waiting for it.
    let listingRun = SharedRun<UInt64?, ListingCache.Listing>()
    /// Whether a full listing has ended well since the database was opened.
    private let listedOnce = Atomic<Bool>(false)
    /// The creatures this database changed since it was opened; nil after a change it cannot
    /// name (a repair) or more than ``warmListingMostOwnChanges`` of them.
    private let ownChanges = Mutex<Set<Int>?>([])
    /// Why the last full listing failed, while none has ended well since.
    private let listingFailure = Mutex<String?>(nil)

    /// How long a request waits for a listing being read before it is answered "not yet" (503
    /// with `Retry-After`; the listing goes on): a load balancer's client gives up after a
    /// second or two, and a first listing of a large bucket can take longer than that (10 s
    /// unless the server says otherwise).
    public let requestListingWait: Duration

    private init(root: URL, layout: CreatureLayout, folder: DocumentFolder, thumbnailer: Thumbnailer, cacheBudget: Int, requestListingWait: Duration) {
        self.requestListingWait = requestListingWait
        self.root = root
        self.layout = layout
        self.folder = folder
        self.thumbnailer = thumbnailer
        thumbnails = MemoryCache(budget: cacheBudget)
    }

    /// Opens the data folder at `root`: ``open(storage:layout:readOnly:cacheBudget:limits:writer:requestListingWait:)``
    /// of a folder.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.noDataFolder`, `.storage`.
    public static func open(
        at root: URL, layout: CreatureLayout? = nil, readOnly: Bool = false, cacheBudget: Int = 16 << 20,
        limits: ImageLimits = .default, writer: DurableFileWriter = .system
    ) async throws -> ScaryCreatureDatabase {
        try await open(storage: .folder(root), layout: layout, readOnly: readOnly, cacheBudget: cacheBudget, limits: limits, writer: writer)
    }

    /// Opens the database in `storage` (a data folder, or the creatures under a bucket's prefix
    /// laid out as in a folder, ``DocumentStore/DocumentFolder/init(bucket:configuration:pool:)``,
    /// which many servers may share): for writing, creating a folder if needed and cleaning up
    /// after crashes (a bucket has nothing to clean); read-only, changing nothing at all.
    ///
    /// - Parameters:
    ///   - layout: nil to detect it from what is stored.
    ///   - readOnly: the caller will only read: a folder must exist (it is never created) and
    ///     no creature in it is touched — leftovers of crashed writes are invisible to readers and
    ///     are cleaned by the next writer. Only the listing summary, a cache, may be refreshed
    ///     (see ``list(waitingAtMost:)``).
    ///   - cacheBudget: bytes of thumbnails kept in memory (16 MiB by default).
    ///   - limits: what photos may be.
    ///   - writer: writes a folder's files (a bucket's objects are written by requests).
    ///   - requestListingWait: how long a request waits for a listing being read
    ///     (``requestListingWait``).
    /// - Throws: ``ScaryCreaturesError`` `.noDataFolder` when a read-only open finds no folder,
    ///   `.storage` if the folder cannot be created or read.
    public static func open(
        storage: Storage, layout: CreatureLayout? = nil, readOnly: Bool = false, cacheBudget: Int = 16 << 20,
        limits: ImageLimits = .default, writer: DurableFileWriter = .system, requestListingWait: Duration = .seconds(10)
    ) async throws -> ScaryCreatureDatabase {
        let storage = storage.forOwnStore()
        let blobs = storage.blobs(writer: writer)
        if readOnly, !((try? await blobs.exists()) ?? false) {
            throw ScaryCreaturesError(.noDataFolder, "there is no data folder at \(blobs.description)")
        }
        let found: CreatureLayout
        if let layout { found = layout } else { found = try await CreatureLayout.detect(in: blobs) }
        let folder = DocumentFolder(storage: storage, configuration: found.folder, writer: writer)
        if !readOnly { _ = try await mapErrors { try await folder.open(cleaning: .everything) } }
        return ScaryCreatureDatabase(
            root: folder.root, layout: found, folder: folder, thumbnailer: Thumbnailer(limits: limits), cacheBudget: cacheBudget,
            requestListingWait: requestListingWait
        )
    }

    /// The per-user default: `$XDG_DATA_HOME/scary-creatures/PrivateDocuments`, or
    /// `~/.local/share/scary-creatures/PrivateDocuments`.
    public static var defaultDataFolder: URL {
        UserDataFolder.url(app: "scary-creatures", folder: "PrivateDocuments")
    }

    // MARK: Listing

    /// Every creature, in id order, with titles and ratings (no photo is read), and the bundles
    /// that could not be read, with reasons.
    ///
    /// While a ``FolderWatch`` covers the folder, the listing is read once per change (see
    /// ``ChangeGeneration``) and kept in memory until the next one. Between processes, the
    /// folder's listing summary (`.listing-summary`, see ``CreatureListingRecord``) spares
    /// reading the creatures whose data files have not changed; it is checked against each
    /// data file's `stat`, never trusted, and refreshed when the folder can be written (also
    /// by a read-only open: it is a cache the original apps ignore).
    ///
    /// One listing is read at a time (``SharedRun``): callers at the same generation share it,
    /// and it runs to its end — its summary written, its result kept — even when every caller
    /// has stopped waiting.
    ///
    /// - Parameters:
    ///   - limit: how long to wait for a listing being read (nil: as long as it takes).
    ///   - fromSummary: a server's requests. In a bucket, until the first full listing has
    ///     ended and whenever no watch makes the generation current (a server's watch starts
    ///     after that listing, and no full listing can be kept meanwhile), the answer comes from
    ///     the listing summary — which each full listing that found a change rewrites — and the
    ///     writers' change journals (``DocumentStore/DocumentFolder/listFromSummary(decode:summary:)``),
    ///     with every creature this database changed read again, when that can be had within
    ///     `limit` (100,000 creatures: a few requests instead of a listing's seconds). The first
    ///     full listing goes on meanwhile; what no journal tells (other programs' writes,
    ///     bundles that cannot be read) shows once it has ended.
    /// - Throws: ``ScaryCreaturesError`` `.unavailable` when the listing did not end within
    ///   `limit` (it goes on, for the next caller); the listing's own errors.
    public func list(
        waitingAtMost limit: Duration? = nil, fromSummary: Bool = false
    ) async throws -> (creatures: [ScaryCreatureDoc], problems: [DocumentProblem]) {
        let started = generation.current
        if let started, let kept = listingCache.listing(at: started) { return docs(of: kept) }
        let deadline = limit.map { ContinuousClock.now + $0 }
        let listedBefore = listedOnce.load(ordering: .acquiring)
        if fromSummary, started == nil || !listedBefore {
            // The first full listing starts at once; the list from the summary gets the time
            // the caller waits (its storage may be as slow as the listing's).
            if !listedBefore { _ = try? await listingRun.value(for: started, waitingAtMost: .zero) { [self] in try await fullListing(at: started) } }
            if let warm = await warmListing(until: deadline) { return docs(of: warm) }
        }
        let left = deadline.map { max(.zero, $0 - ContinuousClock.now) }
        let listing = try await listingRun.value(for: started, waitingAtMost: left) { [self] in try await fullListing(at: started) }
        guard let listing else {
            throw ScaryCreaturesError(
                .unavailable, "the creatures are still being read from storage (a first listing of a large bucket takes a while); ask again in a few seconds"
            )
        }
        return docs(of: listing)
    }

    /// A full listing, begun at generation `started`: kept when that generation is current.
    private func fullListing(at started: UInt64?) async throws -> ListingCache.Listing {
        let read: DocumentListing<(data: ScaryCreatureData, version: String)>
        do {
            read = try await listingsInFlight.counting {
                try await Self.mapErrors { try await folder.list(decode: Self.decodeVersioned, summary: CreatureListingRecord.format) }
            }
        } catch {
            listingFailure.withLock { $0 = (error as? ScaryCreaturesError)?.message ?? String(describing: error) }
            throw error
        }
        let listing = ListingCache.Listing(
            generation: started ?? 0,
            creatures: read.documents.map { ($0.bundle.id, $0.value.data, $0.value.version) },
            problems: read.problems
        )
        if started != nil { listingCache.keep(listing) }  // tagged with the generation it began at
        listedOnce.store(true, ordering: .releasing)
        return listing
    }

    /// ``warmListing()``, given up (nil) at `deadline` if it has not come by then.
    private func warmListing(until deadline: ContinuousClock.Instant?) async -> ListingCache.Listing? {
        guard let deadline else { return await warmListing() }
        return await withTaskGroup(of: ListingCache.Listing?.self) { group in
            group.addTask { await self.warmListing() }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// The listing from the bucket's summary and journals, with the creatures this database
    /// changed read again (at most 1,000 of them); nil when it cannot be had.
    private func warmListing() async -> ListingCache.Listing? {
        guard let own = ownChanges.withLock({ $0 }),
              let read = await folder.listFromSummary(decode: Self.decodeVersioned, summary: CreatureListingRecord.format)
        else { return nil }
        var creatures = read.documents.filter { !own.contains($0.bundle.id) }.map { (id: $0.bundle.id, data: $0.value.data, version: $0.value.version) }
        let folder = self.folder
        let reread = try? await concurrentlyMapped(own, atMost: 16) { id -> (Int, (data: ScaryCreatureData, version: String)?) in
            do {
                return (id, try await folder.loadData(of: id, decode: Self.decodeVersioned))
            } catch let error as DocumentStoreError where error.code == .notFound {
                return (id, nil)
            }
        }
        guard let reread else { return nil }
        for case let (id, value?) in reread { creatures.append((id: id, data: value.data, version: value.version)) }
        creatures.sort { $0.id < $1.id }
        return ListingCache.Listing(generation: 0, creatures: creatures, problems: read.problems.filter { $0.id.map { !own.contains($0) } ?? true })
    }

    /// Records that this database changed creature `id` (nil: something it cannot name, such
    /// as a repair): a listing from the summary reads it again (or is no longer taken).
    func noteOwnChange(_ id: Int?) {
        ownChanges.withLock { own in
            guard let id else { return own = nil }
            own?.insert(id)
            if let count = own?.count, count > Self.warmListingMostOwnChanges { own = nil }
        }
    }

    /// The most creatures this database may have changed for a listing from the summary to be
    /// taken (each is read again).
    static let warmListingMostOwnChanges = 1_000

    /// Nil once a full listing has been read since the database was opened (from then on a
    /// list is answered from memory or from a listing of the changes); before that, why not:
    /// the first listing is being read, or the last one failed. Asking starts the listing when
    /// none is being read (again, after a failure), without waiting for it.
    public func firstListingPending() async -> String? {
        if listedOnce.load(ordering: .acquiring) { return nil }
        _ = try? await list(waitingAtMost: .zero)
        if listedOnce.load(ordering: .acquiring) { return nil }
        if let failure = listingFailure.withLock({ $0 }) {
            return "the last listing of the creatures failed (\(failure)); it is being read again"
        }
        return "the creatures are still being read from storage (a first listing)"
    }

    /// Cancels the storage work no request waits for any more: the listing being read and a
    /// bucket's listing of creature numbers. A server calls it as it stops, once its requests
    /// are answered or its grace period has passed.
    public func stopStorageWork() {
        listingRun.cancel()
        folder.stopSharedWork()
    }

    private func docs(of listing: ListingCache.Listing) -> (creatures: [ScaryCreatureDoc], problems: [DocumentProblem]) {
        (listing.creatures.map { ScaryCreatureDoc(id: $0.id, data: $0.data, version: $0.version, database: self) }, listing.problems)
    }

    /// The creature numbered `id`.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.notFound`, or `.corrupt` naming what is wrong.
    public func creature(_ id: Int) async throws -> ScaryCreatureDoc {
        let found = try await Self.mapErrors(id: id) { try await folder.loadData(of: id, decode: Self.decodeVersioned) }
        return ScaryCreatureDoc(id: id, data: found.data, version: found.version, database: self)
    }

    /// A data file's creature and version.
    @Sendable static func decodeVersioned(_ bytes: Data) throws -> (data: ScaryCreatureData, version: String) {
        (try CreatureLayout.decode(bytes), CreatureVersion.of(bytes))
    }

    // MARK: Changing

    /// Adds a creature, checking the title, the rating and the photo before anything is written;
    /// the bundle appears complete (data, photo and thumbnail) or not at all.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidTitle`, `.invalidRating`, `.invalidImage`, `.storage`.
    public func add(title: String, rating: Double = 0, image: Data? = nil) async throws -> ScaryCreatureDoc {
        defer { generation.advance() }
        var data = ScaryCreatureData(title: try CreatureRules.title(title), rating: try CreatureRules.rating(rating))
        data.recordChange(ChangeRecord.created, by: ChangeAuthor.person, at: Date())
        var attachments: [String: Data] = [:]
        if let image {
            let photo = try await preparePhoto(image)
            attachments[photo.fullName] = image
            attachments[layout.thumbnailName] = photo.thumbnail
        }
        let archive = try layout.encode(data)
        let bundle = try await Self.mapErrors { try await folder.create(data: archive, attachments: attachments) }
        await thumbnails.invalidate(bundle.id)  // a deleted creature's thumbnail must not come back under its number
        await publish(.created, id: bundle.id)
        return ScaryCreatureDoc(id: bundle.id, data: data, version: CreatureVersion.of(archive), database: self)
    }

    /// Renames creature `id`, keeping everything else in its data (unknown keys included).
    ///
    /// - Parameter ifVersion: change it only if its version is still this one.
    /// - Throws: ``ScaryCreaturesError`` `.invalidTitle`, `.notFound`, `.versionMismatch`,
    ///   `.corrupt`, `.storage`.
    public func rename(_ id: Int, to title: String, ifVersion: String? = nil) async throws -> ScaryCreatureDoc {
        try await update(id, title: title, ifVersion: ifVersion)
    }

    /// Rates creature `id`.
    ///
    /// - Parameter ifVersion: change it only if its version is still this one.
    /// - Throws: ``ScaryCreaturesError`` `.invalidRating`, `.notFound`, `.versionMismatch`,
    ///   `.corrupt`, `.storage`.
    public func rate(_ id: Int, _ rating: Double, ifVersion: String? = nil) async throws -> ScaryCreatureDoc {
        try await update(id, rating: rating, ifVersion: ifVersion)
    }

    /// Changes the title and/or the rating of creature `id` in one durable write, checking both
    /// before anything is written; nil leaves a field as it is. A change of either joins the
    /// creature's history under ``DocumentStore/ChangeAuthor/person``.
    ///
    /// - Parameter ifVersion: change it only if its version is still this one (checked under the
    ///   creature's lock, so two editors cannot both win).
    /// - Throws: ``ScaryCreaturesError`` `.invalidTitle`, `.invalidRating`, `.notFound`,
    ///   `.versionMismatch`, `.corrupt`, `.storage`.
    public func update(_ id: Int, title: String? = nil, rating: Double? = nil, ifVersion: String? = nil) async throws -> ScaryCreatureDoc {
        defer {
            noteOwnChange(id)
            generation.advance()
        }
        let title = try title.map(CreatureRules.title)
        let rating = try rating.map(CreatureRules.rating)
        let layout = self.layout
        let (person, date) = (ChangeAuthor.person, Date())
        let (data, state) = try await Self.mapErrors(id: id) {
            try await folder.edit(id) { editor in
                guard let bytes = try editor.readData() else {
                    throw ScaryCreaturesError(.corrupt, "creature \(id) has no data file")
                }
                if let ifVersion, ifVersion != CreatureVersion.of(bytes) {
                    throw ScaryCreaturesError(.versionMismatch, "creature \(id) was changed by someone else; reload it and try again")
                }
                var data = try CreatureLayout.decode(bytes)
                try Self.requireKnownModel(data, id: id)
                let old = data
                if let title { data.title = title }
                if let rating { data.rating = rating }
                data.recordChange(from: old, by: person, at: date)
                let encoded = try layout.encode(data)
                try editor.writeData(encoded)
                // The state it left, read while the lock is still held (no second visit).
                return (data, try editor.creatureState(data: encoded))
            }
        }
        // Lists cached before the change are stale before anyone hears of it: a page that reloads
        // its list on the event must not get the old one.
        noteOwnChange(id)
        generation.advance()
        await changes.publish(.updated, subject: id, state: state)
        return ScaryCreatureDoc(id: id, data: data, version: state.version, database: self)
    }

    /// Deletes creature `id` and its photos.
    ///
    /// - Parameter ifVersion: delete it only if its version is still this one.
    /// - Throws: ``ScaryCreaturesError`` `.notFound`, `.versionMismatch`, `.storage`.
    public func delete(_ id: Int, ifVersion: String? = nil) async throws {
        defer { generation.advance() }
        var check: (@Sendable (Data?) throws -> Void)?
        if let expected = ifVersion {
            check = { @Sendable (bytes: Data?) throws -> Void in
                // Checked under the lock the delete holds: no edit can slip in between.
                guard bytes.map(CreatureVersion.of) == expected else {
                    throw ScaryCreaturesError(.versionMismatch, "creature \(id) was changed by someone else; reload it and try again")
                }
                try Self.requireKnownModel(bytes, id: id)
            }
        } else if let data = try? await folder.loadData(of: id, decode: CreatureLayout.decode) {
            // Data that cannot be read is deleted as before (check --repair's way out).
            try Self.requireKnownModel(data, id: id)
        }
        let precondition = check
        try await invalidatingThumbnail(of: id) {
            try await Self.mapErrors(id: id) { try await folder.delete(id, precondition: precondition) }
        }
        generation.advance()  // before the event, as in update(_:title:rating:ifVersion:)
        await changes.publish(.deleted, subject: id, state: nil)
    }

    /// Publishes a change this database made to creature `id`, with the state it left (read
    /// back under a shared lock; a creature gone meanwhile is published as it is).
    func publish(_ kind: CreatureChanges.Kind, id: Int) async {
        noteOwnChange(id)
        generation.advance()
        let state = try? await folder.read(id) { try $0.creatureState() }
        await changes.publish(kind, subject: id, state: state ?? nil)
    }

    // MARK: Errors

    /// Refuses a change to creature `id` whose data was written by a newer model version.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.newerModel` naming both versions.
    static func requireKnownModel(_ data: ScaryCreatureData, id: Int) throws {
        let versions = ScaryCreatureData.modelVersions
        guard versions.status(of: data.modelVersion) == .newer else { return }
        let refusal = versions.newerModelError(document: "the Data.plist of creature \(id)", writtenBy: data.modelVersion)
        throw ScaryCreaturesError(.newerModel, "\(refusal.message); nothing was changed")
    }

    /// ``requireKnownModel(_:id:)`` for a data file's bytes (nil or unreadable bytes pass: the
    /// change itself reports those).
    static func requireKnownModel(_ bytes: Data?, id: Int) throws {
        guard let bytes, let data = try? CreatureLayout.decode(bytes) else { return }
        try requireKnownModel(data, id: id)
    }

    /// Runs `body`, turning store, archive and imaging errors into ``ScaryCreaturesError``s.
    static func mapErrors<Result>(id: Int? = nil, _ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as ScaryCreaturesError {
            throw error
        } catch let error as DocumentStoreError {
            switch error.code {
            case .notFound where id != nil:
                throw ScaryCreaturesError(.notFound, "there is no creature \(id ?? 0)")
            case .corrupt:
                throw ScaryCreaturesError(.corrupt, error.message)
            case .invalidName where id != nil:
                throw ScaryCreaturesError(.notFound, "there is no creature \(id ?? 0): \(error.message)")
            case .unsupportedFileType:
                throw ScaryCreaturesError(.corrupt, error.message)
            case .unavailable, .conflict:
                throw ScaryCreaturesError(.unavailable, error.message)
            default:
                throw ScaryCreaturesError(.storage, error.message)
            }
        } catch let error as ArchiveError {
            let which = id.map { "creature \($0)" } ?? "a creature"
            throw ScaryCreaturesError(.corrupt, "the data of \(which) cannot be read: \(error.message)")
        } catch let error as ImagingError {
            throw ScaryCreaturesError(.invalidImage, error.message)
        }
    }
}
