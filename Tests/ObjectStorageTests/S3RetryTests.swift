import Foundation
import Testing
import TestSupport
@testable import ObjectStorage

/// A client that reaches a shared local S3 server through a fresh fault proxy.
struct FaultyBucket {
    let proxy: S3FaultProxy
    let client: S3Client
    let direct: TestBucket

    init(
        _ name: String, retry: RetryPolicy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(10), maxDelay: .milliseconds(100), deadline: .seconds(90)),
        requestTimeout: Duration = .seconds(10), maxConnections: Int = 32, on store: S3Store
    ) async throws {
        direct = try await TestBucket(name, on: store)
        proxy = try await S3FaultProxy.start(upstream: direct.server.endpoint)
        client = try direct.server.client(endpoint: proxy.endpoint, retry: retry, requestTimeout: requestTimeout, maxConnections: maxConnections)
    }

    func key(_ name: String) -> String { direct.key(name) }

    /// What the proxy saw: method and fault.
    func seen() async throws -> [String] {
        try await proxy.log().map { "\($0.method) \($0.fault)" }
    }

    func close() async {
        try? await client.shutdown()
        try? await direct.client.shutdown()
        proxy.stop()
    }
}

@Suite("S3 client retries: 503 SlowDown, 500, dropped connections, delays, lost answers", .serialized)
struct S3RetryTests {
    @Test("503 SlowDown and 500 are tried again until an answer stands", arguments: S3Store.allCases)
    func serverErrors(store: S3Store) async throws {
        let bucket = try await FaultyBucket("slowdown", on: store)
        try await bucket.direct.client.put(bucket.key("x"), body: Data("x".utf8))
        try await bucket.proxy.plan(["slowdown", "internal", "slowdown"])
        guard case .object(let object) = try await bucket.client.get(bucket.key("x"), maxBytes: 10) else { return }
        #expect(object.body == Data("x".utf8))
        #expect(try await bucket.seen() == ["GET slowdown", "GET internal", "GET slowdown", "GET pass"])
        await bucket.close()
    }

    @Test("a connection reset before the request arrives is tried again", arguments: S3Store.allCases)
    func resetBefore(store: S3Store) async throws {
        let bucket = try await FaultyBucket("reset-before", on: store)
        try await bucket.proxy.plan(["reset-before", "reset-before"])
        let etag = try await bucket.client.put(bucket.key("x"), body: Data("x".utf8))
        #expect(try await bucket.direct.client.head(bucket.key("x"))?.etag == etag)
        #expect(try await bucket.seen() == ["PUT reset-before", "PUT reset-before", "PUT pass"])
        await bucket.close()
    }

    @Test("a create whose answer was lost after it landed is not sent again: the write id on the object says it landed", arguments: S3Store.allCases)
    func lostCreateLanded(store: S3Store) async throws {
        let bucket = try await FaultyBucket("lost-create", on: store)
        try await bucket.proxy.plan(["reset-after"])
        let etag = try await bucket.client.put(bucket.key("n"), body: Data("mine".utf8), condition: .absent)
        #expect(try await bucket.direct.client.head(bucket.key("n"))?.etag == etag)
        #expect(try await bucket.seen() == ["PUT reset-after", "HEAD pass"])
        await bucket.close()
    }

    @Test("a create lost before it landed is sent again once the key is seen empty", arguments: S3Store.allCases)
    func lostCreateNotLanded(store: S3Store) async throws {
        let bucket = try await FaultyBucket("lost-before", on: store)
        try await bucket.proxy.plan(["reset-before"])
        _ = try await bucket.client.put(bucket.key("n"), body: Data("mine".utf8), condition: .absent)
        #expect(try await bucket.seen() == ["PUT reset-before", "HEAD pass", "PUT pass"])
        await bucket.close()
    }

    @Test("a create lost while another writer took the key is .preconditionFailed, and theirs stays", arguments: S3Store.allCases)
    func lostCreateTaken(store: S3Store) async throws {
        let bucket = try await FaultyBucket("lost-taken", requestTimeout: .seconds(10), on: store)
        // Mine is reset before it lands; the look that follows is held 2 s, and theirs lands then.
        try await bucket.proxy.plan(["reset-before", "delay"])
        let mine = Task { try await bucket.client.put(bucket.key("n"), body: Data("mine".utf8), condition: .absent) }
        try await waitUntil { try await bucket.seen() == ["PUT reset-before", "HEAD delay"] }
        try await bucket.direct.client.put(bucket.key("n"), body: Data("theirs".utf8), condition: .absent)
        await #expect { _ = try await mine.value } throws: { ($0 as? S3Error)?.code == .preconditionFailed }
        guard case .object(let object) = try await bucket.direct.client.get(bucket.key("n"), maxBytes: 10) else { return }
        #expect(object.body == Data("theirs".utf8))
        #expect(try await bucket.seen() == ["PUT reset-before", "HEAD delay"])
        await bucket.close()
    }

    @Test("a write that landed, lost its answer, and was replaced by another writer before the look is reported landed but not current, and not sent again", arguments: S3Store.allCases)
    func lostWriteSuperseded(store: S3Store) async throws {
        let bucket = try await FaultyBucket("superseded", requestTimeout: .seconds(10), on: store)
        let first = try await bucket.direct.client.write(bucket.key("d"), body: Data("1".utf8))
        try await bucket.proxy.plan(["reset-after", "delay"])
        let mine = Task {
            try await bucket.client.write(bucket.key("d"), body: Data("2".utf8), condition: .matching(etag: first.etag), history: first.history)
        }
        try await waitUntil { try await bucket.seen() == ["PUT reset-after", "HEAD delay"] }
        // Another writer reads mine and replaces it, as a conditional writer does.
        guard case .object(let read) = try await bucket.direct.client.get(bucket.key("d"), maxBytes: 10) else { return }
        #expect(read.body == Data("2".utf8))
        let theirs = try await bucket.direct.client.write(
            bucket.key("d"), body: Data("3".utf8), condition: .matching(etag: read.etag), history: read.writeHistory
        )
        let written = try await mine.value
        #expect(written.isCurrent == false)
        #expect(written.etag == theirs.etag)
        #expect(theirs.history.count == 3)
        #expect(Array(theirs.history.dropFirst()) == written.history)
        #expect(try await bucket.seen() == ["PUT reset-after", "HEAD delay"])
        await bucket.close()
    }

    @Test("an update whose answer was lost after it landed answers the new ETag; one lost before it landed is sent again", arguments: S3Store.allCases)
    func lostUpdates(store: S3Store) async throws {
        let bucket = try await FaultyBucket("lost-update", on: store)
        let first = try await bucket.direct.client.put(bucket.key("d"), body: Data("1".utf8))
        try await bucket.proxy.plan(["reset-after"])
        let second = try await bucket.client.put(bucket.key("d"), body: Data("2".utf8), condition: .matching(etag: first))
        #expect(try await bucket.direct.client.head(bucket.key("d"))?.etag == second)
        try await bucket.proxy.plan(["internal"])
        let third = try await bucket.client.put(bucket.key("d"), body: Data("3".utf8), condition: .matching(etag: second))
        #expect(try await bucket.direct.client.head(bucket.key("d"))?.etag == third)
        #expect(try await bucket.seen() == ["PUT reset-after", "HEAD pass", "PUT internal", "HEAD pass", "PUT pass"])
        await bucket.close()
    }

    @Test("storage that stays down: .unavailable after the attempt limit, with the status and S3 code", arguments: S3Store.allCases)
    func staysDown(store: S3Store) async throws {
        let bucket = try await FaultyBucket("down", retry: RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20), deadline: .seconds(20)), on: store)
        try await bucket.proxy.plan([], shares: ["slowdown": 1.0])
        do {
            _ = try await bucket.client.get(bucket.key("x"), maxBytes: 10)
            Issue.record("an answer came from storage that is down")
        } catch let error as S3Error {
            #expect(error.code == .unavailable)
            #expect(error.status == 503)
            #expect(error.s3Code == "SlowDown")
        }
        #expect(try await bucket.seen().count == 4)
        await bucket.close()
    }

    @Test("an answer that takes longer than the request timeout is given up and tried again", arguments: S3Store.allCases)
    func slowAnswer(store: S3Store) async throws {
        // A timeout shorter than the proxy's 2 s delay (the only test that wants one: a slow
        // machine could time out an answer that was merely late).
        let bucket = try await FaultyBucket("slow", requestTimeout: .seconds(1), on: store)
        try await bucket.direct.client.put(bucket.key("x"), body: Data("x".utf8))
        try await bucket.proxy.plan(["delay"])
        guard case .object = try await bucket.client.get(bucket.key("x"), maxBytes: 10) else { return }
        #expect(try await bucket.seen() == ["GET delay", "GET pass"])
        await bucket.close()
    }

    @Test("the connection pool is bounded: 60 reads at once over at most 3 connections, every one answered", arguments: S3Store.allCases)
    func boundedPool(store: S3Store) async throws {
        let bucket = try await FaultyBucket("pool", requestTimeout: .seconds(30), maxConnections: 3, on: store)
        try await bucket.direct.client.put(bucket.key("x"), body: Data("x".utf8))
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<60 {
                group.addTask {
                    guard case .object(let object) = try await bucket.client.get(bucket.key("x"), maxBytes: 10) else { return 0 }
                    return object.body.count
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(answered == 60)
        let connections = try await bucket.proxy.connections()
        // The control requests (plan, log, stats) come one at a time, on their own connections.
        #expect(connections.mostAtOnce <= 4)
        #expect(try await bucket.seen().count == 60)
        await bucket.close()
    }

    @Test("requests beyond the pool wait for a connection as long as their deadline allows, not the connect timeout", arguments: S3Store.allCases)
    func waitingForAConnectionIsNotUnreachable(store: S3Store) async throws {
        let bucket = try await FaultyBucket("pool-wait", on: store)
        try await bucket.direct.client.put(bucket.key("x"), body: Data("x".utf8))
        // One connection, a 1 s connect timeout, one attempt: the proxy delays the first two
        // answers 2 s, so the third request waits 4 s for the connection.
        var settings = try bucket.direct.server.settings(
            endpoint: bucket.proxy.endpoint, retry: RetryPolicy(maxAttempts: 1, baseDelay: .zero, maxDelay: .zero, deadline: .seconds(60)),
            maxConnections: 1
        )
        settings.connectTimeout = .seconds(1)
        let client = S3Client(settings: settings, bucket: bucket.direct.client.bucket)
        try await bucket.proxy.plan(["delay", "delay"])
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    guard case .object(let object) = try await client.get(bucket.key("x"), maxBytes: 10) else { return 0 }
                    return object.body.count
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sizes == [1, 1, 1])
        #expect(try await bucket.seen() == ["GET delay", "GET delay", "GET pass"])
        // A request that finds every connection busy until its deadline is told the storage is
        // too slow, not that it cannot be reached.
        var quick = settings
        quick.retry = RetryPolicy(maxAttempts: 2, baseDelay: .zero, maxDelay: .zero, deadline: .milliseconds(500))
        let impatient = S3Client(settings: quick, bucket: bucket.direct.client.bucket)
        #expect(await impatient.slots.take(until: .now + .seconds(60)))
        let error = await #expect(throws: S3Error.self) { try await impatient.get(bucket.key("x"), maxBytes: 10) }
        #expect(error?.code == .unavailable)
        #expect(error?.message == "the storage at \(bucket.proxy.endpoint) is too slow: all 1 connections stayed busy until GET \(bucket.key("x")) gave up")
        await impatient.slots.give()
        guard case .object = try await impatient.get(bucket.key("x"), maxBytes: 10) else { Issue.record("no object"); return }
        try await impatient.shutdown()
        try await client.shutdown()
        await bucket.close()
    }

    @Test("nothing listening: .unreachable within the deadline, naming the endpoint")
    func unreachable() async throws {
        let server = try await S3TestServer.shared()
        let client = try server.client(
            bucket: "any-bucket", endpoint: "http://127.0.0.1:9",  // discard: nothing listens
            retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5), maxDelay: .milliseconds(10), deadline: .seconds(10))
        )
        do {
            _ = try await client.head("x")
            Issue.record("an answer came from nowhere")
        } catch let error as S3Error {
            #expect(error.code == .unreachable)
            #expect(error.message.hasPrefix("cannot reach the storage at http://127.0.0.1:9: "))
        }
        try await client.shutdown()
    }
}
