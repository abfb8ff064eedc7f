import DocumentStore
import Foundation
@testable import Homepwner
import ImagingSamples
import Testing
import TestSupport

/// A store following a bucket publishes what another server changed there, once, and drops the
/// photos it had cached of items whose photo changed.
@Suite("Following another server's changes to a bucket", .serialized, .timeLimit(.minutes(4)))
struct BucketFollowTests {
    /// The next `count` changes of `stream` as "kind key", failing instead of waiting past 60
    /// seconds: the shared local S3 server answers one request at a time for the whole run, and
    /// under CI's full run a pass once waited longer than 30 s (alone, the test takes 2 s).
    private func next(_ stream: AsyncStream<ItemChangeFeed.Event>, count: Int) async throws -> [String] {
        try await nextEvents(stream, count: count, limit: .seconds(60)).map { event in
            guard case .change(let change) = event else { return "reset" }
            return "\(change.kind.rawValue) \(change.itemKey)"
        }
    }

    /// Starts `store` following its bucket (a pass every 200 ms) and returns, once its first pass
    /// is done, the following task and a subscription to the store's changes.
    private func startFollowing(_ store: ItemStore) async -> (task: Task<Void, any Error>, events: AsyncStream<ItemChangeFeed.Event>) {
        await startFollowingItems(store, interval: .milliseconds(200))
    }

    @Test("an item created, edited, given a photo and deleted through one store is published by the other; its own changes once", arguments: StorageKind.buckets)
    func changesFromAnotherStore(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let mine = await BucketSharingTests.store(place, tag: 1), theirs = await BucketSharingTests.store(place, tag: 2, following: true)
            try await theirs.load()
            let (follow, events) = await startFollowing(theirs)
            defer { follow.cancel() }

            let lamp = try await mine.add(NewItem(name: "Lamp"))
            #expect(try await next(events, count: 1) == ["created \(lamp.itemKey)"])
            try await mine.update(lamp.itemKey, ItemChanges(valueInDollars: 40))
            #expect(try await next(events, count: 1) == ["updated \(lamp.itemKey)"])
            try await mine.setImage(try SamplePhotos.png(), forKey: lamp.itemKey)
            #expect(try await next(events, count: 1) == ["photo \(lamp.itemKey)"])
            // Its own change is published once, by itself, not again by the watch.
            let rug = try await theirs.add(NewItem(name: "Rug"))
            try await mine.delete(lamp.itemKey)
            #expect(try await next(events, count: 2) == ["created \(rug.itemKey)", "deleted \(lamp.itemKey)"])
        }
    }

    @Test("attachments added and removed through another store are published by this one; its own once", arguments: StorageKind.buckets)
    func attachmentsFromAnotherStore(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let mine = await BucketSharingTests.store(place, tag: 1), theirs = await BucketSharingTests.store(place, tag: 2, following: true)
            let lamp = try await mine.add(NewItem(name: "Lamp"))
            try await theirs.load()
            let (follow, events) = await startFollowing(theirs)
            defer { follow.cancel() }

            let receipt = try await mine.addAttachment(AttachmentStoreTests.pdf, fileName: "receipt.pdf", forKey: lamp.itemKey)
            #expect(try await next(events, count: 1) == ["attachments \(lamp.itemKey)"])
            try await mine.removeAttachment(receipt.storedName, forKey: lamp.itemKey)
            #expect(try await next(events, count: 1) == ["attachments \(lamp.itemKey)"])
            // Its own attachment is published once, by itself, not again by the watch; then the
            // next change from elsewhere comes right after it.
            _ = try await theirs.addAttachment(AttachmentStoreTests.pdf, fileName: "manual.pdf", forKey: lamp.itemKey)
            try await mine.update(lamp.itemKey, ItemChanges(valueInDollars: 40))
            #expect(try await next(events, count: 2) == ["attachments \(lamp.itemKey)", "updated \(lamp.itemKey)"])
        }
    }

    @Test("further photos added and removed through another store are published by this one, and its cached copies dropped", arguments: StorageKind.buckets)
    func photosFromAnotherStore(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let mine = await BucketSharingTests.store(place, tag: 1), theirs = await BucketSharingTests.store(place, tag: 2, following: true)
            let lamp = try await mine.add(NewItem(name: "Lamp"))
            _ = try await mine.addPhotos([try SamplePhotos.png(), try SamplePhotos.jpeg()], toItem: lamp.itemKey)
            try await theirs.load()
            let second = try #require(try await theirs.photos(ofItem: lamp.itemKey).last)
            #expect(try await theirs.images.image(of: second.photo) == (try SamplePhotos.jpeg()))
            let (follow, events) = await startFollowing(theirs)
            defer { follow.cancel() }

            _ = try await mine.addPhotos([try SamplePhotos.png()], toItem: lamp.itemKey)
            #expect(try await next(events, count: 1) == ["photo \(lamp.itemKey)"])
            // The first photo removed: the second is now the key's file, and is what this store serves.
            _ = try await mine.removePhoto(number: 1, fromItem: lamp.itemKey)
            #expect(try await next(events, count: 1) == ["photo \(lamp.itemKey)"])
            #expect(try await theirs.images.image(forKey: lamp.itemKey) == (try SamplePhotos.jpeg()))
            #expect(try await theirs.photos(ofItem: lamp.itemKey).count == 2)
        }
    }

    @Test("a photo replaced through another store: the cached photo is dropped and the new one served", arguments: StorageKind.buckets)
    func cachedPhotoFollows(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let mine = await BucketSharingTests.store(place, tag: 1), theirs = await BucketSharingTests.store(place, tag: 2, following: true)
            let lamp = try await mine.add(NewItem(name: "Lamp"))
            try await mine.setImage(try SamplePhotos.png(), forKey: lamp.itemKey)
            try await theirs.load()
            #expect(try await theirs.images.image(forKey: lamp.itemKey) == (try SamplePhotos.png()))
            let (follow, events) = await startFollowing(theirs)
            defer { follow.cancel() }
            try await mine.setImage(try SamplePhotos.jpeg(), forKey: lamp.itemKey)
            #expect(try await next(events, count: 1) == ["photo \(lamp.itemKey)"])
            #expect(try await theirs.images.image(forKey: lamp.itemKey) == (try SamplePhotos.jpeg()))
        }
    }
}

/// A store's own changes made while one of its looks is under way: the look may have read the
/// archive before them, and must not publish that stale read as another server's change.
@Suite("Own changes racing the follow's looks", .serialized, .timeLimit(.minutes(4)))
struct OwnChangesRacingLooksTests {
    @Test("while every read of a following store comes late (up to 1.5 s, half of them) and another store adds, edits and deletes beside it, each item it adds itself is told once, as created, and each it deletes once more, as deleted: never deleted and created again by a stale look", arguments: S3Store.allCases)
    func ownChangesDuringSlowLooks(store: S3Store) async throws {
        try await ProxiedPrefix.with(store, name: "item-own-races") { prefix in
            let other = ItemStore(storage: .bucket(prefix.direct))
            let reader = ItemStore(storage: .bucket(prefix.proxied))
            try await reader.load()
            let (follow, events) = await startFollowingItems(reader, interval: .milliseconds(100), fullInterval: .seconds(3600))
            defer { follow.cancel() }
            let observed = ToldVersions<String>()
            let seen = observed.follow(events)
            defer { seen.cancel() }
            try await prefix.proxy.plan([], shares: ["late": 0.5])
            let (kept, removed) = try await withThrowingTaskGroup(of: ([String], [String]).self) { group in
                group.addTask {
                    var kept: [String] = [], removed: [String] = []
                    for step in 0..<12 {
                        let key = try await reader.add(NewItem(name: "Mine \(step)")).itemKey
                        if step % 3 == 2 {
                            _ = try await reader.delete(key)
                            removed.append(key)
                        } else {
                            kept.append(key)
                        }
                    }
                    return (kept, removed)
                }
                group.addTask {
                    var theirs: [String] = []
                    for step in 0..<12 {
                        switch step % 3 {
                        case 0, 1: theirs.append(try await other.add(NewItem(name: "Theirs \(step)")).itemKey)
                        default: _ = try await other.update(theirs[theirs.count - 1], ItemChanges(valueInDollars: step))
                        }
                        try await Task.sleep(for: .milliseconds(150))
                    }
                    return ([], [])
                }
                var mine: ([String], [String]) = ([], [])
                for try await result in group where !result.0.isEmpty { mine = result }
                return mine
            }
            let fresh = ItemStore(storage: .bucket(prefix.direct))
            var expected: [String: String] = [:]
            for item in try await fresh.items() { expected[item.itemKey] = item.version }
            try await waitUntil(limit: .seconds(60)) { await observed.versions == expected }
            #expect(await observed.versions == expected)
            let kinds = await observed.kinds
            for key in kept { #expect(kinds[key] == [.created], "item \(key), kept") }
            for key in removed { #expect(kinds[key] == [.created, .deleted], "item \(key), deleted") }
        }
    }
}

/// The change journals' reads made to fail, reset and arrive late: what other servers change
/// still reaches this store, by the journals alone (its full look held off for an hour).
@Suite("Following other item stores through faulty journal reads", .serialized, .timeLimit(.minutes(4)))
struct FaultyJournalFollowTests {
    @Test("while a store's reads of the change journals are reset (15 %), failed (15 %) and late by up to 1.5 s (30 %), every item two other stores add, edit and delete reaches its change stream: its items and versions end equal to the archive's", arguments: S3Store.allCases)
    func faultyJournalReads(store: S3Store) async throws {
        try await ProxiedPrefix.with(store, name: "item-journal-faults") { prefix in
            let writers = [ItemStore(storage: .bucket(prefix.direct)), ItemStore(storage: .bucket(prefix.direct))]
            let reader = ItemStore(storage: .bucket(prefix.proxied))
            try await reader.load()
            let (follow, events) = await startFollowingItems(reader, interval: .milliseconds(200), fullInterval: .seconds(3600))
            defer { follow.cancel() }
            let observed = ToldVersions<String>()
            let seen = observed.follow(events)
            defer { seen.cancel() }
            try await prefix.proxy.plan([], shares: ["reset-before": 0.15, "internal": 0.15, "late": 0.3], sharesOnly: "/.changes/")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, writer) in writers.enumerated() {
                    group.addTask {
                        var mine: [String] = []
                        for step in 0..<16 {
                            switch step % 4 {
                            case 0, 1: mine.append(try await writer.add(NewItem(name: "W\(index) \(step)")).itemKey)
                            case 2: _ = try await writer.update(mine[mine.count - 1], ItemChanges(valueInDollars: step))
                            default: _ = try await writer.delete(mine.removeFirst())
                            }
                            try await Task.sleep(for: .milliseconds(100))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let fresh = ItemStore(storage: .bucket(prefix.direct))
            var expected: [String: String] = [:]
            for item in try await fresh.items() { expected[item.itemKey] = item.version }
            #expect(expected.count == 8)
            try await waitUntil(limit: .seconds(60)) { await observed.versions == expected }
            #expect(await observed.versions == expected)
            let faults = try await prefix.proxy.log().filter { $0.path.contains("/.changes/") && $0.fault != "pass" }
            #expect(!faults.isEmpty, "the faults reached the journal reads")
        }
    }
}

/// Starts `store` following its bucket (a journal pass every `interval`, a full look every
/// `fullInterval`) and returns, once its first look is done, the following task and a
/// subscription to the store's changes.
func startFollowingItems(
    _ store: ItemStore, interval: Duration, fullInterval: Duration = ItemStore.bucketFullLookInterval
) async -> (task: Task<Void, any Error>, events: AsyncStream<ItemChangeFeed.Event>) {
    let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
    let follow = Task { try await store.followOtherWriters(interval: interval, fullInterval: fullInterval) { readyContinuation.yield() } }
    for await _ in ready { break }
    return (follow, await store.changes.subscribe(after: nil))
}
