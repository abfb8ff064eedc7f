import Foundation
import Testing
import TestSupport
@testable import ObjectStorage

@Suite("Watching a prefix by listing: another server's changes seen", .serialized)
struct BucketPollTests {
    @Test("a pass reports what was added, changed (new ETag) and removed since the last, in key order; an unchanged pass reports nothing", arguments: S3Store.allCases)
    func passes(store: S3Store) async throws {
        let mine = try await TestBucket("poll", on: store)
        let theirs = try await TestBucket("poll", on: store)  // another server: its own client, the same bucket
        let prefix = mine.prefix
        let poll = BucketPoll(client: mine.client, prefix: prefix)
        #expect(try await poll.poll().undated == [])
        let firstA = try await theirs.client.put(prefix + "1.scarycreature/Data.plist", body: Data("a".utf8))
        let firstB = try await theirs.client.put(prefix + "2 two/Data.plist", body: Data("b".utf8))
        #expect(try await poll.poll().undated == [
            .init(kind: .added, key: prefix + "1.scarycreature/Data.plist", etag: firstA),
            .init(kind: .added, key: prefix + "2 two/Data.plist", etag: firstB),
        ])
        #expect(try await poll.poll().undated == [])
        let secondA = try await theirs.client.put(prefix + "1.scarycreature/Data.plist", body: Data("a2".utf8))
        try await theirs.client.delete(prefix + "2 two/Data.plist")
        #expect(try await poll.poll().undated == [
            .init(kind: .changed, key: prefix + "1.scarycreature/Data.plist", etag: secondA),
            .init(kind: .removed, key: prefix + "2 two/Data.plist", etag: nil),
        ])
        #expect(await poll.requestCount == 4)
        try await mine.client.shutdown()
        try await theirs.client.shutdown()
    }

    @Test("a baseline the caller knows is not reported again; more than 1,000 keys take one request per 1,000", arguments: S3Store.allCases)
    func baselineAndPages(store: S3Store) async throws {
        let bucket = try await TestBucket("poll-pages", on: store)
        var baseline: [String: String] = [:]
        for index in 0..<1_005 {
            let key = bucket.key(String(format: "%04d.scarycreature/Data.plist", index))
            baseline[key] = try await bucket.client.put(key, body: Data("\(index)".utf8))
        }
        let poll = BucketPoll(client: bucket.client, prefix: bucket.prefix, baseline: baseline)
        #expect(try await poll.poll().undated == [])
        #expect(await poll.requestCount == 2)
        #expect(await poll.snapshot == baseline)
        try await bucket.client.shutdown()
    }

    @Test("the event stream shows another server's write at the next pass, and its passes stop when the listener stops", arguments: S3Store.allCases)
    func events(store: S3Store) async throws {
        let mine = try await TestBucket("poll-events", on: store)
        let theirs = try await TestBucket("poll-events", on: store)
        let poll = BucketPoll(client: mine.client, prefix: mine.prefix, interval: .milliseconds(200))
        _ = try await poll.poll()
        let key = mine.prefix + "items.archive"
        let etag = try await theirs.client.put(key, body: Data("x".utf8))
        var seen: [BucketPoll.Change] = []
        for await event in poll.events() {
            if case .changed(let changes) = event {
                seen = changes
                break
            }
        }
        #expect(seen.undated == [.init(kind: .added, key: key, etag: etag)])
        #expect(seen.allSatisfy { abs($0.lastModified?.timeIntervalSinceNow ?? 999) < 60 })
        // The stream is gone: its task is cancelled and its passes end (none is left to make
        // another request).
        try await waitUntil { await poll.watchesRunning == 0 }
        let requests = await poll.requestCount
        #expect(try await poll.poll() == [])
        #expect(await poll.requestCount == requests + 1)
        try await mine.client.shutdown()
        try await theirs.client.shutdown()
    }

    @Test("while the storage is down each pass is a .failed event, and the first pass after it comes back reports what changed meanwhile", arguments: S3Store.allCases)
    func downAndBack(store: S3Store) async throws {
        let bucket = try await FaultyBucket("poll-down", retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(5), maxDelay: .milliseconds(10), deadline: .seconds(5)), on: store)
        let poll = BucketPoll(client: bucket.client, prefix: bucket.direct.prefix, interval: .milliseconds(100))
        _ = try await poll.poll()
        try await bucket.proxy.plan(Array(repeating: "slowdown", count: 4))
        let etag = try await bucket.direct.client.put(bucket.key("n"), body: Data("n".utf8))
        var events: [BucketPoll.Event] = []
        for await event in poll.events() {
            events.append(event)
            if case .changed = event { break }
        }
        #expect(events.count == 3)
        #expect(events.prefix(2).allSatisfy { if case .failed(let message) = $0 { message.contains("SlowDown") } else { false } })
        guard case .changed(let changes) = events.last else { Issue.record("the last event is not a change"); return }
        #expect(changes.undated == [.init(kind: .added, key: bucket.key("n"), etag: etag)])
        await bucket.close()
    }
}

extension [BucketPoll.Change] {
    /// The changes without their dates, to compare with changes written out.
    var undated: [BucketPoll.Change] {
        map { BucketPoll.Change(kind: $0.kind, key: $0.key, etag: $0.etag) }
    }
}
