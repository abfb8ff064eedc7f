import BackgroundWork

/// The client's requests in flight, at most one per connection of its pool: a request beyond
/// that waits here, first come first served, for as long as its own deadline allows.
///
/// Without it, the request would wait in the HTTP client's queue, whose wait is bounded by the
/// connect timeout: under a burst of requests to a slow storage, a request that merely waited
/// its turn for more than 5 s failed as if the storage could not be reached.
actor RequestSlots {
    private let limit: Int
    private var busy = 0
    /// The waiting requests' ids, oldest first from `head` (ids whose wait ended are skipped).
    private var queue: [UInt64] = []
    private var head = 0
    private var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
    private var timers: [UInt64: Task<Void, Never>] = [:]
    private var nextID: UInt64 = 0

    /// Slots for `limit` requests at once (at least one).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot, waiting for one until `deadline` at most: true when it is taken (give it back
    /// with ``give()``), false when none came free in time or the task was cancelled.
    func take(until deadline: ContinuousClock.Instant) async -> Bool {
        if busy < limit, waiting.isEmpty {
            busy += 1
            return true
        }
        if Task.isCancelled || deadline <= .now { return false }
        let id = nextID
        nextID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting[id] = continuation
                queue.append(id)
                timers[id] = Background.task { [weak self] in
                    do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }  // it got a slot
                    await self?.end(id, taken: false)
                }
            }
        } onCancel: {
            Background.task { await self.end(id, taken: false) }
        }
    }

    /// Gives a taken slot back: to the request that has waited longest, if any.
    func give() {
        while head < queue.count {
            let id = queue[head]
            head += 1
            if waiting[id] != nil {
                compactQueue()
                end(id, taken: true)  // the slot passes on: `busy` stays
                return
            }
        }
        compactQueue()
        busy = max(0, busy - 1)
    }

    /// How many requests hold a slot, and how many wait for one.
    var counts: (busy: Int, waiting: Int) {
        (busy, waiting.count)
    }

    /// Ends request `id`'s wait, if it still waits: it gets the slot, or gives up.
    private func end(_ id: UInt64, taken: Bool) {
        guard let continuation = waiting.removeValue(forKey: id) else { return }
        timers.removeValue(forKey: id)?.cancel()
        continuation.resume(returning: taken)
    }

    /// Drops the ids already served from the front of the queue once they are half of it.
    private func compactQueue() {
        if head > 64, head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }
}
