import DocumentStore
import Foundation
import ImagingSamples
import ObjectStorage
@testable import ScaryCreatures
import Testing
import TestSupport

/// Two databases on one bucket, as two servers: each one's watch of the bucket sees the other's
/// changes, publishes them, and drops the cached thumbnails they make stale.
@Suite("Watching a bucket another server changes", .serialized, .timeLimit(.minutes(4)))
struct BucketWatchTests {
    /// Runs `body` with two databases on one fresh prefix of `store`'s bucket.
    private func withTwoDatabases(on store: S3Store, _ body: (ScaryCreatureDatabase, ScaryCreatureDatabase) async throws -> Void) async throws {
        let server = try await S3TestServer.shared(store)
        let client = try server.client()
        let bucket = BucketStorage(client: client, location: S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix("watch")))
        do {
            let one = try await ScaryCreatureDatabase.open(storage: .bucket(bucket))
            let two = try await ScaryCreatureDatabase.open(storage: .bucket(bucket))
            try await body(one, two)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test("a creature created, renamed, given a photo and deleted through one server is published by the other's watch", arguments: S3Store.allCases)
    func eventsFromAnotherServer(store: S3Store) async throws {
        try await withTwoDatabases(on: store) { one, two in
            let existing = try await one.add(title: "Old")
            let watch = await startWatch(of: two)
            defer { watch.cancel() }
            let events = await two.changes.subscribe(after: nil)
            let creature = try await one.add(title: "Ghost")
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["created \(creature.id)"])
            _ = try await one.rate(creature.id, 3)
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["updated \(creature.id)"])
            try await one.setImage(creature.id, try SamplePhotos.png())
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["photo \(creature.id)"])
            try await one.delete(creature.id)
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["deleted \(creature.id)"])
            // A creature made just before the watch started was read by its first pass: a change
            // to it is told as what it is.
            _ = try await one.rename(existing.id, to: "Older")
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["updated \(existing.id)"])
        }
    }

    @Test("a creature another server made after this server started, before its watch's first pass, is still published", arguments: S3Store.allCases)
    func madeBeforeTheFirstPass(store: S3Store) async throws {
        try await withTwoDatabases(on: store) { one, two in
            let events = await two.changes.subscribe(after: nil)
            let watch = Task { try await FolderWatch(database: two).run() }
            defer { watch.cancel() }
            let creature = try await one.add(title: "Early")
            #expect(try await nextEvents(events, count: 2).map(\.summary) == ["updated \(creature.id)", "photo \(creature.id)"])
        }
    }

    @Test("a creature present before the watch began is not read at start; the first change another server makes to it is told as updated and photo", arguments: S3Store.allCases)
    func presentBeforeTheWatch(store: S3Store) async throws {
        try await withTwoDatabases(on: store) { one, two in
            let old = try await one.add(title: "Old")
            // A listing dates objects to the second, so the creature must be older than the
            // watch by more than a second: a margin of -2 s counts the watch as begun 2 s from
            // now instead of waiting for that.
            let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
            let watch = Task { try await FolderWatch(database: two, clockMargin: -2).run { readyContinuation.yield() } }
            defer { watch.cancel() }
            for await _ in ready { break }
            let events = await two.changes.subscribe(after: nil)
            _ = try await one.rate(old.id, 2)
            #expect(try await nextEvents(events, count: 2).map(\.summary) == ["updated \(old.id)", "photo \(old.id)"])
        }
    }

    @Test("a photo replaced through another server: this server's cached thumbnail is dropped, the next one is the new photo's", arguments: S3Store.allCases)
    func thumbnailFollowsAnotherServer(store: S3Store) async throws {
        try await withTwoDatabases(on: store) { one, two in
            let creature = try await one.add(title: "Ghost", image: try SamplePhotos.png())
            let watch = await startWatch(of: two)
            defer { watch.cancel() }
            let before = try #require(try await two.thumbnail(of: creature.id))
            #expect(await two.thumbnails.value(for: creature.id) == before)
            let events = await two.changes.subscribe(after: nil)
            try await one.setImage(creature.id, try SamplePhotos.jpeg())
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["photo \(creature.id)"])
            #expect(await two.thumbnails.value(for: creature.id) == nil)
            let after = try #require(try await two.thumbnail(of: creature.id))
            #expect(after != before)
            #expect(after == (try await one.thumbnail(of: creature.id)))
        }
    }
}
