import Foundation
import HTTPTypes
import HummingbirdTesting
import ScaryCreatures
import Testing
import TestSupport
import WebTestSupport

/// The list is served from the response cache between changes; these protect that it is never
/// stale: not after the server's own changes, and not (beyond the folder watch's delay) after
/// another process changed the folder.
@Suite("List freshness with the response cache")
struct ListFreshnessTests {
    /// The ratings in a list response, by id.
    private func ratings(_ response: TestResponse) throws -> [Int: Double] {
        let creatures = try #require(try json(response)["creatures"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: creatures.compactMap { creature in
            guard let id = creature["id"] as? Int, let rating = creature["rating"] as? Double else { return nil }
            return (id, rating)
        })
    }

    @Test("A list fetched again right after a PATCH, a create and a delete shows each change")
    func ownChangesShowAtOnce() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Bug","rating":1}"#))
            #expect(try ratings(try await client.execute(uri: "/api/creatures", method: .get)) == [1: 1])
            #expect(try ratings(try await client.execute(uri: "/api/creatures", method: .get)) == [1: 1])
            _ = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(#"{"rating":4.5}"#))
            #expect(try ratings(try await client.execute(uri: "/api/creatures", method: .get)) == [1: 4.5])
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Moth","rating":2}"#))
            #expect(try ratings(try await client.execute(uri: "/api/creatures", method: .get)) == [1: 4.5, 2: 2])
            _ = try await client.execute(uri: "/api/creatures/1", method: .delete)
            #expect(try ratings(try await client.execute(uri: "/api/creatures", method: .get)) == [2: 2])
        }
    }

    @Test("A change another writer makes to the folder shows in the list within a second")
    func otherWritersChangesShow() async throws {
        let watching = Signal()
        try await withApp(onWatching: { watching.fire() }) { client, folder in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Bug","rating":1}"#))
            // Once the folder watch is up (changes made elsewhere are seen), fill the cache.
            await watching.wait()
            #expect(try ratings(try await client.execute(uri: "/api/creatures", method: .get)) == [1: 1])
            #expect(try ratings(try await client.execute(uri: "/api/creatures", method: .get)) == [1: 1])
            let other = try await ScaryCreatureDatabase.open(at: folder)
            _ = try await other.rate(1, 3)
            _ = try await other.add(title: "Moth", rating: 5)
            var seen: [Int: Double] = [:]
            for _ in 0..<40 {
                seen = try ratings(try await client.execute(uri: "/api/creatures", method: .get))
                if seen == [1: 3, 2: 5] { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(seen == [1: 3, 2: 5])
        }
    }
}
