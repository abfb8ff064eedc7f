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
/// for 30 s on each store (`SCARY_STORM_SECONDS` to change it), and one server killed with
/// SIGKILL half-way: every acknowledged change must be there exactly once, numbers unique, and
/// the servers left must agree (how long they took is printed: a figure, not an assertion).
/// And SeaweedFS itself killed and started again during a storm.
@Suite("A storm of clients on three servers sharing one bucket", .serialized, .timeLimit(.minutes(5)))
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

    /// Waits (at most 15 s) until `survivors` list the same creatures, then checks the ledger
    /// against the list: every acknowledged creation there once (titles are unique per
    /// creation) with its acknowledged rating and photo, every acknowledged delete gone. How long
    /// they took to agree, and how many photos were checked.
    static func verify(
        _ survivors: [ServedProcess], ledger: Ledger, requestsOf: (Int) -> String
    ) async throws -> (agreedAfter: Duration, checkedPhotos: Int) {
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
        for other in lists.dropFirst() { #expect(summary(lists[0]) == summary(other)) }

        let listed = lists[0]
        var titleCounts: [String: Int] = [:]
        for creature in listed.values { titleCounts[creature["title"] as? String ?? "", default: 0] += 1 }
        #expect(titleCounts.values.allSatisfy { $0 == 1 }, "titles listed more than once: \(titleCounts.filter { $0.value > 1 })")
        var checkedPhotos = 0
        for creature in ledger.creatures.withLock({ $0 }).values {
            let found = listed[creature.id]
            if creature.deleted {
                // Its number may have been taken again by a later creature (1 + the largest, as
                // the original apps number them); its title, unique to it, must be gone.
                #expect(titleCounts[creature.title] == nil, "creature \(creature.id) \(creature.title) was deleted but is listed; its storage requests: \(requestsOf(creature.id))")
                continue
            }
            if creature.uncertain { continue }
            #expect(found?["title"] as? String == creature.title, "creature \(creature.id) \(creature.title) is missing or renamed")
            #expect(found?["rating"] as? Double == creature.rating, "creature \(creature.id)'s rating")
            if let photo = creature.photo {
                let (status, _, body) = try await survivors[0].request("GET", "api/creatures/\(creature.id)/photo")
                #expect(status == 200 && body == photo, "creature \(creature.id)'s photo")
                checkedPhotos += 1
            }
        }
        return (agreedAfter, checkedPhotos)
    }

    @Test("30 s of creating, editing, uploading and deleting on three servers, one killed: nothing acknowledged lost or doubled", arguments: S3Store.allCases)
    func storm(store: S3Store) async throws {
        let seconds = Double(ProcessInfo.processInfo.environment["SCARY_STORM_SECONDS"] ?? "") ?? 30
        // A local S3 server of its own: a storm must not queue the other tests'
        // requests behind it on the shared one.
        let storage = try await S3TestServer.start(buckets: [S3TestServer.bucket], store: store)
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
        let log = try await proxy.log()
        let (agreedAfter, checkedPhotos) = try await Self.verify(survivors, ledger: ledger) { id in
            log.filter { $0.path.contains("/\(id).scarycreature/") }.map { "\($0.method) \($0.path) \($0.fault)" }.joined(separator: ", ")
        }
        let known = ledger.creatures.withLock { $0 }
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

    @Test("SeaweedFS itself killed with SIGKILL during a storm over two servers, then started again on its data: nothing acknowledged is lost or doubled, and the servers answer again")
    func stormThroughAStoreRestart() async throws {
        let seconds = (Double(ProcessInfo.processInfo.environment["SCARY_STORM_SECONDS"] ?? "") ?? 30) * 2 / 3
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("seaweedfs")
            let first = try await S3TestServer.start(buckets: [S3TestServer.bucket], store: .seaweedfs, folder: data)
            let prefix = S3TestServer.uniquePrefix("restart")
            let start = {
                try await ServedProcess.start(
                    "scary-creatures", ["serve", "--port", "0", "--log-level", "error", "--storage", "s3://\(S3TestServer.bucket)/\(prefix)", "--s3-path-style"],
                    timeout: 30, environment: first.environment
                )
            }
            let servers = [try await start(), try await start()]
            defer { for server in servers where server.process.isRunning { _ = server.stop() } }
            let photos = [(try SamplePhotos.png(), "image/png"), (try SamplePhotos.jpeg(), "image/jpeg")]
            let ledger = Ledger()
            ledger.alive.withLock { $0 = [true, true] }
            let end = ContinuousClock.now + .seconds(seconds)
            let weed = try #require(first.storeProcess)
            let restarted = Mutex<S3TestServer?>(nil)
            async let outage: Void = {
                try? await Task.sleep(for: .seconds(seconds / 3))
                kill(weed, SIGKILL)
                try? await Task.sleep(for: .seconds(1))
                // The same folder: the same store, address and key.
                let again = try? await S3TestServer.start(buckets: [S3TestServer.bucket], store: .seaweedfs, folder: data)
                restarted.withLock { $0 = again }
            }()
            await withTaskGroup(of: Void.self) { group in
                for number in 0..<4 {
                    group.addTask { await client(number, servers: servers, until: end, ledger: ledger, photos: photos) }
                }
            }
            await outage
            let again = try #require(restarted.withLock { $0 }, "SeaweedFS did not start again on its folder")
            defer { again.child.process.terminate() }
            #expect(again.endpoint == first.endpoint)
            let (agreedAfter, checkedPhotos) = try await Self.verify(servers, ledger: ledger) { _ in "" }
            let known = ledger.creatures.withLock { $0 }
            let counts = ledger.counts.withLock { $0 }
            print("storm through a SeaweedFS restart: lists equal after \(agreedAfter); \(known.count) creatures acknowledged, \(checkedPhotos) photos checked, answers \(counts.sorted { $0.key < $1.key })")
            #expect(known.count >= 10, "the storm made too few creatures to mean anything: \(counts)")
            // During the outage the servers said so (503), and after it they took changes again.
            #expect(counts.keys.contains { $0.hasSuffix(" 503") }, "\(counts)")
            let (status, _, _) = try await servers[0].request("POST", "api/creatures", body: Data(#"{"title":"after the restart"}"#.utf8), headers: ["Content-Type": "application/json"])
            #expect(status == 201)
            for server in servers { #expect(server.stop() == 0) }
        }
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
