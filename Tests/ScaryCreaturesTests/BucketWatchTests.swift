import DocumentStore
import Foundation
import ImagingSamples
import ObjectStorage
@testable import ScaryCreatures
import Testing
import TestSupport

/// Two databases on one bucket, as two servers: each one's watch of the bucket sees the other's
/// changes, publishes them, and drops the cached thumbnails they make stale. Events are waited
/// for up to 60 s: the shared local S3 server answers one request at a time for the whole run.
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
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["created \(creature.id)"])
            _ = try await one.rate(creature.id, 3)
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["updated \(creature.id)"])
            try await one.setImage(creature.id, try SamplePhotos.png())
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["photo \(creature.id)"])
            try await one.delete(creature.id)
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["deleted \(creature.id)"])
            // A creature made just before the watch started was read by its first pass: a change
            // to it is told as what it is.
            _ = try await one.rename(existing.id, to: "Older")
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["updated \(existing.id)"])
        }
    }

    @Test("a creature another server made after this server started, before its watch's first pass, is still published", arguments: S3Store.allCases)
    func madeBeforeTheFirstPass(store: S3Store) async throws {
        try await withTwoDatabases(on: store) { one, two in
            let events = await two.changes.subscribe(after: nil)
            let watch = Task { try await FolderWatch(database: two).run() }
            defer { watch.cancel() }
            let creature = try await one.add(title: "Early")
            #expect(try await nextEvents(events, count: 2, limit: .seconds(60)).map(\.summary) == ["updated \(creature.id)", "photo \(creature.id)"])
        }
    }

    @Test("a creature present before the watch began is not read at start; another server's edit of its data alone is told as updated, at the stored version; a new photo for it as photo", arguments: S3Store.allCases)
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
            let rated = try await one.rate(old.id, 2)
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["updated \(old.id)"])
            #expect(await two.changes.state(of: old.id)?.version == rated.version)
            try await one.setImage(old.id, try SamplePhotos.png())
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["photo \(old.id)"])
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
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["photo \(creature.id)"])
            #expect(await two.thumbnails.value(for: creature.id) == nil)
            let after = try #require(try await two.thumbnail(of: creature.id))
            #expect(after != before)
            #expect(after == (try await one.thumbnail(of: creature.id)))
        }
    }
}

/// What following another server's edits costs in requests, counted at a proxy.
@Suite("The price of following another server's edits", .serialized, .timeLimit(.minutes(4)))
struct EditFollowingCostTests {
    /// Runs `body` with a server (`one`, direct) and a reader (through the proxy, following by
    /// the journals) on a fresh prefix, once the reader has told of a creature `one` made.
    private func withFollowedCreature(
        _ store: S3Store, name: String,
        _ body: (ProxiedPrefix, ScaryCreatureDatabase, ScaryCreatureDatabase, AsyncStream<CreatureChanges.Event>, Int) async throws -> Void
    ) async throws {
        try await ProxiedPrefix.with(store, name: name) { prefix in
            let one = try await ScaryCreatureDatabase.open(storage: .bucket(prefix.direct))
            let reader = try await ScaryCreatureDatabase.open(storage: .bucket(prefix.proxied))
            let (watch, events) = await followByJournals(reader)
            defer { watch.cancel() }
            let creature = try await one.add(title: "Ghost")
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["created \(creature.id)"])
            try await body(prefix, one, reader, events, creature.id)
        }
    }

    /// The reader's requests (the journals' left out) from the `before`th on, as "METHOD path",
    /// creature `id`'s data file named `N.scarycreature/Data.plist`.
    private func requests(_ prefix: ProxiedPrefix, from before: Int, dataOf id: Int) async throws -> [String] {
        let data = "\(id).scarycreature/Data.plist"
        return try await prefix.proxy.log().dropFirst(before).filter { !$0.path.contains("/.changes/") }
            .map { "\($0.method) \($0.path.hasSuffix("/" + data) ? data : $0.path)" }
    }

    @Test("an edit another server makes to a creature this server knows is followed by the journals alone: no request for the creature, its version the digest the journal carries; a new photo still reads the bundle", arguments: S3Store.allCases)
    func noRequestPerEdit(store: S3Store) async throws {
        try await withFollowedCreature(store, name: "edit-cost") { prefix, one, reader, events, id in
            let before = try await prefix.proxy.log().count
            _ = try await one.rename(id, to: "Ghoul")
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["updated \(id)"])
            #expect(try await requests(prefix, from: before, dataOf: id) == [])
            #expect(await reader.changes.state(of: id)?.version == (try await one.creature(id).version))

            try await one.setImage(id, try SamplePhotos.png())
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["photo \(id)"])
        }
    }

    @Test("an edit another server makes to a creature present before this server's watch began (its state not read at start) costs no request either: told as updated, at the digest the journal carries", arguments: S3Store.allCases)
    func noRequestForCreatureNotReadAtStart(store: S3Store) async throws {
        try await ProxiedPrefix.with(store, name: "edit-cost-unread") { prefix in
            let one = try await ScaryCreatureDatabase.open(storage: .bucket(prefix.direct))
            let old = try await one.add(title: "Old")
            let reader = try await ScaryCreatureDatabase.open(storage: .bucket(prefix.proxied))
            // A margin of -2 s counts the watch as begun 2 s from now, so the creature is older
            // than it (a listing dates objects to the second) and is not read at start.
            let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
            let watch = Task {
                try await FolderWatch(database: reader, clockMargin: -2, fullInterval: .seconds(3600), digestWindow: .seconds(60)).run { readyContinuation.yield() }
            }
            defer { watch.cancel() }
            for await _ in ready { break }
            let events = await reader.changes.subscribe(after: nil)
            #expect(await reader.changes.state(of: old.id) == FolderWatch.unreadState)
            let before = try await prefix.proxy.log().count
            let rated = try await one.rate(old.id, 4)
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["updated \(old.id)"])
            #expect(try await requests(prefix, from: before, dataOf: old.id) == [])
            #expect(await reader.changes.state(of: old.id)?.version == rated.version)
        }
    }

    @Test("an edit another server makes to a creature this server changed itself moments before is followed by reading its data file (which write came last the journals cannot tell), and ends at the stored version", arguments: S3Store.allCases)
    func ownEditThenTheirs(store: S3Store) async throws {
        try await withFollowedCreature(store, name: "edit-race") { prefix, one, reader, events, id in
            _ = try await reader.rename(id, to: "Wraith")
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["updated \(id)"])
            let before = try await prefix.proxy.log().count
            _ = try await one.rename(id, to: "Ghoul")
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["updated \(id)"])
            #expect(try await requests(prefix, from: before, dataOf: id) == ["GET \(id).scarycreature/Data.plist"])
            #expect(await reader.changes.state(of: id)?.version == (try await one.creature(id).version))
        }
    }
}

/// The change journals' reads made to fail, reset and arrive late: what other servers change
/// still reaches this one, by the journals alone (its full listing held off for an hour).
@Suite("Following other servers through faulty journal reads", .serialized, .timeLimit(.minutes(4)))
struct FaultyJournalReadTests {
    @Test("while a server's reads of the change journals are reset (15 %), failed (15 %) and late by up to 1.5 s (30 %), every change two other servers make reaches its change stream: its creatures and versions end equal to the bucket's", arguments: S3Store.allCases)
    func faultyJournalReads(store: S3Store) async throws {
        try await ProxiedPrefix.with(store, name: "journal-faults") { prefix in
            let one = try await ScaryCreatureDatabase.open(storage: .bucket(prefix.direct))
            let two = try await ScaryCreatureDatabase.open(storage: .bucket(prefix.direct))
            let reader = try await ScaryCreatureDatabase.open(storage: .bucket(prefix.proxied))
            let (watch, events) = await followByJournals(reader)
            defer { watch.cancel() }
            let observed = ToldVersions<Int>()
            let seen = observed.follow(events)
            defer { seen.cancel() }
            try await prefix.proxy.plan([], shares: ["reset-before": 0.15, "internal": 0.15, "late": 0.3], sharesOnly: "/.changes/")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (writer, database) in [one, two].enumerated() {
                    group.addTask {
                        var mine: [Int] = []
                        for step in 0..<24 {
                            switch step % 4 {
                            case 0, 1: mine.append(try await database.add(title: "W\(writer) \(step)").id)
                            case 2: _ = try await database.rate(mine[mine.count - 1], Double(step % 6))
                            default: try await database.delete(mine.removeFirst())
                            }
                            try await Task.sleep(for: .milliseconds(100))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let fresh = try await ScaryCreatureDatabase.open(storage: .bucket(prefix.direct))
            var expected: [Int: String] = [:]
            for creature in try await fresh.list().creatures { expected[creature.id] = creature.version }
            #expect(expected.count == 12)
            try await waitUntil(limit: .seconds(60)) { await observed.versions == expected }
            #expect(await observed.versions == expected)
            let faults = try await prefix.proxy.log().filter { $0.path.contains("/.changes/") && $0.fault != "pass" }
            #expect(!faults.isEmpty, "the faults reached the journal reads")
        }
    }
}

extension FaultyJournalReadTests {
    @Test("a creature another program writes (it keeps no journal) is published at the next full listing", arguments: S3Store.allCases)
    func writtenByAnotherProgram(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let client = try server.client()
        let location = S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix("outside"))
        do {
            let writer = try await ScaryCreatureDatabase.open(storage: .bucket(BucketStorage(client: client, location: location)))
            _ = try await writer.add(title: "Original")
            let reader = try await ScaryCreatureDatabase.open(storage: .bucket(BucketStorage(client: client, location: location)))
            let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
            let watch = Task { try await FolderWatch(database: reader, clockMargin: 0, fullInterval: .seconds(3)).run { readyContinuation.yield() } }
            defer { watch.cancel() }
            for await _ in ready { break }
            let events = await reader.changes.subscribe(after: nil)
            // Copied by the client alone, as `aws s3 cp` would: no journal tells of it.
            guard case .object(let data) = try await client.get(location.key("1.scarycreature/Data.plist"), maxBytes: 1 << 20) else {
                Issue.record("the creature's data is not there")
                return
            }
            try await client.put(location.key("2.scarycreature/Data.plist"), body: data.body)
            #expect(try await nextEvents(events, count: 1, limit: .seconds(60)).map(\.summary) == ["created 2"])
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }
}

/// Starts `reader`'s watch following by the journals alone (its full listing held off for an
/// hour) and returns it once ready, with a subscription to the reader's changes.
func followByJournals(_ reader: ScaryCreatureDatabase) async -> (watch: Task<Void, any Error>, events: AsyncStream<CreatureChanges.Event>) {
    let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
    let watch = Task { try await FolderWatch(database: reader, clockMargin: 5, fullInterval: .seconds(3600), digestWindow: .seconds(60)).run { readyContinuation.yield() } }
    for await _ in ready { break }
    return (watch, await reader.changes.subscribe(after: nil))
}
