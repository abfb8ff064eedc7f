import DocumentStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Notices changes other processes make to the data folder (the CLI, another copy of the app)
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

    /// Creates a watch of `database`'s folder.
    public init(database: ScaryCreatureDatabase) {
        self.database = database
    }

    /// Watches until the task is cancelled.
    ///
    /// - Parameter onReady: called once every bundle is watched (changes from then on are seen).
    /// - Throws: ``ScaryCreaturesError`` `.storage` if inotify is not available.
    public func run(onReady: @Sendable () async -> Void = {}) async throws {
        let notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard notify >= 0 else {
            throw ScaryCreaturesError(.storage, "cannot watch the data folder: \(String(cString: strerror(errno)))")
        }
        defer { close(notify) }
        let watches = WatchTable(descriptor: notify, root: database.root.path, configuration: database.layout.folder)
        guard watches.watchRoot() else {
            throw ScaryCreaturesError(.storage, "cannot watch the data folder \(database.root.path): \(String(cString: strerror(errno)))")
        }
        let (creatures, _) = try await database.list()
        for creature in creatures {
            watches.watchBundle(id: creature.id)
            if let state = try? await database.folder.read(creature.id, { try $0.creatureState() }) {
                await database.changes.remember(id: creature.id, state: state)
            }
        }
        await onReady()
        while !Task.isCancelled {
            let ids = try await database.folder.pool.run { watches.waitForChanges(milliseconds: 250) }
            for id in ids.sorted() { await refresh(id) }
        }
    }

    /// Reads creature `id` as it is now and tells the change stream.
    private func refresh(_ id: Int) async {
        await database.thumbnails.invalidate(id)
        let state: CreatureState?
        do {
            state = try await database.folder.read(id) { try $0.creatureState() }
        } catch {
            state = nil  // gone, or unreadable: either way not a creature any more
        }
        await database.changes.observe(id: id, state: state)
    }
}

/// The inotify watches of one data folder and what each one is.
///
/// `@unchecked Sendable`: it is used by one watch loop, one blocking-pool job at a time.
private final class WatchTable: @unchecked Sendable {
    let descriptor: Int32
    let root: String
    let configuration: DocumentFolderConfiguration
    private var rootWatch: Int32 = -1
    private var bundles: [Int32: Int] = [:]
    private var watched: [Int: Int32] = [:]

    init(descriptor: Int32, root: String, configuration: DocumentFolderConfiguration) {
        self.descriptor = descriptor
        self.root = root
        self.configuration = configuration
    }

    func watchRoot() -> Bool {
        rootWatch = inotify_add_watch(descriptor, root, UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR))
        return rootWatch >= 0
    }

    func watchBundle(id: Int) {
        guard watched[id] == nil else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ONLYDIR | IN_DONT_FOLLOW)
        let watch = inotify_add_watch(descriptor, root + "/" + configuration.bundleName(for: id), mask)
        guard watch >= 0 else { return }  // gone already, or out of watches: the root watch still sees it come and go
        bundles[watch] = id
        watched[id] = watch
    }

    /// Waits up to `milliseconds` for events, gathers what follows for 50 ms more, and returns
    /// the creatures they touched.
    func waitForChanges(milliseconds: Int32) -> Set<Int> {
        var ids = Set<Int>()
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return ids }
        repeat {
            drain(into: &ids)
            poller.revents = 0
        } while poll(&poller, 1, 50) > 0
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
            ids.formUnion(watched.keys)  // events were lost: look at everything
            return
        }
        if event.wd == rootWatch {
            guard let id = configuration.bundleID(fromName: name) else { return }
            ids.insert(id)
            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                watchBundle(id: id)
            } else if let watch = watched.removeValue(forKey: id) {
                inotify_rm_watch(descriptor, watch)
                bundles[watch] = nil
            }
        } else if let id = bundles[event.wd] {
            if event.mask & UInt32(IN_IGNORED) != 0 {
                bundles[event.wd] = nil
                if watched[id] == event.wd { watched[id] = nil }
            }
            ids.insert(id)
        }
    }
}
