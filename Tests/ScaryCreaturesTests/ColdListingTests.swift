import DocumentStore
import Foundation
import ObjectStorage
@testable import ScaryCreatures
import Testing
import TestSupport

/// A server's first listing of a bucket, slow as a cold read of S3 is: one listing, shared by
/// every request, that runs to its end whoever gives up on it.
@Suite("A cold listing of a bucket: one at a time, shared, finished whoever stops waiting", .serialized, .timeLimit(.minutes(4)))
struct ColdListingTests {
    @Test("callers that cannot wait get .unavailable while the one listing goes on; it reads each creature once and writes the summary; a caller that waits gets it", arguments: S3Store.allCases)
    func coldListingShared(store: S3Store) async throws {
        let bucket = try await ProxiedPrefix.start(store, name: "cold")
        let proxy = bucket.proxy
        defer { Task { await bucket.close() } }
        let writer = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.direct))
        for title in ["Bat", "Cat", "Rat"] { _ = try await writer.add(title: title) }

        let database = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.proxied))
        let before = try await proxy.log().count
        // Each GET of the listing waits 2 s at the proxy, as a cold S3 read of many objects adds up.
        try await proxy.plan([], byMethod: ["GET": Array(repeating: "delay", count: 8)])
        for _ in 0..<3 {
            let error = await #expect(throws: ScaryCreaturesError.self) { try await database.list(waitingAtMost: .milliseconds(200)) }
            #expect(error?.code == .unavailable)
        }
        #expect(database.listingRun.runsStarted == 1)
        #expect(database.listingRun.isRunning)
        let (creatures, problems) = try await database.list()
        #expect(creatures.map(\.title) == ["Bat", "Cat", "Rat"])
        #expect(problems.isEmpty)
        #expect(database.listingRun.runsStarted == 1)

        let seen = try await proxy.log().dropFirst(before)
        let dataReads = seen.filter { $0.method == "GET" && $0.path.hasSuffix("/Data.plist") }
        #expect(dataReads.count == 3, "\(seen.map { "\($0.method) \($0.path)" })")
        #expect(seen.contains { $0.method == "PUT" && $0.path.hasSuffix(DocumentFolder.listingSummaryName) })
    }
}
