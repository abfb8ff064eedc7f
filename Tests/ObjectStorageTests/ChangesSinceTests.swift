import Foundation
import Testing
import TestSupport
@testable import ObjectStorage

/// The one-off look a starting server takes at the journals to bring a listing summary up to
/// date: every change since a time, or "look at everything" when the journals cannot prove it.
@Suite("Changes since a time, from every writer's journal", .serialized, .timeLimit(.minutes(4)))
struct ChangesSinceTests {
    @Test("the names every writer recorded at or after the time (less the clock margin), own journal included; none before; no roster is no change", arguments: S3Store.allCases)
    func namesSince(store: S3Store) async throws {
        let bucket = try await TestBucket("since", on: store)
        #expect(try await ChangeFollower.changes(client: bucket.client, prefix: bucket.prefix, since: Date()) == ChangeFollower.Pass())
        let one = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        let two = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        await one.record(keys: [bucket.key("1.scarycreature/Data.plist")])
        await one.flush()
        try await Task.sleep(for: .milliseconds(300))
        let since = Date()
        await one.record(key: bucket.key("2.scarycreature/Data.plist"), etag: "\"e2\"")
        await one.flush()
        await two.record(keys: [bucket.key("3.scarycreature/Data.plist")])
        await two.flush()
        let pass = try await ChangeFollower.changes(client: bucket.client, prefix: bucket.prefix, since: since, clockMargin: 0.1)
        #expect(pass == ChangeFollower.Pass(names: ["2.scarycreature/Data.plist", "3.scarycreature/Data.plist"], etags: ["2.scarycreature/Data.plist": "\"e2\""]))
        // With a margin wider than the time between them, the batch before counts too.
        #expect(try await ChangeFollower.changes(client: bucket.client, prefix: bucket.prefix, since: since, clockMargin: 120).names.count == 3)
        try await bucket.client.shutdown()
    }

    @Test("everything, when the journals cannot prove they hold every change: a time older than a writer stays in the roster, a journal that dropped batches since, a batch too large to list, a foreign journal", arguments: S3Store.allCases)
    func everythingWhenUnproven(store: S3Store) async throws {
        let bucket = try await TestBucket("since-unproven", on: store)
        let writer = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick { $0.keptEntries = 2 })
        let since = Date()
        await writer.record(keys: [bucket.key("a")])
        await writer.flush()
        let look = { (since: Date, now: Date) in try await ChangeFollower.changes(client: bucket.client, prefix: bucket.prefix, since: since, now: now) }
        #expect(try await look(since, Date()) == ChangeFollower.Pass(names: ["a"]))
        #expect(try await look(since, since.addingTimeInterval(890)).everything == false)
        #expect(try await look(since, since.addingTimeInterval(900)).everything, "a writer idle since may have been forgotten")
        try await Task.sleep(for: .milliseconds(100))
        await writer.record(keys: [bucket.key("b")])
        await writer.flush()
        try await Task.sleep(for: .milliseconds(100))
        let afterB = Date()
        await writer.record(keys: [bucket.key("c")])
        await writer.flush()
        // Batches 2 and 3 kept; batch 1, after `since`, dropped.
        #expect(try await look(since, Date()).everything)
        let later = try await ChangeFollower.changes(client: bucket.client, prefix: bucket.prefix, since: afterB, clockMargin: 0)
        #expect(later == ChangeFollower.Pass(names: ["c"]), "what was dropped is older than the time asked for")

        let other = try await TestBucket("since-large", on: store)
        let large = ChangeJournal(client: other.client, prefix: other.prefix, settings: .quick { $0.namesPerEntry = 2 })
        let before = Date()
        await large.record(keys: ["x", "y", "z"].map(other.key))
        await large.flush()
        #expect(try await ChangeFollower.changes(client: other.client, prefix: other.prefix, since: before).everything)
        let id = large.writerID
        try await other.client.put(other.key(ChangeJournalFormat.journalName(of: id)), body: Data("{\"format\":\"something else\"}".utf8))
        #expect(try await ChangeFollower.changes(client: other.client, prefix: other.prefix, since: before.addingTimeInterval(-600)).everything)
        try await bucket.client.shutdown()
        try await other.client.shutdown()
    }
}
