import DocumentStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ObjectStorage
import ScaryCreaturesPages
import ScaryCreaturesWeb
import Testing
import TestSupport
import WebSupport
import WebTestSupport

/// Servers on one bucket: each sees the others' changes, two edits of one version give one 412,
/// and storage that fails gives 503 with `Retry-After`, not a hang.
@Suite("Servers sharing one bucket", .serialized, .timeLimit(.minutes(4)))
struct BucketServerTests {
    /// Runs `body` with two servers (through the router test framework) on one fresh prefix of
    /// the local S3 server, once both watch the bucket; `endpoint` puts a proxy in between.
    private func withTwoServers(
        on store: S3Store, endpoint: String? = nil, retry: RetryPolicy? = nil,
        _ body: @escaping @Sendable (any TestClientProtocol, any TestClientProtocol, S3Client) async throws -> Void
    ) async throws {
        let server = try await S3TestServer.shared(store)
        let location = S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix("servers"))
        let clients = try (0..<2).map { _ in try server.client(endpoint: endpoint, retry: retry, requestTimeout: .seconds(5)) }
        let direct = try server.client()
        let watching = (Signal(), Signal())
        func app(_ index: Int, _ signal: Signal) async throws -> some ApplicationProtocol {
            let bucket = BucketStorage(client: clients[index], location: location)
            return try await buildApplication(
                WebConfiguration(port: 0).underTest(), storage: .bucket(bucket), pages: ScaryCreaturesPages.routes,
                onWatching: { signal.fire() }
            )
        }
        let first = try await app(0, watching.0), second = try await app(1, watching.1)
        try await first.test(.router) { one in
            try await second.test(.router) { two in
                await watching.0.wait()
                await watching.1.wait()
                try await body(one, two, direct)
            }
        }
        for client in clients + [direct] { try await client.shutdown() }
    }

    /// The titles in a list response, by id.
    private func titles(_ response: TestResponse) throws -> [Int: String] {
        let creatures = try #require(try json(response)["creatures"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: creatures.compactMap { creature in
            guard let id = creature["id"] as? Int, let title = creature["title"] as? String else { return nil }
            return (id, title)
        })
    }

    /// Asks `client` for the list until it is `expected` (15 seconds at most: the time is a
    /// figure to measure, not to assert); what it last was.
    private func listEventually(_ client: any TestClientProtocol, _ expected: [Int: String]) async throws -> [Int: String] {
        let deadline = ContinuousClock.now + .seconds(15)
        var seen: [Int: String] = [:]
        repeat {
            seen = try titles(try await client.execute(uri: "/api/creatures", method: .get))
            if seen == expected { break }
            try await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now < deadline
        return seen
    }

    @Test("a creature made, renamed and deleted through one server shows in the other's list, cached lists included", arguments: S3Store.allCases)
    func changesReachTheOtherServer(store: S3Store) async throws {
        try await withTwoServers(on: store) { one, two, _ in
            #expect(try titles(try await two.execute(uri: "/api/creatures", method: .get)) == [:])
            #expect(try titles(try await two.execute(uri: "/api/creatures", method: .get)) == [:])  // now cached
            let created = try await one.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Bug","rating":1}"#))
            #expect(created.status == .created)
            #expect(try await listEventually(two, [1: "Bug"]) == [1: "Bug"])
            let renamed = try await one.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(#"{"title":"Big Bug"}"#))
            #expect(renamed.status == .ok)
            #expect(try await listEventually(two, [1: "Big Bug"]) == [1: "Big Bug"])
            #expect(try await two.execute(uri: "/api/creatures/1", method: .delete).status == .noContent)
            #expect(try await listEventually(one, [:]) == [:])
        }
    }

    @Test("two servers changing one version with If-Match: one succeeds, the other gets 412, nothing is overwritten silently", arguments: S3Store.allCases)
    func ifMatchAcrossServers(store: S3Store) async throws {
        try await withTwoServers(on: store) { one, two, _ in
            let created = try await one.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Bug","rating":1}"#))
            let tag = try #require(created.headers[.eTag])
            let answers = try await withThrowingTaskGroup(of: (Int, HTTPResponse.Status).self) { group in
                for (index, client) in [one, two].enumerated() {
                    group.addTask {
                        let answer = try await client.execute(
                            uri: "/api/creatures/1", method: .patch, headers: [.contentType: "application/json", .ifMatch: tag],
                            body: body("{\"title\":\"Edit \(index)\"}")
                        )
                        return (index, answer.status)
                    }
                }
                return try await group.reduce(into: [(Int, HTTPResponse.Status)]()) { $0.append($1) }
            }
            #expect(answers.map(\.1).sorted { $0.code < $1.code } == [.ok, .preconditionFailed])
            let winner = try #require(answers.first { $0.1 == .ok }).0
            #expect(try titles(try await one.execute(uri: "/api/creatures", method: .get)) == [1: "Edit \(winner)"])
        }
    }

    @Test("while the storage answers only errors, reads and writes get 503 with Retry-After", arguments: S3Store.allCases)
    func storageDownIs503(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
        defer { proxy.stop() }
        let retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(100), deadline: .seconds(5))
        try await withTwoServers(on: store, endpoint: proxy.endpoint, retry: retry) { one, _, _ in
            #expect(try await one.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Bug","rating":1}"#)).status == .created)
            try await proxy.plan([], shares: ["internal": 1.0])
            for (uri, method, payload) in [("/api/creatures", HTTPRequest.Method.get, ""), ("/api/creatures/1", .patch, #"{"rating":2}"#), ("/api/creatures", .post, #"{"title":"Moth","rating":1}"#)] {
                let answer = try await one.execute(uri: uri, method: method, headers: payload.isEmpty ? [:] : jsonHeaders, body: body(payload))
                #expect(answer.status == .serviceUnavailable, "\(method) \(uri)")
                #expect(answer.headers[.retryAfter] == "2")
                #expect(try errorCode(answer) == "unavailable")
            }
            try await proxy.plan([], shares: [:])
            #expect(try await one.execute(uri: "/api/creatures/1", method: .get).status == .ok)
        }
    }
}
