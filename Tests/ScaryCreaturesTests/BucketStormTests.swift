import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImagingSamples
import Synchronization
import Testing
import TestSupport

/// Three `scary-creatures serve` processes on one bucket, reached through a proxy that fails a
/// share of the storage requests, with clients creating, editing, uploading photos and deleting
/// for a minute (`SCARY_STORM_SECONDS` to change it), and one server killed with SIGKILL
/// half-way: every acknowledged change must be there exactly once, numbers unique, and the
/// servers left must agree (how long they took is printed: a figure, not an assertion).
@Suite("A storm of clients on three servers sharing one bucket", .timeLimit(.minutes(5)))
struct BucketStormTests {
    /// What the clients were told, per creature, by answers they got.
    final class Ledger: Sendable {
        struct Creature: Sendable {
            var id: Int
            var title: String
            var rating: Double = 0
            var photo: Data?
            var deleted = false
            /// A request about it failed without an answer: its state is one of two.
            var uncertain = false
        }
        let creatures = Mutex<[String: Creature]>([:])
        let counts = Mutex<[String: Int]>([:])
        /// Which servers are still running.
        let alive = Mutex([true, true, true])

        func count(_ what: String) { counts.withLock { $0[what, default: 0] += 1 } }
    }

    /// One client's loop against whichever servers are alive.
    private func client(
        _ number: Int, servers: [ServedProcess], until end: ContinuousClock.Instant, ledger: Ledger, photos: [(Data, String)]
    ) async {
        var generator = SeededGenerator(seed: UInt64(number) * 7919 + 1)
        var mine: [String] = []
        var made = 0
        while ContinuousClock.now < end {
            let choices = ledger.alive.withLock { flags in servers.indices.filter { flags[$0] } }
            let preferred = servers[number % servers.count]
            let server = ledger.alive.withLock { $0[number % servers.count] } ? preferred : servers[choices[Int.random(in: 0..<choices.count, using: &generator)]]
            let action = mine.isEmpty ? 0 : Int.random(in: 0..<10, using: &generator)
            do {
                switch action {
                case 0...2:
                    made += 1
                    let title = "c\(number)-\(made)"
                    let (status, _, body) = try await server.request("POST", "api/creatures", body: Data("{\"title\":\"\(title)\"}".utf8), headers: ["Content-Type": "application/json"])
                    ledger.count("POST \(status)")
                    guard status == 201, let id = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? Int else { continue }
                    ledger.creatures.withLock { $0[title] = Ledger.Creature(id: id, title: title) }
                    mine.append(title)
                case 3...5:
                    let key = mine[Int.random(in: 0..<mine.count, using: &generator)]
                    guard let creature = ledger.creatures.withLock({ $0[key] }) else { continue }
                    let rating = Double(Int.random(in: 0...10, using: &generator)) / 2
                    ledger.creatures.withLock { $0[key]?.uncertain = true }
                    let (status, _, _) = try await server.request("PATCH", "api/creatures/\(creature.id)", body: Data("{\"rating\":\(rating)}".utf8), headers: ["Content-Type": "application/json"])
                    ledger.count("PATCH \(status)")
                    if status == 200 { ledger.creatures.withLock { $0[key]?.rating = rating; $0[key]?.uncertain = false } }
                    if status == 503 || status == 412 { ledger.creatures.withLock { $0[key]?.uncertain = false } }
                case 6...8:
                    let key = mine[Int.random(in: 0..<mine.count, using: &generator)]
                    guard let creature = ledger.creatures.withLock({ $0[key] }) else { continue }
                    let photo = photos[Int.random(in: 0..<photos.count, using: &generator)]
                    ledger.creatures.withLock { $0[key]?.uncertain = true }
                    let (status, _, _) = try await server.request("PUT", "api/creatures/\(creature.id)/photo", body: photo.0, headers: ["Content-Type": photo.1])
                    ledger.count("PUT \(status)")
                    if status == 200 || status == 204 { ledger.creatures.withLock { $0[key]?.photo = photo.0; $0[key]?.uncertain = false } }
                default:
                    let index = Int.random(in: 0..<mine.count, using: &generator)
                    let key = mine.remove(at: index)
                    guard let creature = ledger.creatures.withLock({ $0[key] }) else { continue }
                    ledger.creatures.withLock { $0[key]?.uncertain = true }
                    let (status, _, _) = try await server.request("DELETE", "api/creatures/\(creature.id)")
                    ledger.count("DELETE \(status)")
                    if status == 204 { ledger.creatures.withLock { $0[key]?.deleted = true; $0[key]?.uncertain = false } }
                }
            } catch {
                ledger.count("no answer")  // the server was killed mid-request: the outcome is unknown
            }
        }
    }

    @Test("a minute of creating, editing, uploading and deleting on three servers, one killed: nothing acknowledged lost or doubled", arguments: S3Store.allCases)
    func storm(store: S3Store) async throws {
        let seconds = Double(ProcessInfo.processInfo.environment["SCARY_STORM_SECONDS"] ?? "") ?? 60
        // A local S3 server of its own: a minute of storm must not queue the other tests'
        // requests behind it on the shared one.
        let storage = try S3TestServer.start(buckets: [S3TestServer.bucket], store: store)
        defer { storage.child.process.terminate() }
        let proxy = try await S3FaultProxy.start(upstream: storage.endpoint)
        defer { proxy.stop() }
        let prefix = S3TestServer.uniquePrefix("storm")
        var environment = storage.environment
        environment["AWS_ENDPOINT_URL_S3"] = proxy.endpoint
        let start = {
            try await ServedProcess.start(
                "scary-creatures", ["serve", "--port", "0", "--log-level", "error", "--storage", "s3://\(S3TestServer.bucket)/\(prefix)", "--s3-path-style"],
                timeout: 30, environment: environment
            )
        }
        var started: [ServedProcess] = []
        for _ in 0..<3 { started.append(try await start()) }
        let servers = started
        defer { for server in servers where server.process.isRunning { _ = server.stop() } }
        try await proxy.plan([], shares: ["slowdown": 0.03, "internal": 0.02, "reset-before": 0.02, "reset-after": 0.02, "delay": 0.005], seed: 7)
        let photos = [(try SamplePhotos.png(), "image/png"), (try SamplePhotos.jpeg(), "image/jpeg")]
        let ledger = Ledger()
        let end = ContinuousClock.now + .seconds(seconds)
        async let killer: Void = {
            try? await Task.sleep(for: .seconds(seconds / 2))
            ledger.alive.withLock { $0[2] = false }
            kill(servers[2].process.processIdentifier, SIGKILL)
        }()
        await withTaskGroup(of: Void.self) { group in
            for number in 0..<6 {
                group.addTask { await client(number, servers: servers, until: end, ledger: ledger, photos: photos) }
            }
        }
        await killer
        try await proxy.plan([], shares: [:])

        // The two servers left and one started in place of the killed one agree.
        let replacement = try await start()
        defer { if replacement.process.isRunning { _ = replacement.stop() } }
        let survivors = [servers[0], servers[1], replacement]
        func listing(_ server: ServedProcess) async throws -> [Int: [String: Any]] {
            let (status, _, body) = try await server.request("GET", "api/creatures?limit=1000")
            #expect(status == 200)
            let creatures = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["creatures"] as? [[String: Any]] ?? []
            return Dictionary(creatures.map { ($0["id"] as? Int ?? 0, $0) }) { first, _ in first }
        }
        var lists: [[Int: [String: Any]]] = []
        let agreeing = ContinuousClock.now
        let deadline = agreeing + .seconds(15)
        func summary(_ list: [Int: [String: Any]]) -> [Int: String] { list.mapValues { "\($0["title"] ?? "")|\($0["rating"] ?? "")" } }
        repeat {
            lists = []
            for server in survivors { lists.append(try await listing(server)) }
            if Set(lists.map(summary)).count == 1 { break }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        let agreedAfter = ContinuousClock.now - agreeing
        #expect(summary(lists[0]) == summary(lists[1]))
        #expect(summary(lists[0]) == summary(lists[2]))

        // Every acknowledged creation is there once (titles are unique per creation), with its
        // acknowledged rating and photo; every acknowledged delete is gone.
        let listed = lists[0]
        var titleCounts: [String: Int] = [:]
        for creature in listed.values { titleCounts[creature["title"] as? String ?? "", default: 0] += 1 }
        #expect(titleCounts.values.allSatisfy { $0 == 1 }, "titles listed more than once: \(titleCounts.filter { $0.value > 1 })")
        let known = ledger.creatures.withLock { $0 }
        var checkedPhotos = 0
        let log = try await proxy.log()
        for creature in known.values {
            let found = listed[creature.id]
            if creature.deleted {
                // Its number may have been taken again by a later creature (1 + the largest, as
                // the original apps number them); its title, unique to it, must be gone.
                let requests = log.filter { $0.path.contains("/\(creature.id).scarycreature/") }.map { "\($0.method) \($0.path) \($0.fault)" }
                #expect(titleCounts[creature.title] == nil, "creature \(creature.id) \(creature.title) was deleted but is listed; its storage requests: \(requests)")
                continue
            }
            if creature.uncertain { continue }
            #expect(found?["title"] as? String == creature.title, "creature \(creature.id) \(creature.title) is missing or renamed")
            #expect(found?["rating"] as? Double == creature.rating, "creature \(creature.id)'s rating")
            if let photo = creature.photo {
                let (status, _, body) = try await servers[0].request("GET", "api/creatures/\(creature.id)/photo")
                #expect(status == 200 && body == photo, "creature \(creature.id)'s photo")
                checkedPhotos += 1
            }
        }
        let counts = ledger.counts.withLock { $0 }
        print("storm: lists equal after \(agreedAfter); \(known.count) creatures acknowledged, \(checkedPhotos) photos checked, answers \(counts.sorted { $0.key < $1.key })")
        #expect(known.count >= 20, "the storm made too few creatures to mean anything: \(counts)")
        #expect(known.values.contains { $0.photo != nil })
        #expect(known.values.contains { $0.deleted })
        let faults = log.filter { $0.fault != "pass" }
        #expect(faults.contains { $0.fault == "reset-after" }, "the storm must lose some answers of requests that landed")

        // While the storage answers only errors, the servers answer 503 with Retry-After.
        try await proxy.plan([], shares: ["internal": 1.0])
        let (status, headers, _) = try await servers[1].request("POST", "api/creatures", body: Data(#"{"title":"during the outage"}"#.utf8), headers: ["Content-Type": "application/json"])
        #expect(status == 503)
        #expect(headers["retry-after"] == "2")
        try await proxy.plan([], shares: [:])
        // SIGTERM still ends each server cleanly.
        for server in survivors { #expect(server.stop() == 0) }
    }
}

/// A small deterministic generator (SplitMix64), so a storm's choices repeat run to run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
