import DocumentStore
import Foundation

extension ItemStore {
    /// What the watch compares of one item: its version, its photo's tag (nil: no photo), and
    /// its attachments' stored names and tags, in name order.
    struct WatchedItem: Equatable {
        var version: String
        var photo: String?
        var attachments: [String] = []
    }

    /// Publishes a change this store made, and notes it so the bucket watch does not publish it again.
    func publishOwn(_ kind: ChangeKind, subject key: String, version: String?) async {
        if isFollowingOthers { ownChanges[key, default: []].insert(kind) }
        await changes.publish(kind, subject: key, version: version)
    }

    /// Follows the changes other servers make to the bucket, until the task is cancelled (then it
    /// returns): every `interval` (longer between passes that are slow,
    /// ``DocumentStore/PollPacing``), the archive is read again if it changed (one conditional
    /// GET) and the photos and attachments are listed (one request per 1,000), and every item
    /// created, updated, given another photo, given or relieved of attachments, or deleted
    /// elsewhere is published on ``changes`` — so a page open on this server follows edits made
    /// through another — and its cached photo and thumbnail are dropped. Changes
    /// this store made itself are not published twice. A pass that fails is skipped; the next
    /// one reports what changed meanwhile. In a folder (one writer, this process) there is nothing to
    /// follow: it waits to be cancelled.
    ///
    /// - Parameter onReady: called once the first pass is done.
    public func followOtherWriters(interval: Duration = ItemStore.bucketRefreshInterval, onReady: @Sendable () async -> Void = {}) async throws {
        guard blobs.hasOtherWriters else {
            // Nothing changes behind this store: there is nothing to follow until the end.
            await onReady()
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            return
        }
        var seen = (try? await watchedItems()) ?? [:]
        ownChanges = [:]
        isFollowingOthers = true
        defer { isFollowingOthers = false }
        await onReady()
        let pacing = PollPacing(interval: interval)
        var lastPass = Duration.zero
        while !Task.isCancelled {
            do { try await Task.sleep(for: pacing.wait(afterPassTaking: lastPass)) } catch { return }  // cancelled: the watch ends
            let started = ContinuousClock.now
            let read = try? await watchedItems()
            lastPass = ContinuousClock.now - started
            guard let now = read else { continue }
            let own = ownChanges
            ownChanges = [:]
            for key in Set(seen.keys).union(now.keys).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                let before = seen[key], after = now[key]
                guard before != after else { continue }
                if before?.photo != after?.photo { await images.invalidate(key) }
                let mine = own[key] ?? []
                switch (before, after) {
                case (nil, let after?):
                    if !mine.contains(.created) { await changes.publish(.created, subject: key, version: after.version) }
                case (_?, nil):
                    if !mine.contains(.deleted) { await changes.publish(.deleted, subject: key, version: nil) }
                case (let before?, let after?):
                    if before.version != after.version, mine.isDisjoint(with: [.updated, .created]) {
                        await changes.publish(.updated, subject: key, version: after.version)
                    }
                    if before.photo != after.photo, !mine.contains(.photo) {
                        await changes.publish(.photo, subject: key, version: after.version)
                    }
                    if before.attachments != after.attachments, !mine.contains(.attachments) {
                        await changes.publish(.attachments, subject: key, version: after.version)
                    }
                case (nil, nil):
                    break
                }
            }
            seen = now
        }
    }

    /// Every item's version and photo tag as stored now.
    private func watchedItems() async throws -> [String: WatchedItem] {
        try await refreshFromOtherWriters(force: true)
        let items = try await archiveContents().items
        // Listed here, not through `photoTags`, so that a listing that fails fails the pass
        // instead of looking like every photo gone.
        let tags = try await blobs.list(startingWith: "")
        var attached: [String: [(name: String, tag: String)]] = [:]
        for (name, tag) in tags {
            guard let attachment = Attachment(storedName: name) else { continue }
            attached[attachment.itemKey, default: []].append((name, tag))
        }
        var watched: [String: WatchedItem] = [:]
        for item in items {
            let files = (attached[item.itemKey] ?? [])
                .sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
                .map { $0.name + " " + $0.tag }
            watched[item.itemKey] = WatchedItem(version: item.version, photo: tags[item.itemKey], attachments: files)
        }
        return watched
    }
}
