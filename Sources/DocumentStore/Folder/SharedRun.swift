import BackgroundWork
import Synchronization

/// One run of a piece of work at a time, shared by everyone who needs its result: the first
/// caller starts it, later callers wait on that same run, and the run goes on to its end
/// whoever stops waiting — a caller whose wait passes its limit, or whose task is cancelled,
/// leaves, and the run still finishes (and writes what it writes on the way, such as a
/// listing summary).
///
/// A burst of first creations in a bucket lists the bundle numbers once, not once each; a
/// server's cold listing of a large bucket is read once, and finished, however many requests
/// ask for it and give up.
///
/// A run is for a `Key` (the data's generation when it began): a caller for another key waits
/// for the current run to end and then starts its own, so at most one run goes on at a time.
/// A finished run's result goes to those who waited for it; callers keep results themselves.
public final class SharedRun<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How one wait ended.
    private enum Outcome: Sendable {
        /// The run ended so.
        case ended(Result<Value, any Error>)
        /// The waiter left: its deadline passed or its task was cancelled.
        case left
        /// The run ended before the waiter began to wait, and its result is gone: ask again.
        case missed
    }

    /// The run going on.
    private struct Run {
        var number: Int
        var key: Key
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Outcome, Never>] = [:]
    }

    private struct State {
        var run: Run?
        /// The last run that ended, and how.
        var finished: (number: Int, result: Result<Value, any Error>)?
        var runs = 0
        var nextWaiter = 0
        /// Waiters that joined and have not yet begun to wait.
        var joining: Set<Int> = []
        /// Of those, the ones that left already.
        var gone: Set<Int> = []
    }

    private let state = Mutex(State())

    /// An idle runner.
    public init() {}

    /// How many runs have started so far.
    public var runsStarted: Int { state.withLock { $0.runs } }

    /// How many callers wait for the run going on, or are about to.
    public var waiting: Int { state.withLock { $0.joining.count + ($0.run?.waiters.count ?? 0) } }

    /// Whether a run is going on.
    public var isRunning: Bool { state.withLock { $0.run != nil } }

    /// The result of the run for `key` — the one going on, or a new run of `work` — however
    /// long it takes.
    ///
    /// - Throws: what the run threw; `CancellationError` when the caller's task is cancelled
    ///   while it waits (the run goes on).
    public func value(for key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        // With no limit, only a cancellation ends the wait early, and that throws.
        guard let value = try await value(for: key, waitingAtMost: nil, work) else { throw CancellationError() }
        return value
    }

    /// The result of the run for `key` — the one going on, or a new run of `work` — or nil if it
    /// did not end within `limit` (the run goes on without the caller; nil: no limit). A run for
    /// another key is waited for first, within the same limit.
    ///
    /// - Throws: what the run threw; `CancellationError` when the caller's task is cancelled
    ///   while it waits (the run goes on).
    public func value(
        for key: Key, waitingAtMost limit: Duration?, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value? {
        let deadline = limit.map { ContinuousClock.now + $0 }
        while true {
            let (number, isForKey, id) = join(key, work)
            switch await wait(id, for: number, until: deadline) {
            case .ended(let result) where isForKey:
                return try result.get()
            case .ended, .missed:
                continue  // a run for another key ended: now this key's
            case .left:
                try Task.checkCancellation()
                return nil
            }
        }
    }

    /// Joins the run going on (starting one of `work` for `key` when none is): its number,
    /// whether it is for `key`, and the waiter's id.
    private func join(_ key: Key, _ work: @escaping @Sendable () async throws -> Value) -> (Int, Bool, Int) {
        state.withLock { state in
            let id = state.nextWaiter
            state.nextWaiter += 1
            state.joining.insert(id)
            if let run = state.run { return (run.number, run.key == key, id) }
            state.runs += 1
            let number = state.runs
            state.run = Run(number: number, key: key)
            // An unstructured task: no caller's cancellation reaches it. `Background` keeps it
            // where the caller's tasks run (`Task {}` alone would drop an executor preference).
            state.run?.task = Background.task { [self] in
                let result: Result<Value, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                finish(number, with: result)
            }
            return (number, true, id)
        }
    }

    /// Cancels the run going on, if any (a server that stops cancels its storage work so): its
    /// work sees the cancellation, and whoever waits for it gets what it then throws
    /// (`CancellationError`, as a rule). A later caller starts a new run.
    public func cancel() {
        state.withLock { $0.run?.task }?.cancel()
    }

    /// Ends run `number`: every waiter gets `result`.
    private func finish(_ number: Int, with result: Result<Value, any Error>) {
        let waiters = state.withLock { state in
            let waiters = Array((state.run?.waiters ?? [:]).values)
            state.run = nil
            state.finished = (number, result)
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: .ended(result)) }
    }

    /// Waits as waiter `id` for run `number` to end, until `deadline` (if any) or the task's
    /// cancellation.
    private func wait(_ id: Int, for number: Int, until deadline: ContinuousClock.Instant?) async -> Outcome {
        await withTaskGroup(of: Void.self) { group in
            if let deadline {
                group.addTask {
                    do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }  // cancelled: it ended first
                    self.leave(id)
                }
            }
            let outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                    let now: Outcome? = state.withLock { state in
                        state.joining.remove(id)
                        if state.gone.remove(id) != nil { return .left }
                        if state.run?.number == number {
                            state.run?.waiters[id] = continuation
                            return nil
                        }
                        if let finished = state.finished, finished.number == number { return .ended(finished.result) }
                        return .missed
                    }
                    if let now { continuation.resume(returning: now) }
                }
            } onCancel: {
                self.leave(id)
            }
            group.cancelAll()
            return outcome
        }
    }

    /// Waiter `id` leaves: resumed if it waits, remembered if it has not begun to wait, nothing
    /// if its wait is over.
    private func leave(_ id: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            if let waiter = state.run?.waiters.removeValue(forKey: id) { return waiter }
            if state.joining.contains(id) { state.gone.insert(id) }
            return nil
        }
        waiter?.resume(returning: .left)
    }
}
