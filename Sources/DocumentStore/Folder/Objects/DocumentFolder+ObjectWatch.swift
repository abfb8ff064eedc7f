import Foundation
import ObjectStorage

extension DocumentFolder {
    /// ``watch(_:_:)`` in a bucket: a ``ObjectStorage/BucketPoll`` of the prefix every
    /// ``BundleWatchSettings/pollInterval`` (one ListObjectsV2 request per 1,000 objects a pass;
    /// longer between passes that are slow, ``PollPacing``); every bundle with an object added,
    /// changed or removed is reported. A pass that fails reports ``BundleWatchEvent/behind``;
    /// every pass that works, ``BundleWatchEvent/caughtUp`` after its changes.
    ///
    /// Nothing is read at start (reading every bundle would be two requests each): the bundles
    /// present are reported as existing, not to be read. The first pass waits an interval and
    /// ``BundleWatchSettings/beforeFirstPass``; bundles it finds written since the watch began
    /// (less ``BundleWatchSettings/clockMargin``, for the storage's clock) are reported as
    /// recently changed.
    ///
    /// - Throws: ``DocumentStoreError`` if the first pass fails.
    func objectWatch(_ bucket: BucketStorage, settings: BundleWatchSettings, _ handle: @escaping @Sendable (BundleWatchEvent) async -> Void) async throws {
        let recent = Date().addingTimeInterval(-settings.clockMargin)
        let poll = BucketPoll(client: bucket.client, prefix: bucket.location.prefix, interval: settings.pollInterval)
        do { try await Task.sleep(for: settings.pollInterval) } catch { return }
        await settings.beforeFirstPass()
        guard !Task.isCancelled else { return }
        let first: [BucketPoll.Change]
        do {
            first = try await poll.poll()
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: "cannot watch \(bucket.location)")
        }
        let fresh = first.filter { ($0.lastModified ?? .distantFuture) >= recent }
        await handle(.ready(existing: ids(in: first, bucket).sorted(), readExisting: false, recentlyChanged: ids(in: fresh, bucket).sorted()))
        let pacing = PollPacing(interval: settings.pollInterval)
        var lastPass = Duration.zero
        while !Task.isCancelled {
            do { try await Task.sleep(for: pacing.wait(afterPassTaking: lastPass)) } catch { return }  // cancelled: the watch ends
            let started = ContinuousClock.now
            defer { lastPass = ContinuousClock.now - started }
            let changes: [BucketPoll.Change]
            do {
                changes = try await poll.poll()
            } catch is CancellationError {
                return
            } catch {
                await handle(.behind)
                continue
            }
            let changed = ids(in: changes, bucket)
            if !changed.isEmpty { await handle(.changed(changed.sorted())) }
            await handle(.caughtUp)
        }
    }

    /// The bundles that `changes` touch.
    private func ids(in changes: [BucketPoll.Change], _ bucket: BucketStorage) -> Set<Int> {
        let prefix = bucket.location.prefix.utf8.count
        var ids = Set<Int>()
        for change in changes {
            let relative = change.key.utf8.dropFirst(prefix)
            guard let slash = relative.firstIndex(of: UInt8(ascii: "/")),
                  let id = configuration.bundleID(fromName: String(decoding: relative[..<slash], as: UTF8.self)) else { continue }
            ids.insert(id)
        }
        return ids
    }
}
