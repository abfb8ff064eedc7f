import Synchronization

/// How many full listings of the folder are being read now, so that a bucket's watch can hold
/// its first pass back until they are done: on storage that answers one request at a time, a
/// watch pass and a server's first listing, interleaved page by page, would each take as long
/// as both.
final class ListingsInFlight: Sendable {
    private struct State {
        var count = 0
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Waiters whose limit passed before they began to wait.
        var expired: Set<Int> = []
    }

    private let state = Mutex(State())

    /// How many listings are being read now.
    var count: Int { state.withLock { $0.count } }

    /// How many callers of ``waitUntilNone(atMost:)`` are waiting now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Counts a listing while `body` reads it.
    func counting<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        state.withLock { $0.count += 1 }
        defer {
            let done = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.count -= 1
                guard state.count == 0 else { return [] }
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in done { waiter.resume() }
        }
        return try await body()
    }

    /// Returns once no listing is being read (as the last one ends), or after `limit` (so that
    /// listings that never stop cannot keep the watch from starting).
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it waits.
    func waitUntilNone(atMost limit: Duration) async throws {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await Task.sleep(for: limit)
                self.release(id)
            }
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    guard state.count > 0, state.expired.remove(id) == nil else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
            group.cancelAll()
        }
        state.withLock { _ = $0.expired.remove(id) }
        try Task.checkCancellation()
    }

    /// Resumes waiter `id` if it still waits (its limit passed, or its task was cancelled).
    private func release(_ id: Int) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                state.expired.insert(id)
                return CheckedContinuation<Void, Never>?.none
            }
            return waiter
        }
        waiter?.resume()
    }
}
