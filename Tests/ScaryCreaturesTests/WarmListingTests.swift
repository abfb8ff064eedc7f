import DocumentStore
import Foundation
import ObjectStorage
@testable import ScaryCreatures
import Testing
import TestSupport

/// A server starting on a large bucket answers its first lists from the listing summary and the
/// writers' change journals instead of waiting for a full listing (100,000 creatures: seconds
/// of the storage's time).
@Suite("A starting server's list from the summary and the journals", .serialized, .timeLimit(.minutes(4)))
struct WarmListingTests {
    @Test("before its first full listing, a list that may come from the summary has another writer's changes (journaled after the summary) and this database's own, read no Data.plist the summary holds, and lists no more of the bucket than the changed numbers", arguments: S3Store.allCases)
    func warmListHasEveryJournaledChange(store: S3Store) async throws {
        try await ProxiedPrefix.with(store, name: "warm") { bucket in
            let writer = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.direct))
            for title in ["Bat", "Cat", "Rat", "Yak"] { _ = try await writer.add(title: title) }
            // Journaled changes within the clock margin (5 s) before a summary's listing are read
            // again all the same: these are older.
            try await Task.sleep(for: .milliseconds(5_200))
            _ = try await writer.list()  // writes the summary, and when its listing began
            _ = try await writer.rename(2, to: "Kat")
            _ = try await writer.add(title: "Gnat")
            try await writer.delete(1)
            await bucket.direct.journal.flush()
            // Written as a program that keeps no journal would: only a full listing shows it.
            guard case .object(let rat) = try await bucket.direct.client.get(bucket.direct.key("3.scarycreature/Data.plist"), maxBytes: 1 << 20) else {
                throw S3Error(.notFound, "no data file")
            }
            try await bucket.direct.client.put(bucket.direct.key("9.scarycreature/Data.plist"), body: rat.body)

            let server = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.proxied))
            _ = try await server.add(title: "Owl")  // 10, this database's own
            let before = try await bucket.proxy.log().count
            // From the summary and journals (no 9): the full listing begun meanwhile would show it.
            let (creatures, problems) = try await server.list(waitingAtMost: .seconds(30), fromSummary: true)
            #expect(creatures.map(\.id) == [2, 3, 4, 5, 10])
            #expect(creatures.map(\.title) == ["Kat", "Rat", "Yak", "Gnat", "Owl"])
            #expect(problems.isEmpty)
            // Only the changed creatures' data files are read (1 is gone); the full listing that
            // began meanwhile finds 3 and 4 unchanged in the summary too (and reads the new 9).
            let seen = try await bucket.proxy.log().dropFirst(before)
            let dataReads = Set(seen.filter { $0.method == "GET" && $0.path.hasSuffix("/Data.plist") }.compactMap { $0.path.split(separator: "/").dropLast().last })
            #expect(dataReads.subtracting(["9.scarycreature"]) == ["2.scarycreature", "5.scarycreature", "10.scarycreature"], "\(seen.map { "\($0.method) \($0.path)" })")
        }
    }

    @Test("a write by a program that keeps no journal is not in a list from the summary; the first full listing finds it and rewrites the summary, so the lists after it show it", arguments: S3Store.allCases)
    func outsideWriteWaitsForTheFullListing(store: S3Store) async throws {
        try await ProxiedPrefix.with(store, name: "warm-outside") { bucket in
            let writer = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.direct))
            for title in ["Bat", "Cat"] { _ = try await writer.add(title: title) }
            _ = try await writer.list()
            let data = try await bucket.direct.client.get(bucket.direct.key("1.scarycreature/Data.plist"), maxBytes: 1 << 20)
            guard case .object(let copy) = data else { throw S3Error(.notFound, "no data file") }
            try await bucket.direct.client.put(bucket.direct.key("7.scarycreature/Data.plist"), body: copy.body)  // as `aws s3 cp` would

            let server = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.proxied))
            #expect(try await server.list(waitingAtMost: .seconds(30), fromSummary: true).creatures.map(\.id) == [1, 2])
            try await waitUntil(limit: .seconds(60)) { await server.firstListingPending() == nil }
            #expect(try await server.list(waitingAtMost: .seconds(30), fromSummary: true).creatures.map(\.id) == [1, 2, 7])
        }
    }

    @Test("no summary, one that does not say when its listing began (written before summaries did), or one copied from another prefix, and the list waits for the full listing", arguments: S3Store.allCases)
    func noProvableSummary(store: S3Store) async throws {
        try await ProxiedPrefix.with(store, name: "warm-none") { bucket in
            let writer = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.direct))
            _ = try await writer.add(title: "Bat")
            let server = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.proxied))
            let folder = server.folder
            #expect(await folder.listFromSummary(decode: ScaryCreatureDatabase.decodeVersioned, summary: CreatureListingRecord.format) == nil)
            _ = try await writer.list()
            #expect(await folder.listFromSummary(decode: ScaryCreatureDatabase.decodeVersioned, summary: CreatureListingRecord.format)?.documents.count == 1)
            // The same summary without the time its listing began.
            guard case .object(let summary) = try await bucket.direct.client.get(bucket.direct.key(DocumentFolder.listingSummaryName), maxBytes: 1 << 20) else {
                throw S3Error(.notFound, "no summary")
            }
            try await bucket.direct.client.put(bucket.direct.key(DocumentFolder.listingSummaryName), body: summary.body)
            #expect(await folder.listFromSummary(decode: ScaryCreatureDatabase.decodeVersioned, summary: CreatureListingRecord.format) == nil)
            // A summary copied from another prefix, metadata and all (as `aws s3 sync` does).
            var elsewhere = summary.metadata
            elsewhere["listing-place"] = "6f74686572"
            try await bucket.direct.client.put(bucket.direct.key(DocumentFolder.listingSummaryName), body: summary.body, metadata: elsewhere)
            #expect(await folder.listFromSummary(decode: ScaryCreatureDatabase.decodeVersioned, summary: CreatureListingRecord.format) == nil)
            try await bucket.direct.client.put(bucket.direct.key(DocumentFolder.listingSummaryName), body: summary.body, metadata: summary.metadata)
            #expect(await folder.listFromSummary(decode: ScaryCreatureDatabase.decodeVersioned, summary: CreatureListingRecord.format)?.documents.count == 1)
            try await bucket.direct.client.put(bucket.direct.key(DocumentFolder.listingSummaryName), body: summary.body)
            let error = await #expect(throws: ScaryCreaturesError.self) {
                try await server.list(waitingAtMost: .zero, fromSummary: true)
            }
            #expect(error?.code == .unavailable)
        }
    }
}
