import Foundation
import Testing
import TestSupport
@testable import ObjectStorage

/// Writers' change journals read by another server's follower, on both local S3 servers.
@Suite("Change journals: another server's writes learnt at the price of the changes", .serialized, .timeLimit(.minutes(4)))
struct ChangeJournalTests {
    @Test("a follower learns the names another writer recorded, once; an idle pass is two GETs (roster, journal) answered 304; its own journal, hidden names and keys outside the prefix are not read", arguments: S3Store.allCases)
    func namesOnce(store: S3Store) async throws {
        let bucket = try await TestBucket("journal", on: store)
        let theirs = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        let mine = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        let follower = ChangeFollower(client: bucket.client, prefix: bucket.prefix, ownWriter: mine.writerID)
        #expect(try await follower.pass() == ChangeFollower.Pass())
        await theirs.record(keys: [bucket.key("1.scarycreature/Data.plist"), bucket.key(".listing-summary"), "elsewhere/2", bucket.key("caf\u{E9}")])
        await theirs.flush()
        await mine.record(keys: [bucket.key("9.scarycreature/Data.plist")])
        await mine.flush()
        #expect(try await follower.pass().names == ["1.scarycreature/Data.plist", "caf\u{E9}"])
        let before = await follower.requestCount
        #expect(try await follower.pass() == ChangeFollower.Pass())
        #expect(await follower.requestCount - before == 2)
        await theirs.record(key: bucket.key("2.scarycreature/Photo.png"), etag: "\"p2\"")
        await theirs.flush()
        let pass = try await follower.pass()
        #expect(pass.names == ["2.scarycreature/Photo.png"])
        #expect(pass.etags == ["2.scarycreature/Photo.png": "\"p2\""], "the ETag the writer was given")
        try await bucket.client.shutdown()
    }

    @Test("a digest recorded with a write reaches the follower; not when two writers told of the name within the window (in one pass or in two), nor when this process's own journal recorded it lately, nor for a delete", arguments: S3Store.allCases)
    func digests(store: S3Store) async throws {
        let bucket = try await TestBucket("journal-digests", on: store)
        let one = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        let two = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        let mine = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        // A window of a minute: under a loaded run the flushes below may take longer than 15 s.
        let follower = ChangeFollower(client: bucket.client, prefix: bucket.prefix, ownWriter: mine.writerID, ownJournal: mine, digestWindow: .seconds(60))
        await one.record(key: bucket.key("a"), etag: "\"1\"", digest: "00000000000000a1")
        await one.record(key: bucket.key("b"), etag: "\"1\"", digest: "00000000000000b1")
        await one.record(key: bucket.key("gone"), etag: nil, digest: "00000000000000c1")
        await two.record(key: bucket.key("b"), etag: "\"2\"", digest: "00000000000000b2")
        await mine.record(key: bucket.key("m"), etag: "\"1\"", digest: "00000000000000d1")
        await one.record(key: bucket.key("m"), etag: "\"2\"", digest: "00000000000000d2")
        for journal in [one, two, mine] { await journal.flush() }
        var pass = try await follower.pass()
        #expect(pass.names == ["a", "b", "gone", "m"])
        #expect(pass.digests == ["a": "00000000000000a1"], "b: two writers in one pass; gone: a delete; m: this process wrote it")
        await one.record(key: bucket.key("a"), etag: "\"2\"", digest: "00000000000000a2")
        await one.flush()
        pass = try await follower.pass()
        #expect(pass.digests == ["a": "00000000000000a2"], "the same writer again: its latest write")
        await two.record(key: bucket.key("a"), etag: "\"3\"", digest: "00000000000000a3")
        await two.flush()
        pass = try await follower.pass()
        #expect(pass.names == ["a"])
        #expect(pass.digests.isEmpty, "another writer within the window: which came last is not known")
        try await bucket.client.shutdown()
    }

    /// Records each of `names` in a batch of its own of `writer`'s journal, written before the next.
    private func recordEach(_ names: [String], by writer: ChangeJournal, in bucket: TestBucket) async {
        for name in names {
            await writer.record(keys: [bucket.key(name)])
            await writer.flush()
        }
    }

    @Test("a follower that missed more batches than a journal keeps is told to look at everything; one that missed fewer gets every name", arguments: S3Store.allCases)
    func missedBatches(store: S3Store) async throws {
        let bucket = try await TestBucket("journal-gap", on: store)
        let writer = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick { $0.keptEntries = 3 })
        let follower = ChangeFollower(client: bucket.client, prefix: bucket.prefix, ownWriter: nil)
        await recordEach(["a", "b"], by: writer, in: bucket)
        #expect(try await follower.pass() == ChangeFollower.Pass(names: ["a", "b"]))
        await recordEach(["c", "d", "e"], by: writer, in: bucket)
        #expect(try await follower.pass() == ChangeFollower.Pass(names: ["c", "d", "e"]))
        await recordEach(["f", "g", "h", "i"], by: writer, in: bucket)
        #expect(try await follower.pass() == ChangeFollower.Pass(names: ["g", "h", "i"], everything: true))
        try await bucket.client.shutdown()
    }

    @Test("more names in one batch than it lists tell followers to look at everything", arguments: S3Store.allCases)
    func wideBatch(store: S3Store) async throws {
        let bucket = try await TestBucket("journal-wide", on: store)
        let writer = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick { $0.namesPerEntry = 4 })
        let follower = ChangeFollower(client: bucket.client, prefix: bucket.prefix, ownWriter: nil)
        await writer.record(keys: (1...5).map { bucket.key("\($0)") })
        await writer.flush()
        #expect(try await follower.pass() == ChangeFollower.Pass(everything: true))
        try await bucket.client.shutdown()
    }

    @Test("a closed journal is read once more, then never again; a writer whose time ran out is not read until it writes again", arguments: S3Store.allCases)
    func closedAndIdle(store: S3Store) async throws {
        let bucket = try await TestBucket("journal-idle", on: store)
        let command = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        let server = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick { $0.activeFor = 8 })  // long enough for a loaded test run
        let follower = ChangeFollower(client: bucket.client, prefix: bucket.prefix, ownWriter: nil, clockMargin: 0)
        await command.record(keys: [bucket.key("made-by-the-command")])
        await command.close()
        await server.record(keys: [bucket.key("made-by-the-server")])
        await server.flush()
        #expect(try await follower.pass().names == ["made-by-the-command", "made-by-the-server"])
        var before = await follower.requestCount
        _ = try await follower.pass()
        #expect(await follower.requestCount - before == 2, "the roster and the server's journal; not the command's")
        try await Task.sleep(for: .milliseconds(8100))
        before = await follower.requestCount
        _ = try await follower.pass()
        #expect(await follower.requestCount - before == 1, "the roster alone: no writer is active")
        await server.record(keys: [bucket.key("again")])
        await server.flush()
        #expect(try await follower.pass().names == ["again"])
        try await bucket.client.shutdown()
    }

    @Test("eight writers entering the roster at once are all in it; a writer forgotten is dropped, and its journal deleted, by the next one to enter", arguments: S3Store.allCases)
    func roster(store: S3Store) async throws {
        let bucket = try await TestBucket("journal-roster", on: store)
        let old = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick { $0.activeFor = 0.5; $0.forgetAfter = 0.5 })
        await old.record(keys: [bucket.key("old")])
        await old.flush()
        try await Task.sleep(for: .milliseconds(1100))
        // Forgetting is the entrant's decision, by its own settings.
        let writers = (0..<8).map { _ in ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick { $0.forgetAfter = 0.5 }) }
        await withTaskGroup(of: Void.self) { group in
            for (index, writer) in writers.enumerated() {
                group.addTask {
                    await writer.record(keys: [bucket.key("w\(index)")])
                    await writer.flush()
                }
            }
        }
        guard case .object(let stored) = try await bucket.client.get(bucket.key(ChangeJournalFormat.rosterName), maxBytes: 1 << 20) else {
            Issue.record("no roster")
            return
        }
        #expect(Set(ChangeJournalFormat.roster(from: stored.body).writers.keys) == Set(writers.map(\.writerID)))
        #expect(try await bucket.client.head(bucket.key(ChangeJournalFormat.journalName(of: old.writerID))) == nil)
        let follower = ChangeFollower(client: bucket.client, prefix: bucket.prefix, ownWriter: nil, since: .distantPast)
        #expect(try await follower.pass().names == Set((0..<8).map { "w\($0)" }))
        try await bucket.client.shutdown()
    }

    @Test("batches written before a follower began (its first full look saw them) are not handed to it; those after are", arguments: S3Store.allCases)
    func firstSight(store: S3Store) async throws {
        let bucket = try await TestBucket("journal-since", on: store)
        let writer = ChangeJournal(client: bucket.client, prefix: bucket.prefix, settings: .quick())
        await writer.record(keys: [bucket.key("before")])
        await writer.flush()
        try await Task.sleep(for: .milliseconds(50))
        let follower = ChangeFollower(client: bucket.client, prefix: bucket.prefix, ownWriter: nil, since: Date(), clockMargin: 0)
        await writer.record(keys: [bucket.key("after")])
        await writer.flush()
        #expect(try await follower.pass().names == ["after"])
        try await bucket.client.shutdown()
    }

    @Test("a journal whose reads are reset, failed or late is still followed to its end: a pass that could not read it says so, and a later pass hands over every name", arguments: S3Store.allCases)
    func faultyReads(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
        defer { proxy.stop() }
        let prefix = S3TestServer.uniquePrefix("journal-faults")
        let direct = try server.client()
        let proxied = try server.client(endpoint: proxy.endpoint, retry: RetryPolicy(maxAttempts: 1, baseDelay: .zero, maxDelay: .zero, deadline: .seconds(5)))
        let writers = (0..<3).map { _ in ChangeJournal(client: direct, prefix: prefix, settings: .quick()) }
        let follower = ChangeFollower(client: proxied, prefix: prefix, ownWriter: nil, since: .distantPast)
        try await proxy.plan([], shares: ["reset-before": 0.2, "internal": 0.2, "late": 0.3], sharesOnly: ChangeJournalFormat.folder)
        var learnt = Set<String>(), expected = Set<String>()
        var incomplete = 0
        for round in 0..<20 {
            for (index, writer) in writers.enumerated() where (round + index) % 2 == 0 {
                let name = "r\(round)-w\(index)"
                expected.insert(name)
                await writer.record(keys: [prefix + name])
                await writer.flush()
            }
            do {
                let pass = try await follower.pass()
                learnt.formUnion(pass.names)
                if !pass.complete { incomplete += 1 }
                #expect(!pass.everything)
            } catch {
                incomplete += 1  // the roster's read failed: nothing learnt, nothing lost
            }
        }
        try await proxy.plan([])
        for _ in 0..<3 { learnt.formUnion(try await follower.pass().names) }
        #expect(learnt == expected)
        #expect(incomplete > 0, "the faults reached the follower")
        try await direct.shutdown()
        try await proxied.shutdown()
    }
}
