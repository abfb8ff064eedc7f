import Foundation

/// A clock that moves only when a test advances it, so tests of polling code never wait for
/// real time: the test waits until the code under test sleeps (``waitForSleepers(_:)``), changes
/// what it should see, and ``advance(by:)`` wakes it.
final class TestClock: Clock, @unchecked Sendable {
    // @unchecked Sendable: `now`, `sleepers` and `waiters` are only touched under `lock`.

    /// A point on the test clock: the time since it was made.
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [UUID: Sleeper] = [:]
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    var now: Instant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if deadline <= current || Task.isCancelled {
                    lock.unlock()
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                    return
                }
                sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                let ready = takeReadyWaiters()
                lock.unlock()
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            lock.lock()
            let sleeper = sleepers.removeValue(forKey: id)
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        lock.lock()
        current = current.advanced(by: duration)
        let due = sleepers.filter { $0.value.deadline <= current }
        for id in due.keys { sleepers[id] = nil }
        lock.unlock()
        for sleeper in due.values { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are sleeping on this clock.
    func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if sleepers.count >= count {
                lock.unlock()
                continuation.resume()
                return
            }
            waiters.append((count, continuation))
            lock.unlock()
        }
    }

    /// The waiters satisfied by the sleepers now; called under `lock`.
    private func takeReadyWaiters() -> [CheckedContinuation<Void, Never>] {
        let ready = waiters.filter { $0.count <= sleepers.count }.map(\.continuation)
        waiters.removeAll { $0.count <= sleepers.count }
        return ready
    }
}
