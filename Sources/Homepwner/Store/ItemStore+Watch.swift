import DocumentStore
import Foundation

extension ItemStore {
    /// What the watch compares of one item: its version, and its photos' and attachments'
    /// stored names and tags ("name tag"), each in name order.
    struct WatchedItem: Equatable {
        var version: String
        var photos: [String] = []
        var attachments: [String] = []
    }

    /// Publishes a change this store made, and notes it so the follow does not publish it again:
    /// a version it now knows; a photo or attachments it takes, unread, at its next look at them.
    func publishOwn(_ kind: ChangeKind, subject key: String, version: String?) async {
        if isFollowingOthers {
            ownChangeCount += 1
            lastOwnChange[key] = ownChangeCount
            switch kind {
            case .created, .updated:
                if let version { followed[key, default: WatchedItem(version: version)].version = version }
            case .deleted:
                followed[key] = nil
            case .photo, .attachments:
                ownMediaChanges.insert(key)
            }
        }
        await changes.publish(kind, subject: key, version: version)
    }

    /// How often a store in a bucket lists it whole, for changes no journal tells (another
    /// program's writes).
    public static let bucketFullLookInterval: Duration = .seconds(60)

    /// Follows the changes other servers (and commands) make to the bucket, until the task is
    /// cancelled (then it returns), at the price of the changes (``DocumentStore/BucketFollow``):
    /// every `interval` the other writers' change journals are read (one conditional GET each,
    /// and one for their roster), and what they name is looked at — the archive read again (one
    /// conditional GET) when it changed, the photos and attachments of each item named (one
    /// listing of the item's names). Every `fullInterval` the archive is read again and every
    /// photo and attachment listed (one request per 1,000), for changes no journal tells. Every
    /// item created, updated, given or relieved of photos or attachments, or deleted elsewhere is
    /// published on ``changes`` — so a page open on this server follows edits made through
    /// another — and its cached photos and thumbnails are dropped. Changes this
    /// store made itself are not published twice. A look that fails is skipped; a later one
    /// reports what changed meanwhile. In a folder (one writer, this process) there is nothing to
    /// follow: it waits to be cancelled.
    ///
    /// - Parameter onReady: called once the first look is done.
    public func followOtherWriters(
        interval: Duration = ItemStore.bucketRefreshInterval, fullInterval: Duration = ItemStore.bucketFullLookInterval,
        onReady: @Sendable () async -> Void = {}
    ) async throws {
        guard blobs.hasOtherWriters else {
            // Nothing changes behind this store: there is nothing to follow until the end.
            await onReady()
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            return
        }
        let began = Date()
        followed = (try? await watchedItems()) ?? [:]
        ownMediaChanges = []
        lastOwnChange = [:]
        pendingLooks = []
        isFollowingOthers = true
        defer { isFollowingOthers = false }
        await onReady()
        let follow = BucketFollow(interval: interval, fullInterval: fullInterval)
        await blobs.followOtherWriters(follow, since: began, full: { [self] in try await fullLook() }) { [self] step in
            switch step {
            case .journals(let pass):
                let names = await pass.names.union(takePendingLooks())
                guard !names.isEmpty else { return }
                await look(at: names)
            case .full(let look):
                await publishDifferences(to: look.items, looked: nil, began: look.began)
            case .failed:
                break
            }
        }
    }

    /// Looks at what the journals named: the archive again when it is among them (every item's
    /// version), and the photos and attachments of each item named or new.
    private func look(at names: Set<String>) async {
        let began = ownChangeCount
        var now = followed
        var keys = Set<String>()
        do {
            if names.contains(Self.archiveName) {
                try await refreshFromOtherWriters(force: true)
                let items = try await archiveContents().items
                var versions: [String: WatchedItem] = [:]
                for item in items {
                    var watched = now[item.itemKey] ?? WatchedItem(version: item.version)
                    if now[item.itemKey] == nil { keys.insert(item.itemKey) }
                    watched.version = item.version
                    versions[item.itemKey] = watched
                }
                now = versions
            }
            for name in names {
                if let photo = ItemPhoto(storedName: name) {
                    keys.insert(photo.itemKey)
                } else if let attachment = Attachment(storedName: name) {
                    keys.insert(attachment.itemKey)
                }
            }
            for (key, media) in try await media(of: keys.filter { now[$0] != nil }) {
                now[key]?.photos = media.photos
                now[key]?.attachments = media.attachments
            }
        } catch {
            // What could not be looked at now, the next full look finds.
            return
        }
        await publishDifferences(to: now, looked: keys, began: began)
    }

    /// The names an own change raced with the last look, for this look to take.
    private func takePendingLooks() -> Set<String> {
        defer { pendingLooks = [] }
        return pendingLooks
    }

    /// Every item as stored now, with the number of the last own change made before it was read.
    private func fullLook() async throws -> (began: UInt64, items: [String: WatchedItem]) {
        let began = ownChangeCount
        return (began, try await watchedItems())
    }

    /// The photos and attachments of each item in `keys` (one listing of the item's names
    /// each), 16 items at a time (after a burst on other servers, this store keeps up with it
    /// instead of publishing it seconds late).
    private func media(of keys: Set<String>) async throws -> [String: (photos: [String], attachments: [String])] {
        let blobs = self.blobs
        let found = try await concurrentlyMapped(keys, atMost: 16) { key in
            (key, Self.media(in: try await blobs.list(startingWith: key))[key] ?? ([], []))
        }
        var media: [String: (photos: [String], attachments: [String])] = [:]
        for (key, files) in found { media[key] = files }
        return media
    }

    /// The photos and attachments among `tags` (stored names and their tags) by item key, each
    /// as "name tag" in name order (by code point).
    private static func media(in tags: [String: String]) -> [String: (photos: [String], attachments: [String])] {
        var media: [String: (photos: [String], attachments: [String])] = [:]
        let names = tags.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for name in names {
            let tagged = name + " " + (tags[name] ?? "")
            if let photo = ItemPhoto(storedName: name) {
                media[photo.itemKey, default: ([], [])].photos.append(tagged)
            } else if let attachment = Attachment(storedName: name) {
                media[attachment.itemKey, default: ([], [])].attachments.append(tagged)
            }
        }
        return media
    }

    /// Publishes how `now` differs from what was followed, and follows `now`. The photos and
    /// attachments this store changed itself are taken as they are, unpublished, where they
    /// were looked at (`looked`: the keys looked at; nil: every key). An item this store changed
    /// after the look began (own change number `began`) may have been read before that change:
    /// what was followed of it stays, and the next look reads it again — never a stale read
    /// published as someone else's change (a created item "deleted", a deleted one "created").
    private func publishDifferences(to items: [String: WatchedItem], looked keys: Set<String>?, began: UInt64) async {
        var now = items
        // Own changes made before the look began can race no later look: only the others stay.
        lastOwnChange = lastOwnChange.filter { $0.value > began }
        let raced = Set(lastOwnChange.keys)
        for key in raced where now[key] != followed[key] {
            now[key] = followed[key]
            pendingLooks.formUnion([key, Self.archiveName])
        }
        let seen = followed
        followed = now
        let own: Set<String>
        if let keys { own = ownMediaChanges.intersection(keys).subtracting(raced) } else { own = ownMediaChanges.subtracting(raced) }
        ownMediaChanges.subtract(own)
        for key in Set(seen.keys).union(now.keys).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            let before = seen[key], after = now[key]
            guard before != after else { continue }
            if before?.photos != after?.photos {
                for entry in Set((before?.photos ?? []) + (after?.photos ?? [])) {
                    await images.invalidate(String(entry.prefix { $0 != " " }))
                }
            }
            switch (before, after) {
            case (nil, let after?):
                await changes.publish(.created, subject: key, version: after.version)
            case (_?, nil):
                await changes.publish(.deleted, subject: key, version: nil)
            case (let before?, let after?):
                if before.version != after.version {
                    await changes.publish(.updated, subject: key, version: after.version)
                }
                if before.photos != after.photos, !own.contains(key) {
                    await changes.publish(.photo, subject: key, version: after.version)
                }
                if before.attachments != after.attachments, !own.contains(key) {
                    await changes.publish(.attachments, subject: key, version: after.version)
                }
            case (nil, nil):
                break
            }
        }
    }

    /// Every item's version, photos and attachments as stored now.
    private func watchedItems() async throws -> [String: WatchedItem] {
        try await refreshFromOtherWriters(force: true)
        let items = try await archiveContents().items
        // Listed here, not through `photoTags`, so that a listing that fails fails the pass
        // instead of looking like every photo gone.
        let media = Self.media(in: try await blobs.list(startingWith: ""))
        var watched: [String: WatchedItem] = [:]
        for item in items {
            let files = media[item.itemKey]
            watched[item.itemKey] = WatchedItem(version: item.version, photos: files?.photos ?? [], attachments: files?.attachments ?? [])
        }
        return watched
    }
}
