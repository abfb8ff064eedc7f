import DocumentStore
import Foundation

extension ItemStore {
    /// In a bucket, reads the archive again when another store changed it since it was last
    /// looked at (at most once per ``bucketRefreshInterval`` unless `force`; one conditional
    /// GET). A folder has one writer, this process, so nothing changes behind it.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when the bucket cannot be read, `.corrupt` when
    ///   another store left an archive that cannot be read (it is not overwritten).
    func refreshFromOtherWriters(force: Bool = false) async throws {
        // A read-only or damaged store keeps what it read at load.
        guard blobs.hasOtherWriters, case .ready = status, loaded != nil else { return }
        if !force, let lastRefresh, ContinuousClock.now - lastRefresh < refreshInterval { return }
        do {
            try await archive.refresh()
        } catch {
            throw Self.storageError(error, archive.location)
        }
        if let newer = Self.status(ofVersion: await archive.storedModelVersion) {
            // A newer homepwner wrote the archive since: read it, change nothing from now on.
            loaded = try? await archive.value()
            status = newer
        }
        lastRefresh = .now
    }

    /// The error of a change to the item with `key` that is not in the archive when the change
    /// is applied: `wasKnown` says the item was there when the change was asked for, so another
    /// change (on this server or another sharing the bucket) deleted it in between.
    static func missingItem(_ key: String, wasKnown: Bool) -> HomepwnerError {
        guard wasKnown else { return HomepwnerError(.notFound, "no item has the key \(key)") }
        return HomepwnerError(.notFound, "item \(key) was deleted by another change (here or on another server sharing the storage) before this change could be saved; nothing was changed")
    }

    /// Whether the archive as last read holds the item with `key` (a bucket's archive is looked
    /// at again first when it may be stale); false when it cannot be read.
    func knowsItem(_ key: String) async -> Bool {
        guard let contents = try? await archiveContents() else { return false }
        return contents.index(ofKey: key) != nil
    }
}
