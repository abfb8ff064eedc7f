/// Per-bundle readers–writer locks inside one process: any number of readers of a bundle at once,
/// or one writer, granted in arrival order (a waiting writer is not overtaken by later readers);
/// different bundles proceed in parallel. Across processes the store also takes an `flock` on
/// the bundle's folder (shared or exclusive to match).
///
/// Each bundle also has a generation, advanced every time a writer releases it (or a bundle is
/// created under its number), so a reader can tell a cached value read under an older
/// generation from a current one.
actor BundleLocks {
    private struct State {
        var readers = 0
        var hasWriter = false
        var queue: [(exclusive: Bool, continuation: CheckedContinuation<UInt64, Never>)] = []

        var isIdle: Bool { readers == 0 && !hasWriter && queue.isEmpty }
    }

    private var states: [Int: State] = [:]
    private var generations: [Int: UInt64] = [:]
    private var clock: UInt64 = 0

    /// Waits until bundle `id` can be held (`exclusive` for writing), then holds it; returns the
    /// bundle's generation when it was granted (one visit to the actor for both).
    func acquire(_ id: Int, exclusive: Bool) async -> UInt64 {
        var state = states[id] ?? State()
        if state.queue.isEmpty && !state.hasWriter && (!exclusive || state.readers == 0) {
            if exclusive { state.hasWriter = true } else { state.readers += 1 }
            states[id] = state
            return generation(id)
        }
        return await withCheckedContinuation { continuation in
            states[id, default: State()].queue.append((exclusive, continuation))
        }
    }

    /// Releases bundle `id` and hands it to the next waiters that can hold it.
    func release(_ id: Int, exclusive: Bool) {
        guard var state = states[id] else { return }
        if exclusive {
            state.hasWriter = false
            advance(id)
        } else {
            state.readers -= 1
        }
        while let next = state.queue.first {
            if next.exclusive {
                guard state.readers == 0 && !state.hasWriter else { break }
                state.hasWriter = true
            } else {
                guard !state.hasWriter else { break }
                state.readers += 1
            }
            state.queue.removeFirst()
            next.continuation.resume(returning: generation(id))
            if next.exclusive { break }
        }
        states[id] = state.isIdle ? nil : state
    }

    /// Bundle `id`'s current generation (0 until its first change in this process).
    func generation(_ id: Int) -> UInt64 {
        generations[id] ?? 0
    }

    /// Advances bundle `id`'s generation (a change made without holding its lock: a creation).
    func advance(_ id: Int) {
        clock += 1
        generations[id] = clock
    }

    /// Runs `body` holding bundle `id` (`exclusive` for writing); `body` gets the generation at
    /// the start.
    nonisolated func withLock<Result: Sendable>(_ id: Int, exclusive: Bool, _ body: @Sendable (UInt64) async throws -> Result) async throws -> Result {
        let generation = await acquire(id, exclusive: exclusive)
        let result: Swift.Result<Result, any Error>
        do { result = .success(try await body(generation)) } catch { result = .failure(error) }
        await release(id, exclusive: exclusive)
        return try result.get()
    }
}
