import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension DocumentFolder {
    /// ``watch(_:_:)`` on disk: one inotify watch on the root (bundles appearing and
    /// disappearing) and one on each bundle (its files replaced); events gathered for a moment,
    /// the steps of this store's own durable writes left out. The waiting runs on the store's
    /// blocking pool, a quarter second at a time.
    func diskWatch(_ handle: @escaping @Sendable (BundleWatchEvent) async -> Void) async throws {
        let notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard notify >= 0 else { throw DocumentStoreError.system("cannot watch", path: rootPath, errno: errno) }
        defer { close(notify) }
        let table = InotifyWatchTable(descriptor: notify, root: rootPath, configuration: configuration) { [self] in isOwnTemporary($0) }
        guard table.watchRoot() else { throw DocumentStoreError.system("cannot watch", path: rootPath, errno: errno) }
        let existing = try await pool.run { (try table.watchExistingBundles(), table.takeLoss()) }
        if existing.1 { await handle(.incomplete) }
        await handle(.ready(existing: existing.0.sorted(), readExisting: true, recentlyChanged: []))
        while !Task.isCancelled {
            let (ids, lost) = try await pool.run { (table.waitForChanges(milliseconds: 250), table.takeLoss()) }
            if lost { await handle(.incomplete) }
            if !ids.isEmpty { await handle(.changed(ids.sorted())) }
        }
    }
}
