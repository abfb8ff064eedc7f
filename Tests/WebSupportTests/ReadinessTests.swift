import DocumentStore
import Foundation
import ObjectStorage
import Testing
import TestSupport
import WebSupport

/// What `GET /readyz` answers, from real storage: a folder, and the local S3 server behind the
/// fault proxy (which counts the probes and can make them slow or fail).
@Suite("Readiness: the app's condition, then storage that answers in time, asked once at a time", .serialized, .timeLimit(.minutes(4)))
struct ReadinessTests {
    @Test("a folder that is there is ready; a missing one is not, and says so; the app's own condition comes first")
    func folder() async throws {
        try await withTemporaryFolder { folder in
            let store = FolderBlobStore(root: folder)
            // (A deadline the whole suite's load cannot pass: a `stat` may wait for the pool.)
            #expect(await Readiness(storage: store, deadline: .seconds(600), freshFor: .zero).state() == .ready)
            #expect(await Readiness(storage: store, deadline: .seconds(600), freshFor: .zero) { "the first listing is being read" }.state() == .notReady("the first listing is being read"))
            let missing = FolderBlobStore(root: folder.appendingPathComponent("gone"))
            guard case .notReady(let reason) = await Readiness(storage: missing, deadline: .seconds(600), freshFor: .zero).state() else {
                Issue.record("a missing folder is not ready")
                return
            }
            #expect(reason == "the storage failed: the data folder \(missing.root.path) is missing (or is not a folder)")
        }
    }

    @Test("an answer is kept for freshFor: within it the storage is not asked again")
    func freshAnswersAreKept() async throws {
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let kept = Readiness(storage: FolderBlobStore(root: data), deadline: .seconds(600), freshFor: .seconds(3600))
            let asked = Readiness(storage: FolderBlobStore(root: data), deadline: .seconds(600), freshFor: .zero)
            #expect(await kept.state() == .ready)
            #expect(await asked.state() == .ready)
            try FileManager.default.removeItem(at: data)
            #expect(await kept.state() == .ready)
            #expect(await asked.state() != .ready)
        }
    }

    @Test("a bucket that answers is ready; one that fails is not; one that does not answer within the deadline is not, and 20 probes at once ask it once", arguments: S3Store.allCases)
    func bucket(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
        defer { proxy.stop() }
        let client = try server.client(endpoint: proxy.endpoint)
        defer { Task { try? await client.shutdown() } }
        let storage = BucketStorage(client: client, location: S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix("ready")))
        #expect(await Readiness(storage: storage, deadline: .seconds(600), freshFor: .zero).state() == .ready)

        try await proxy.plan(["internal"])
        guard case .notReady(let failure) = await Readiness(storage: storage, deadline: .seconds(600), freshFor: .zero).state() else {
            Issue.record("a bucket that answers 500 is ready")
            return
        }
        #expect(failure.hasPrefix("the storage failed: s3://\(S3TestServer.bucket)/\(storage.location.prefix): "))
        #expect(failure.contains("500 InternalError"))

        // The probe never answered: it goes on (for up to 10 s) while every asker gives up.
        try await proxy.plan(["hang"])
        let before = try await proxy.log().count
        let slow = Readiness(storage: storage, deadline: .milliseconds(300), freshFor: .zero)
        let states = await withTaskGroup(of: Readiness.State.self) { group in
            for _ in 0..<20 { group.addTask { await slow.state() } }
            return await group.reduce(into: [Readiness.State]()) { $0.append($1) }
        }
        let expected = Readiness.State.notReady("the storage (s3://\(S3TestServer.bucket)/\(storage.location.prefix)) did not answer within 0.3 s")
        #expect(states == Array(repeating: expected, count: 20))
        let probes = try await proxy.log().dropFirst(before)
        #expect(probes.count == 1, "\(probes.map { "\($0.method) \($0.path) \($0.fault)" })")
    }
}
