import DocumentStore
import Foundation
import TestSupport
import Testing

@testable import Accounts

@Suite("Sessions kept with the data", .timeLimit(.minutes(4)))
struct SessionStoreTests {
    @Test("a session lasts while it is used (its use written at most hourly), ends 14 days unused or 90 days after it began, and is stored under its id's SHA-256, never the id", arguments: StorageKind.allCases)
    func expiry(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            let sessions = SessionStore(blobs: blobs)
            let day: TimeInterval = 24 * 60 * 60
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let id = try await sessions.start(for: try AccountName("anna"), now: start)
            #expect(id.utf8.count == 64)
            let names = try await blobs.names(startingWith: SessionStore.namePrefix)
            #expect(names == [SessionStore.namePrefix + SessionStore.digest(of: id)])
            #expect(try await sessions.session(id, now: start.addingTimeInterval(13 * day))?.name == "anna")
            // Read by another server 26 days in: alive, so the use 13 days in was written.
            let other = SessionStore(blobs: blobs)
            #expect(try await other.session(id, now: start.addingTimeInterval(26 * day))?.used == start.addingTimeInterval(26 * day).timeIntervalSince1970)
            #expect(try await other.session(id, now: start.addingTimeInterval(40.5 * day)) == nil, "14 days unused")
            #expect(try await blobs.names(startingWith: SessionStore.namePrefix) == [], "an ended session's file is removed")

            let long = try await sessions.start(for: try AccountName("ben"), now: start)
            for days in stride(from: 10.0, through: 80, by: 10) {
                #expect(try await sessions.session(long, now: start.addingTimeInterval(days * day)) != nil)
            }
            #expect(try await SessionStore(blobs: blobs).session(long, now: start.addingTimeInterval(90 * day)) == nil, "90 days after it began")
            #expect(try await sessions.session("not-an-id", now: start) == nil)
        }
    }

    @Test("ending one session, and all of one person's, removes them for every server; other people's stay", arguments: StorageKind.allCases)
    func ending(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let blobs = place.storage.blobs()
            let one = SessionStore(blobs: blobs), two = SessionStore(blobs: blobs)
            let anna = try AccountName("anna"), ben = try AccountName("ben")
            let first = try await one.start(for: anna), second = try await one.start(for: anna), bens = try await one.start(for: ben)
            try await one.end(first)
            #expect(try await two.session(first) == nil)
            #expect(try await two.session(second)?.name == "anna")
            try await two.endAll(of: anna)
            #expect(try await SessionStore(blobs: blobs).session(second) == nil)
            #expect(try await SessionStore(blobs: blobs).session(bens)?.name == "ben")
        }
    }
}
