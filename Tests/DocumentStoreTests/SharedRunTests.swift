import DocumentStore
import Synchronization
import Testing
import TestSupport

/// What runs of a ``SharedRun`` did: how many ran at once at most, how many ended, and whether
/// one saw itself cancelled.
private final class RunLog: Sendable {
    private struct State {
        var running = 0
        var mostAtOnce = 0
        var ended = 0
        var sawCancellation = false
    }

    private let state = Mutex(State())

    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
    var ended: Int { state.withLock { $0.ended } }
    var sawCancellation: Bool { state.withLock { $0.sawCancellation } }

    /// `value` once `gate` opens, logged.
    func run(_ value: Int, after gate: Signal) async throws -> Int {
        state.withLock {
            $0.running += 1
            $0.mostAtOnce = max($0.mostAtOnce, $0.running)
        }
        await gate.wait()
        state.withLock {
            $0.running -= 1
            $0.ended += 1
            $0.sawCancellation = $0.sawCancellation || Task.isCancelled
        }
        return value
    }
}

@Suite("One shared run at a time, finished whoever stops waiting (a server's cold listing)", .timeLimit(.minutes(4)))
struct SharedRunTests {
    @Test("eight callers for the same key share one run and all get its value")
    func callersShareOneRun() async throws {
        let runner = SharedRun<Int, Int>(), log = RunLog(), gate = Signal()
        let values = try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<8 {
                group.addTask { try await runner.value(for: 1, waitingAtMost: nil) { try await log.run(42, after: gate) } }
            }
            try await waitUntil { runner.isRunning }
            gate.fire()
            return try await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(values == Array(repeating: 42, count: 8))
        #expect(runner.runsStarted == 1)
        #expect(log.ended == 1)
    }

    @Test("a caller whose limit passes gets nil at once; the run goes on and a caller that joins it later gets its value")
    func impatientCallerLeaves() async throws {
        let runner = SharedRun<Int, Int>(), log = RunLog(), gate = Signal()
        let patient = Task { try await runner.value(for: 1, waitingAtMost: nil) { try await log.run(7, after: gate) } }
        try await waitUntil { runner.isRunning }
        let impatient = try await runner.value(for: 1, waitingAtMost: .milliseconds(50)) { try await log.run(8, after: Signal()) }
        #expect(impatient == nil)
        #expect(runner.isRunning)
        gate.fire()
        #expect(try await patient.value == 7)
        #expect(runner.runsStarted == 1)
        #expect(log.ended == 1)
    }

    @Test("every caller leaving does not end the run: it finishes, uncancelled, with no one waiting")
    func runOutlivesItsCallers() async throws {
        let runner = SharedRun<Int, Int>(), log = RunLog(), gate = Signal()
        let callers = (0..<3).map { _ in Task { try await runner.value(for: 1, waitingAtMost: nil) { try await log.run(1, after: gate) } } }
        try await waitUntil { runner.isRunning }
        for caller in callers { caller.cancel() }
        for caller in callers {
            await #expect(throws: CancellationError.self) { try await caller.value }
        }
        #expect(runner.isRunning)
        gate.fire()
        try await waitUntil { !runner.isRunning }
        #expect(log.ended == 1)
        #expect(!log.sawCancellation)
    }

    @Test("a caller for another key waits for the run going on, then runs its own: never two at once")
    func oneRunAtATime() async throws {
        let runner = SharedRun<Int, Int>(), log = RunLog(), first = Signal(), second = Signal()
        let old = Task { try await runner.value(for: 1, waitingAtMost: nil) { try await log.run(1, after: first) } }
        try await waitUntil { runner.isRunning }
        let new = Task { try await runner.value(for: 2, waitingAtMost: nil) { try await log.run(2, after: second) } }
        try await waitUntil { runner.waiting == 2 }  // the new caller has joined, and waits
        #expect(runner.runsStarted == 1)
        first.fire()
        #expect(try await old.value == 1)
        try await waitUntil { runner.runsStarted == 2 }
        second.fire()
        #expect(try await new.value == 2)
        #expect(log.mostAtOnce == 1)
    }

    @Test("a run's error reaches every caller waiting for it, and the next caller starts a new run")
    func errorsReachEveryCaller() async throws {
        struct Failed: Error {}
        let runner = SharedRun<Int, Int>(), gate = Signal()
        let callers = (0..<4).map { _ in
            Task {
                try await runner.value(for: 1, waitingAtMost: nil) {
                    await gate.wait()
                    throw Failed()
                }
            }
        }
        try await waitUntil { runner.isRunning }
        try await waitUntil { runner.waiting == 4 }
        gate.fire()
        for caller in callers {
            await #expect(throws: Failed.self) { try await caller.value }
        }
        #expect(try await runner.value(for: 1, waitingAtMost: nil) { 5 } == 5)
        #expect(runner.runsStarted == 2)
    }
}
