import Synchronization
import Testing
@testable import DocumentStore

/// Callers that come while a shared run is in progress get its outcome; a later caller starts
/// a new run.
@Suite("Shared runs: one run for the callers that come while it runs")
struct SharedRunTests {
    @Test("ten callers during one run share its value; the work ran once; the next caller runs it again")
    func callersShareOneRun() async throws {
        let shared = SharedRun<Int>()
        let runs = Atomic<Int>(0)
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        let work: @Sendable () async throws -> Int = {
            let run = runs.add(1, ordering: .relaxed).newValue
            for await _ in release { break }
            return run * 10
        }
        let first = Task { try await shared.value(work) }
        while runs.load(ordering: .relaxed) == 0 { await Task.yield() }
        let others = (0..<9).map { _ in Task { try await shared.value(work) } }
        while await shared.sharing < 9 { await Task.yield() }  // they wait for the run, not running their own
        #expect(runs.load(ordering: .relaxed) == 1)
        releaseContinuation.yield()
        #expect(try await first.value == 10)
        for other in others { #expect(try await other.value == 10) }
        releaseContinuation.yield()
        #expect(try await shared.value(work) == 20)
        #expect(runs.load(ordering: .relaxed) == 2)
    }

    @Test("a run that fails fails every caller that shared it, and the next caller runs again")
    func failureIsShared() async throws {
        struct Refused: Error {}
        let shared = SharedRun<Int>()
        await #expect(throws: Refused.self) { try await shared.value { throw Refused() } }
        #expect(try await shared.value { 7 } == 7)
    }
}
