import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The inotify watches of one data folder and what each one is.
///
/// `@unchecked Sendable`: it is used by one watch loop, one blocking-pool job at a time.
final class InotifyWatchTable: @unchecked Sendable {
    let descriptor: Int32
    let root: String
    let configuration: DocumentFolderConfiguration
    /// Whether a bundle could not be watched or events were lost since this was last asked.
    private var lost = false
    private var rootWatch: Int32 = -1
    /// Each bundle watch's bundle id and name.
    private var bundles: [Int32: (id: Int, name: String)] = [:]
    /// The watch of each bundle, by name.
    private var watched: [String: Int32] = [:]
    /// Whether a name is a temporary file of the folder's own store.
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
        descriptor: Int32, root: String, configuration: DocumentFolderConfiguration,
        isOwnTemporary: @escaping @Sendable (String) -> Bool
    ) {
        self.descriptor = descriptor
        self.root = root
        self.configuration = configuration
        self.isOwnTemporary = isOwnTemporary
    }

    /// Whether a bundle could not be watched, or events were lost, since the last call.
    func takeLoss() -> Bool {
        defer { lost = false }
        return lost
    }

    func watchRoot() -> Bool {
        rootWatch = inotify_add_watch(descriptor, root, UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR))
        return rootWatch >= 0
    }

    /// Watches every bundle in the folder now, under the name it has (a 2010 folder may spell
    /// them differently); returns their ids.
    func watchExistingBundles() throws -> Set<Int> {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root)
        } catch {
            throw DocumentStoreError(.io, "cannot read the data folder \(root): \(error.localizedDescription)", path: root)
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
            if errno != ENOENT && errno != ENOTDIR { lost = true }
            return
        }
        bundles[watch] = (id, name)
        watched[name] = watch
    }

    /// Waits up to `milliseconds` for events, gathers what follows for up to 50 ms more (at
    /// most 200 ms in all, so a steady stream of changes is still reported), and returns the
    /// bundles they touched.
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
            lost = true
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

    /// Whether the event is a step of a durable write the folder's own store made (its
    /// temporary file, that file's rename into place, and its close under the new name): the
    /// store's owner has already published those changes, so reading the bundle again would only
    /// repeat work (and drop what it cached for nothing).
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
