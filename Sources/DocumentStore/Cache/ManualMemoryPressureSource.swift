import Foundation

/// A memory-pressure source fired by hand: an admin command, a signal handler, a test.
///
/// Every stream from ``events()`` receives every ``trigger(_:detail:)`` made while it is open.
public final class ManualMemoryPressureSource: MemoryPressureSource, @unchecked Sendable {
    // @unchecked Sendable: `continuations` is only touched under `lock`.
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<MemoryPressureEvent>.Continuation] = [:]
    private var listenerWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a source with no listeners.
    public init() {}

    /// The number of open streams (lets a test wait until a watcher is listening).
    public var listenerCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return continuations.count
    }

    /// Returns once at least `count` streams are open: a test calls it before ``trigger(_:detail:)``
    /// so that the trigger reaches a watcher started in another task, without polling.
    public func waitForListeners(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if continuations.count >= count {
                lock.unlock()
                continuation.resume()
                return
            }
            listenerWaiters.append((count, continuation))
            lock.unlock()
        }
    }

    /// A stream of the triggers made from now on.
    public func events() -> AsyncStream<MemoryPressureEvent> {
        let (stream, continuation) = AsyncStream<MemoryPressureEvent>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        lock.lock()
        continuations[id] = continuation
        let listening = continuations.count
        let ready = listenerWaiters.filter { $0.count <= listening }
        listenerWaiters.removeAll { $0.count <= listening }
        lock.unlock()
        for waiter in ready { waiter.continuation.resume() }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.lock()
            self.continuations[id] = nil
            self.lock.unlock()
        }
        return stream
    }

    /// Sends an event to every open stream.
    public func trigger(_ level: MemoryPressureLevel = .critical, detail: String = "manual") {
        lock.lock()
        let targets = Array(continuations.values)
        lock.unlock()
        for continuation in targets { continuation.yield(MemoryPressureEvent(level: level, detail: detail)) }
    }
}
