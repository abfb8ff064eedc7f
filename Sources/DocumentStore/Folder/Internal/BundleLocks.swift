/// Per-bundle mutual exclusion inside one process: writes to the same bundle run one at a time,
/// in arrival order, while different bundles proceed in parallel. (Across processes the store
/// also takes an `flock` on the bundle's folder.)
actor BundleLocks {
    /// For each locked bundle, the tasks waiting for it; a key is present while its bundle is held.
    private var waiting: [Int: [CheckedContinuation<Void, Never>]] = [:]

    /// Waits until bundle `id` is free, then holds it.
    func acquire(_ id: Int) async {
        guard waiting[id] != nil else {
            waiting[id] = []
            return
        }
        await withCheckedContinuation { continuation in
            waiting[id, default: []].append(continuation)
        }
    }

    /// Releases bundle `id`, handing it to the next waiter if there is one.
    func release(_ id: Int) {
        guard var queue = waiting[id] else { return }
        if queue.isEmpty {
            waiting[id] = nil
        } else {
            let next = queue.removeFirst()
            waiting[id] = queue
            next.resume()
        }
    }

    /// Runs `body` holding bundle `id`.
    nonisolated func withLock<Result: Sendable>(_ id: Int, _ body: @Sendable () async throws -> Result) async throws -> Result {
        await acquire(id)
        let result: Swift.Result<Result, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        await release(id)
        return try result.get()
    }
}
