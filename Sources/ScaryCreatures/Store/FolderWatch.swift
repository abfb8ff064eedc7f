import DocumentStore
import Foundation

/// Notices changes other processes make to the creatures (the CLI, another copy of the app,
/// other servers on the same bucket) through the folder's watch
/// (``DocumentStore/DocumentFolder/watch(_:_:)``: inotify on disk, listings of a bucket) and
/// feeds them into the database's ``CreatureChanges`` — and drops the cached thumbnail of every
/// creature that changed, so a photo replaced elsewhere is never served stale.
///
/// Each changed creature is read once, under a shared lock; ``CreatureChanges`` publishes only
/// what really differs from what it last saw, so this process's own writes are not published
/// twice. While the watch is behind (a listing failed) or could not watch everything, the
/// database's ``ChangeGeneration`` is not trusted, so nothing is cached.
public struct FolderWatch: Sendable {
    let database: ScaryCreatureDatabase
    /// In a bucket: how far the storage's clock may be from this machine's.
    let clockMargin: TimeInterval
    /// In a bucket: the time between full listings.
    let fullInterval: Duration
    /// In a bucket: how long after one writer told of a creature another's digest is not taken
    /// (nil: the servers' 15 s).
    let digestWindow: Duration?

    /// How often a watch of a bucket reads the other servers' change journals: another server's
    /// change is seen within this and one pass.
    public static let bucketPollInterval: Duration = .seconds(1)

    /// Creates a watch of `database`'s folder.
    public init(database: ScaryCreatureDatabase) {
        self.init(database: database, clockMargin: 5)
    }

    /// A watch that allows the storage's clock `clockMargin` seconds (tests: 0) and lists a
    /// bucket every `fullInterval` (tests: an hour, to follow by the journals alone).
    /// `digestWindow` (tests under load: a minute) is ``DocumentStore/BundleWatchSettings/digestWindow``.
    init(database: ScaryCreatureDatabase, clockMargin: TimeInterval, fullInterval: Duration = .seconds(60), digestWindow: Duration? = nil) {
        self.digestWindow = digestWindow
        self.database = database
        self.clockMargin = clockMargin
        self.fullInterval = fullInterval
    }

    /// Watches until the task is cancelled.
    ///
    /// In a bucket nothing is read at start (that would be two requests per creature): the
    /// creatures present are remembered as "state not read", so the first change another server
    /// makes to one is published both as `updated` and as `photo` — unless it wrote the data file
    /// alone and the journals vouch for its bytes (``refreshData(_:digests:)``): that is `updated`,
    /// at their digest. The first listing waits an interval and for the full listings being read
    /// (a server's first answers do not queue behind it, nor it behind them), and creatures it
    /// finds written since the watch began are published then, so a page that loaded before they
    /// were written still follows them.
    ///
    /// - Parameter onReady: called once every creature is watched (changes from then on are seen).
    /// - Throws: ``ScaryCreaturesError`` `.storage` if the watch cannot be set up.
    public func run(onReady: @escaping @Sendable () async -> Void = {}) async throws {
        let generation = database.generation
        defer { generation.watchStopped() }
        let listings = database.listingsInFlight
        var settings = BundleWatchSettings(pollInterval: Self.bucketPollInterval, fullInterval: fullInterval, clockMargin: clockMargin) {
            try? await listings.waitUntilNone(atMost: .seconds(30))
        }
        if let digestWindow { settings.digestWindow = digestWindow }
        do {
            try await database.folder.watch(settings) { event in
                switch event {
                case .ready(let existing, let readExisting, let recentlyChanged):
                    if readExisting {
                        await rememberStates(of: existing)
                    } else {
                        for id in existing { await database.changes.remember(id, state: Self.unreadState) }
                    }
                    await refresh(recentlyChanged)
                    generation.watchStarted()
                    await onReady()
                case .changed(let ids):
                    await refresh(ids)
                case .dataChanged(let ids, let digests):
                    await refreshData(ids, digests: digests)
                case .behind:
                    generation.watchStopped()  // others' changes go unseen until a pass works again
                case .caughtUp:
                    generation.watchStarted()
                case .incomplete:
                    generation.watchIncomplete()
                }
            }
        } catch let error as DocumentStoreError {
            throw ScaryCreaturesError(.storage, error.message)
        }
    }

    /// What a creature present at start is remembered as, where states are not read then: a
    /// state no creature has.
    static let unreadState = CreatureState(version: "", attachments: "not read")

    /// Reads the state of every creature in `ids`, 64 at a time, so the change stream can tell
    /// an update from a creation (10,000 creatures: well under a second).
    private func rememberStates(of ids: [Int]) async {
        let database = self.database
        var start = 0
        while start < ids.count, !Task.isCancelled {
            let batch = ids[start..<min(start + 64, ids.count)]
            start = batch.endIndex
            let states = await withTaskGroup(of: (Int, CreatureState?).self) { group in
                for id in batch {
                    group.addTask { (id, (try? await database.folder.read(id) { try $0.creatureState() }) ?? nil) }
                }
                return await group.reduce(into: [(Int, CreatureState?)]()) { $0.append($1) }
            }
            for case let (id, state?) in states { await database.changes.remember(id, state: state) }
        }
    }

    /// How many changed creatures are read at once (half the storage client's connections,
    /// so requests are never starved of them): after a burst on other servers, this
    /// server's share of a busy storage grows with the reads it has in flight, so it keeps up
    /// with the burst instead of publishing it seconds late.
    static let concurrentRefreshes = 16

    /// Reads the creatures `ids` as they are now, ``concurrentRefreshes`` at a time, and tells
    /// the change stream of each.
    func refresh(_ ids: [Int]) async {
        _ = try? await concurrentlyMapped(ids, atMost: Self.concurrentRefreshes) { id in await refresh(id) }
    }

    /// Tells the change stream of each creature in `ids` whose data file alone was written: its
    /// version is the digest the journals gave (`digests`: the data file's bytes' hash, which
    /// is what a version is), or else its data file is read again, ``concurrentRefreshes`` at a
    /// time. The photo is as it was — for a creature not read yet (present at start), still
    /// "not read": so the first edits another server makes to the creatures present cost no
    /// read either (after a restart, a storm of them on other servers would otherwise be two
    /// requests each, and every change in a pass would wait for them).
    func refreshData(_ ids: [Int], digests: [Int: String] = [:]) async {
        var unread: [Int] = []
        for id in ids {
            guard let digest = digests[id], CreatureVersion.hash(of: digest) != nil,
                  let known = await database.changes.state(of: id) else {
                unread.append(id)
                continue
            }
            database.generation.advance()
            await database.changes.observe(id, state: CreatureState(version: digest, attachments: known.attachments))
        }
        _ = try? await concurrentlyMapped(unread, atMost: Self.concurrentRefreshes) { id in await refreshData(id) }
    }

    /// Creature `id`'s new version, from its data file alone (one request in a bucket) where its
    /// photo is known; otherwise (not read yet, or the file gone) the whole creature is read.
    func refreshData(_ id: Int) async {
        database.generation.advance()
        guard let known = await database.changes.state(of: id), known != Self.unreadState,
              let bytes = try? await database.folder.readData(of: id) else {
            await refresh(id)
            return
        }
        await database.changes.observe(id, state: CreatureState(version: CreatureVersion.of(bytes), attachments: known.attachments))
    }

    /// Reads creature `id` as it is now and tells the change stream.
    func refresh(_ id: Int) async {
        database.generation.advance()
        await database.thumbnails.invalidate(id)
        let state: CreatureState?
        do {
            state = try await database.folder.read(id) { try $0.creatureState() }
        } catch {
            state = nil  // gone, or unreadable: either way not a creature any more
        }
        await database.changes.observe(id, state: state)
    }
}
