import Synchronization

/// How many full listings of the folder are being read now, so that a bucket's watch can hold
/// its first pass back until they are done: on storage that answers one request at a time, a
/// watch pass and a server's first listing, interleaved page by page, would each take as long
/// as both.
final class ListingsInFlight: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts a listing while `body` reads it.
    func counting<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        count.add(1, ordering: .relaxed)
        defer { count.subtract(1, ordering: .relaxed) }
        return try await body()
    }

    /// Returns once no listing is being read, or after `limit` (so that listings that never
    /// stop cannot keep the watch from starting), looking every 20 ms.
    func waitUntilNone(atMost limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while count.load(ordering: .relaxed) > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
