import DocumentStore
import Foundation
import ObjectStorage

extension FolderWatch {
    /// How often a watch of a bucket lists it: another server's change is seen within this and
    /// one listing pass.
    public static let bucketPollInterval: Duration = .seconds(1)

    /// The watch of a bucket: a ``ObjectStorage/BucketPoll`` of the prefix every
    /// ``bucketPollInterval`` (one ListObjectsV2 request per 1,000 objects a pass; longer
    /// between passes that are slow, ``DocumentStore/PollPacing``); every
    /// creature with an object added, changed or removed is read again and told to the change
    /// stream, and its cached thumbnail dropped. While passes fail, the generation is not
    /// trusted (nothing is cached); the first pass that works reports what changed meanwhile,
    /// and only then is it trusted again.
    ///
    /// Nothing is read at start (reading every creature's state would be two requests per
    /// creature): the creatures present are remembered as "state not read", so the first change
    /// another server makes to one is published both as `updated` and as `photo`. The first pass
    /// waits an interval and for the full listings being read (a server's first answers do not
    /// queue behind it, nor it behind them); creatures it finds
    /// written since the watch began (5 seconds before, for the storage's clock) are
    /// published then, so a page that loaded before they were written still follows them.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.storage` if the first pass fails.
    func run(polling bucket: BucketStorage, onReady: @Sendable () async -> Void) async throws {
        let generation = database.generation
        defer { generation.watchStopped() }
        // Creatures written from here on (less a margin for the storage's clock) are told as
        // changes even when the first pass finds them: a page may have loaded before them.
        let recent = Date().addingTimeInterval(-clockMargin)
        let poll = BucketPoll(client: bucket.client, prefix: bucket.location.prefix, interval: Self.bucketPollInterval)
        // The first pass waits an interval, and then for the full listings being read (a
        // server's first list answer), so that neither queues behind the other on the storage
        // (until the pass is done, nothing is cached: nothing is stale).
        do {
            try await Task.sleep(for: Self.bucketPollInterval)
            try await database.listingsInFlight.waitUntilNone(atMost: .seconds(30))
        } catch {
            return
        }
        let first: [BucketPoll.Change]
        do {
            first = try await poll.poll()
        } catch let error as S3Error {
            throw ScaryCreaturesError(.storage, "cannot watch \(bucket.location): \(error.message)")
        }
        for id in ids(in: first, bucket: bucket) { await database.changes.remember(id, state: Self.unreadState) }
        for id in ids(in: first.filter { ($0.lastModified ?? .distantFuture) >= recent }, bucket: bucket).sorted() { await refresh(id) }
        generation.watchStarted()
        await onReady()
        let pacing = PollPacing(interval: Self.bucketPollInterval)
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
                generation.watchStopped()  // others' changes go unseen until a pass works again
                continue
            }
            for id in ids(in: changes, bucket: bucket).sorted() { await refresh(id) }
            generation.watchStarted()
        }
    }

    /// What a creature present at start is remembered as: a state no creature has.
    static let unreadState = CreatureState(version: "", attachments: "not read")

    /// The creatures that `changes` touch.
    private func ids(in changes: [BucketPoll.Change], bucket: BucketStorage) -> Set<Int> {
        let prefix = bucket.location.prefix.utf8.count
        var ids = Set<Int>()
        for change in changes {
            let relative = change.key.utf8.dropFirst(prefix)
            guard let slash = relative.firstIndex(of: UInt8(ascii: "/")),
                  let id = database.layout.folder.bundleID(fromName: String(decoding: relative[..<slash], as: UTF8.self)) else { continue }
            ids.insert(id)
        }
        return ids
    }
}
