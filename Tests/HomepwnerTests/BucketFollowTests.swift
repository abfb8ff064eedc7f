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
        let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
        let follow = Task { try await store.followOtherWriters(interval: .milliseconds(200)) { readyContinuation.yield() } }
        for await _ in ready { break }
        return (follow, await store.changes.subscribe(after: nil))
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
