import Foundation
import ObjectStorage
import Synchronization

extension DocumentFolder {
    /// ``watch(_:_:)`` in a bucket, at the price of the changes (``BucketFollow``): every
    /// ``BundleWatchSettings/pollInterval`` the other writers' journals are read (one small
    /// conditional GET each, and one for the roster), every ``BundleWatchSettings/fullInterval``
    /// the prefix is listed and compared by ETag (``ObjectStorage/BucketPoll``, one request per
    /// 1,000 objects) for what no journal tells; every bundle with an object added, changed or
    /// removed is reported. A look that fails reports ``BundleWatchEvent/behind``; every journal
    /// pass that read every journal, and every full look, ``BundleWatchEvent/caughtUp`` after
    /// its changes.
    ///
    /// Nothing is read at start (reading every bundle would be two requests each): the bundles
    /// present are reported as existing, not to be read. The first listing waits an interval and
    /// ``BundleWatchSettings/beforeFirstPass``; bundles it finds written since the watch began
    /// (less ``BundleWatchSettings/clockMargin``, for the storage's clock) are reported as
    /// recently changed.
    ///
    /// - Throws: ``DocumentStoreError`` if the first listing fails.
    func objectWatch(_ bucket: BucketStorage, settings: BundleWatchSettings, _ handle: @escaping @Sendable (BundleWatchEvent) async -> Void) async throws {
        let recent = Date().addingTimeInterval(-settings.clockMargin)
        let poll = BucketPoll(client: bucket.client, prefix: bucket.location.prefix, interval: settings.fullInterval)
        do { try await Task.sleep(for: settings.pollInterval) } catch { return }
        await settings.beforeFirstPass()
        guard !Task.isCancelled else { return }
        let listed = Date()
        let first: [BucketPoll.Change]
        do {
            first = try await poll.poll()
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: "cannot watch \(bucket.location)")
        }
        let fresh = first.filter { ($0.lastModified ?? .distantFuture) >= recent }
        await handle(.ready(existing: ids(in: first.map(\.key), bucket).sorted(), readExisting: false, recentlyChanged: ids(in: fresh.map(\.key), bucket).sorted()))
        // The journals' batches since the first listing began are what it may not have seen.
        // The listing runs beside the passes (a change a journal tells is not kept waiting for
        // it): what it finds is read again, so a pass handled meanwhile is never undone.
        let follow = BucketFollow(
            interval: settings.pollInterval, fullInterval: settings.fullInterval, clockMargin: max(settings.clockMargin, 0), digestWindow: settings.digestWindow,
            fullLookAlongside: true)
        let told = ToldByJournals()
        await follow.run(bucket, since: listed, full: { (told.mark(), try await poll.poll()) }) { [self] step in
            switch step {
            case .journals(let pass):
                told.note(pass, bucket)
                let (changed, dataOnly, digests) = bundlesTold(pass, bucket)
                if !dataOnly.isEmpty { await handle(.dataChanged(dataOnly.sorted(), digests: digests)) }
                if !changed.isEmpty { await handle(.changed(changed.sorted())) }
                await handle(pass.complete ? .caughtUp : .behind)
            case .full(let (began, changes)):
                // What the journals told since the last listing was read then: only what they
                // did not tell (another program's writes, a write whose answer was lost) is read now.
                let untold = changes.filter { !told.covers($0) }
                told.clear(notedBefore: began)
                let changed = ids(in: untold.map(\.key), bucket)
                if !changed.isEmpty { await handle(.changed(changed.sorted())) }
                await handle(.caughtUp)
            case .failed:
                await handle(.behind)
            }
        }
    }

    /// The bundles a journal pass told of: those with only their data file written (under its
    /// first name: not deleted, nothing else of the bundle told) with the digest of the bytes
    /// written where the pass gives it, and the others.
    private func bundlesTold(_ pass: ChangeFollower.Pass, _ bucket: BucketStorage) -> (changed: Set<Int>, dataOnly: Set<Int>, digests: [Int: String]) {
        var dataOnly = Set<Int>(), changed = Set<Int>(), digests: [Int: String] = [:]
        let dataName = configuration.dataFileNames[0].utf8
        for name in pass.names {
            let key = bucket.key(name)
            guard let id = ids(in: [key], bucket).first else { continue }
            let file = name.utf8.drop { $0 != UInt8(ascii: "/") }.dropFirst()
            if pass.etags[name] != nil, file.elementsEqual(dataName), !changed.contains(id) {
                dataOnly.insert(id)
                digests[id] = pass.digests[name]
            } else {
                changed.insert(id)
                dataOnly.remove(id)
                digests[id] = nil
            }
        }
        return (changed, dataOnly, digests)
    }

    /// The bundles that the objects at `keys` (whole keys) belong to.
    private func ids(in keys: some Sequence<String>, _ bucket: BucketStorage) -> Set<Int> {
        let prefix = bucket.location.prefix.utf8.count
        var ids = Set<Int>()
        for key in keys {
            let relative = key.utf8.dropFirst(prefix)
            guard let slash = relative.firstIndex(of: UInt8(ascii: "/")),
                  let id = configuration.bundleID(fromName: String(decoding: relative[..<slash], as: UTF8.self)) else { continue }
            ids.insert(id)
        }
        return ids
    }
}

/// The objects the other writers' journals told of since the last full listing, with the ETag
/// each was written with (nil: deleted, or not known), so the listing does not read them again.
private final class ToldByJournals: Sendable {
    /// Each key told of, with its ETag and the number of the note that told it last.
    private let told = Mutex<(keys: [String: (etag: String?, note: Int)], notes: Int)>(([:], 0))

    /// Notes what a journal pass told (whole keys).
    func note(_ pass: ChangeFollower.Pass, _ bucket: BucketStorage) {
        guard !pass.names.isEmpty else { return }
        told.withLock { told in
            told.notes += 1
            for name in pass.names { told.keys[bucket.key(name)] = (pass.etags[name], told.notes) }
        }
    }

    /// The number of the last note: a listing that begins now may not see what later ones tell.
    func mark() -> Int {
        told.withLock { $0.notes }
    }

    /// Whether the journals told of `change` exactly: the same ETag written, or a delete.
    func covers(_ change: BucketPoll.Change) -> Bool {
        told.withLock { told in
            guard let entry = told.keys[change.key] else { return false }
            switch change.kind {
            case .removed: return entry.etag == nil
            case .added, .changed: return entry.etag != nil && entry.etag == change.etag
            }
        }
    }

    /// Forgets what notes up to `mark` told (a listing that began after them has seen it); what
    /// later notes told, a listing still under way may have missed, and the next one covers.
    func clear(notedBefore mark: Int) {
        told.withLock { told in told.keys = told.keys.filter { $0.value.note > mark } }
    }
}
