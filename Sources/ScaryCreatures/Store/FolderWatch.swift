import DocumentStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Notices changes other processes make to the data folder (the CLI, another copy of the app,
/// other servers on the same bucket)
/// and feeds them into the database's ``CreatureChanges`` — and drops the cached thumbnail of
/// every creature that changed, so a photo replaced elsewhere is never served stale.
///
/// Uses inotify: one watch on the data folder (bundles appearing and disappearing) and one on
/// each bundle (its files replaced). Events are gathered for a moment and each changed
/// creature is read once, under a shared lock; ``CreatureChanges`` publishes only what really
/// differs from what it last saw, so this process's own writes are not published twice. The
/// waiting runs on the store's blocking pool, a quarter second at a time.
public struct FolderWatch: Sendable {
    let database: ScaryCreatureDatabase
    /// In a bucket: how far the storage's clock may be from this machine's (see ``run(polling:onReady:)``).
    let clockMargin: TimeInterval

    /// Creates a watch of `database`'s folder.
    public init(database: ScaryCreatureDatabase) {
        self.init(database: database, clockMargin: 5)
    }

    /// A watch that allows the storage's clock `clockMargin` seconds (tests: 0).
    init(database: ScaryCreatureDatabase, clockMargin: TimeInterval) {
        self.database = database
        self.clockMargin = clockMargin
    }

    /// Watches until the task is cancelled.
    ///
    /// - Parameter onReady: called once every bundle is watched (changes from then on are seen).
    /// - Throws: ``ScaryCreaturesError`` `.storage` if inotify is not available.
    public func run(onReady: @Sendable () async -> Void = {}) async throws {
        if let bucket = database.folder.bucket { return try await run(polling: bucket, onReady: onReady) }
        let notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard notify >= 0 else {
            throw ScaryCreaturesError(.storage, "cannot watch the data folder: \(String(cString: strerror(errno)))")
        }
        defer { close(notify) }
        let generation = database.generation
        defer { generation.watchStopped() }
        let folder = database.folder
        let watches = WatchTable(
            descriptor: notify, root: database.root.path, configuration: database.layout.folder, generation: generation,
            isOwnTemporary: { folder.isOwnTemporary($0) }
        )
        guard watches.watchRoot() else {
            throw ScaryCreaturesError(.storage, "cannot watch the data folder \(database.root.path): \(String(cString: strerror(errno)))")
        }
        let ids = try await database.folder.pool.run { try watches.watchExistingBundles() }
        try await rememberStates(of: ids.sorted())
        generation.watchStarted()
        await onReady()
        while !Task.isCancelled {
            let ids = try await database.folder.pool.run { watches.waitForChanges(milliseconds: 250) }
            for id in ids.sorted() { await refresh(id) }
        }
    }

    /// Reads the state of every creature in `ids`, 64 at a time, so the change stream can tell
    /// an update from a creation (10,000 creatures: well under a second).
    private func rememberStates(of ids: [Int]) async throws {
        let database = self.database
        var start = 0
        while start < ids.count {
            try Task.checkCancellation()
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

/// The inotify watches of one data folder and what each one is.
///
/// `@unchecked Sendable`: it is used by one watch loop, one blocking-pool job at a time.
private final class WatchTable: @unchecked Sendable {
    let descriptor: Int32
    let root: String
    let configuration: DocumentFolderConfiguration
    let generation: ChangeGeneration
    private var rootWatch: Int32 = -1
    /// Each bundle watch's creature and the bundle's name.
    private var bundles: [Int32: (id: Int, name: String)] = [:]
    /// The watch of each bundle, by name.
    private var watched: [String: Int32] = [:]
    /// Whether a name is a temporary file of the database's own store.
    let isOwnTemporary: @Sendable (String) -> Bool
    /// The rename cookies of the store's temporary files moved into place, until seen.
    private var ownRenames = Set<UInt32>()
    /// Files the store's writes just moved into place, by watch and name, with how many closes
    /// of them are still to come: the writer closes its file after the rename, so the close is
    /// reported under the final name.
    private var ownCloses: [OwnFile: Int] = [:]

    private struct OwnFile: Hashable {
        var watch: Int32
        var name: String
    }

    init(
        descriptor: Int32, root: String, configuration: DocumentFolderConfiguration, generation: ChangeGeneration,
        isOwnTemporary: @escaping @Sendable (String) -> Bool
    ) {
        self.descriptor = descriptor
        self.root = root
        self.configuration = configuration
        self.generation = generation
        self.isOwnTemporary = isOwnTemporary
    }

    func watchRoot() -> Bool {
        rootWatch = inotify_add_watch(descriptor, root, UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR))
        return rootWatch >= 0
    }

    /// Watches every bundle in the folder now, under the name it has (a 2010 folder may spell
    /// them differently); returns their creatures' ids.
    func watchExistingBundles() throws -> Set<Int> {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root)
        } catch {
            throw ScaryCreaturesError(.storage, "cannot read the data folder \(root): \(error.localizedDescription)")
        }
        var ids = Set<Int>()
        for name in names {
            guard let id = configuration.bundleID(fromName: name) else { continue }
            watchBundle(id: id, name: name)
            ids.insert(id)
        }
        return ids
    }

    func watchBundle(id: Int, name: String) {
        guard watched[name] == nil else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ONLYDIR | IN_DONT_FOLLOW)
        let watch = inotify_add_watch(descriptor, root + "/" + name, mask)
        guard watch >= 0 else {
            // Gone already: the root watch saw it go. Out of watches: its edits would go unseen.
            if errno != ENOENT && errno != ENOTDIR { generation.watchIncomplete() }
            return
        }
        bundles[watch] = (id, name)
        watched[name] = watch
    }

    /// Waits up to `milliseconds` for events, gathers what follows for up to 50 ms more (at
    /// most 200 ms in all, so a steady stream of changes is still reported), and returns the
    /// creatures they touched.
    func waitForChanges(milliseconds: Int32) -> Set<Int> {
        var ids = Set<Int>()
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return ids }
        var rounds = 0
        repeat {
            drain(into: &ids)
            poller.revents = 0
            rounds += 1
        } while rounds < 4 && poll(&poller, 1, 50) > 0
        return ids
    }

    private func drain(into ids: inout Set<Int>) {
        let size = 64 << 10
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                let length = Int(event.len)
                let name = length > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                handle(event, name: name, into: &ids)
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }

    private func handle(_ event: inotify_event, name: String, into ids: inout Set<Int>) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: look at everything watched; bundles made meanwhile are not
            // watched, so caches can no longer trust the generation.
            generation.watchIncomplete()
            ids.formUnion(bundles.values.map(\.id))
            return
        }
        if event.wd == rootWatch {
            guard let id = configuration.bundleID(fromName: name) else { return }
            ids.insert(id)
            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                watchBundle(id: id, name: name)
            } else if let watch = watched.removeValue(forKey: name) {
                inotify_rm_watch(descriptor, watch)
                bundles[watch] = nil
            }
        } else if let (id, bundle) = bundles[event.wd] {
            if event.mask & UInt32(IN_IGNORED) != 0 {
                bundles[event.wd] = nil
                if watched[bundle] == event.wd { watched[bundle] = nil }
            }
            if isOwnWrite(event, name: name) { return }
            ids.insert(id)
        }
    }

    /// Whether the event is a step of a durable write the database's own store made (its
    /// temporary file, that file's rename into place, and its close under the new name): the
    /// database has already published those changes, so reading the bundle again would only
    /// repeat work (and drop its cached thumbnail for nothing).
    ///
    /// A close under a final name is taken as the store's only as often as the store's renames
    /// put a file there; a close by another writer then still makes the bundle read, at the
    /// latest at the store's close that follows.
    private func isOwnWrite(_ event: inotify_event, name: String) -> Bool {
        if isOwnTemporary(name) {
            if event.mask & UInt32(IN_MOVED_FROM) != 0 {
                if ownRenames.count > 4096 { ownRenames.removeAll() }  // never more than a few in flight
                ownRenames.insert(event.cookie)
            }
            return true
        }
        let file = OwnFile(watch: event.wd, name: name)
        if event.mask & UInt32(IN_MOVED_TO) != 0 && ownRenames.remove(event.cookie) != nil {
            if ownCloses.count > 4096 { ownCloses.removeAll() }  // a lost close costs one read, no more
            ownCloses[file, default: 0] += 1
            return true
        }
        if event.mask & UInt32(IN_CLOSE_WRITE) != 0, let pending = ownCloses[file] {
            ownCloses[file] = pending > 1 ? pending - 1 : nil
            return true
        }
        return false
    }
}
