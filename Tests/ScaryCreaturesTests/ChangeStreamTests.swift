import Foundation
@testable import ScaryCreatures
import Testing
import TestSupport
import ImagingSamples

/// Starts a ``FolderWatch`` of `database` and returns once it watches every bundle.
func startWatch(of database: ScaryCreatureDatabase) async -> Task<Void, any Error> {
    let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
    let watch = Task { try await FolderWatch(database: database).run { readyContinuation.yield() } }
    for await _ in ready { break }
    return watch
}

extension CreatureChanges.Event {
    /// The kind and creature of a change (nil for a reset).
    var summary: String {
        switch self {
        case .reset: "reset"
        case .change(let change): "\(change.kind.rawValue) \(change.id)"
        }
    }
}

@Suite("The change stream", .timeLimit(.minutes(4)))
struct ChangeStreamTests {
    @Test("the database's own writes are published once each, in order, even while the folder watch sees them too")
    func ownWrites() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let watch = await startWatch(of: database)
            defer { watch.cancel() }
            let events = await database.changes.subscribe(after: nil)
            let creature = try await database.add(title: "Ghost")
            _ = try await database.rate(creature.id, 3)
            try await database.setImage(creature.id, try SamplePhotos.png())
            try await database.delete(creature.id)
            let seen = try await nextEvents(events, count: 4)
            #expect(seen.map(\.summary) == ["created 1", "updated 1", "photo 1", "deleted 1"])
            // The watch publishes nothing of the database's own writes: a change another process
            // makes after them is the very next event (the watch reads the folder's events in order).
            let other = try await ScaryCreatureDatabase.open(at: folder)
            _ = try await other.add(title: "Marker")  // gets number 1 again
            let after = try await nextEvents(events, count: 1).map(\.summary)
            #expect(after == ["created 1"])  // the number is free again
        }
    }

    @Test("the folder watch does not read back the database's own edit: a rating change keeps the cached thumbnail")
    func ownEditNotReadBack() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let creature = try await database.add(title: "Ghost", image: try SamplePhotos.png())
            let thumbnail = try #require(try await database.thumbnail(of: creature.id))
            let watch = await startWatch(of: database)
            defer { watch.cancel() }
            let events = await database.changes.subscribe(after: nil)
            _ = try await database.rate(creature.id, 4)
            // Another store in this process (so another writer, as far as the watch knows) adds a
            // creature after the edit: once the watch publishes that, it has handled the edit's
            // events, which come first.
            let other = try await ScaryCreatureDatabase.open(at: folder)
            _ = try await other.add(title: "Marker")
            #expect(try await nextEvents(events, count: 2).map(\.summary) == ["updated 1", "created 2"])
            #expect(await database.thumbnails.value(for: creature.id) == thumbnail)
        }
    }

    @Test("a change made by a CLI process reaches an open subscription")
    func otherProcess() async throws {
        try await withTemporaryFolder { folder in
            #expect(try await runCLI(["add", "Spider"], dataDir: folder).status == 0)
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let watch = await startWatch(of: database)
            defer { watch.cancel() }
            let events = await database.changes.subscribe(after: nil)
            #expect(try await runCLI(["rate", "1", "4"], dataDir: folder).status == 0)
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["updated 1"])
            let photo = folder.appendingPathComponent("p.png")
            try SamplePhotos.png().write(to: photo)
            #expect(try await runCLI(["add", "Bat", "--image", photo.path], dataDir: folder).status == 0)
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["created 2"])
            #expect(try await runCLI(["delete", "1"], dataDir: folder).status == 0)
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["deleted 1"])
        }
    }

    @Test("in a 2010 folder, a bundle spelled N.ScaryBug is watched under its own spelling: another writer's edit is seen")
    func watchesScaryBugSpelling() async throws {
        try await withTemporaryFolder { root in
            let bundle = root.appendingPathComponent("2.ScaryBug")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            try foundationArchive(FoundationCreature(title: "Bug", rating: 2.5, inlineRating: true), className: "ScaryBugData", topKey: "Data")
                .write(to: bundle.appendingPathComponent("data.plist"))
            let database = try await ScaryCreatureDatabase.open(at: root)
            #expect(database.layout.kind == .scaryBugs2010)
            let watch = await startWatch(of: database)
            defer { watch.cancel() }
            #expect(database.generation.current != nil)  // every bundle is watched
            let events = await database.changes.subscribe(after: nil)
            let other = try await ScaryCreatureDatabase.open(at: root)
            _ = try await other.rate(2, 4)
            #expect(try await nextEvents(events, count: 1).map(\.summary) == ["updated 2"])
        }
    }

    @Test("while watched, the listing is read once per change: own changes show at once, another writer's within a second")
    func keptListingStaysFresh() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder)
            _ = try await database.add(title: "Moth", rating: 1)
            let watch = await startWatch(of: database)
            defer { watch.cancel() }
            #expect(try await database.list().creatures.map(\.rating) == [1])
            // Kept in memory under the current generation, for the next listing to use.
            let generation = try #require(database.generation.current)
            #expect(database.listingCache.listing(at: generation)?.creatures.map(\.id) == [1])
            _ = try await database.rate(1, 2)
            #expect(try await database.list().creatures.map(\.rating) == [2])
            let other = try await ScaryCreatureDatabase.open(at: folder)
            _ = try await other.add(title: "Wasp", rating: 4)
            var ratings: [Float] = []
            for _ in 0..<40 {
                ratings = try await database.list().creatures.map(\.rating)
                if ratings == [2, 4] { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(ratings == [2, 4])
        }
    }

    @Test("a subscriber that reconnects with its last event id gets what it missed; an unknown id gets a reset")
    func resume() async throws {
        let changes = CreatureChanges()
        await changes.publish(.created, subject: 1, state: CreatureState(version: "a", attachments: ""))
        let first = await changes.subscribe(after: nil)
        await changes.publish(.updated, subject: 1, state: CreatureState(version: "b", attachments: ""))
        guard case .change(let seen)? = try await nextEvents(first, count: 1).first else {
            Issue.record("no change")
            return
        }
        await changes.publish(.updated, subject: 1, state: CreatureState(version: "c", attachments: ""))
        await changes.publish(.deleted, subject: 1, state: nil)
        let again = await changes.subscribe(after: changes.eventID(seen))
        #expect(try await nextEvents(again, count: 2).map(\.summary) == ["updated 1", "deleted 1"])
        let stranger = await changes.subscribe(after: "someone-else-3")
        #expect(try await nextEvents(stranger, count: 1).map(\.summary) == ["reset"])
    }

    @Test("a subscriber that falls behind is ended instead of buffering without bound")
    func slowSubscriber() async throws {
        let changes = CreatureChanges(subscriberBuffer: 3)
        let slow = await changes.subscribe(after: nil)
        for version in 1...10 {
            await changes.publish(.updated, subject: 1, state: CreatureState(version: "\(version)", attachments: ""))
        }
        var received = 0
        for await _ in slow { received += 1 }
        #expect(received == 3)
    }
}
