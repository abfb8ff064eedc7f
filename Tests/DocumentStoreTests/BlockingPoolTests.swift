import DocumentStore
import Foundation
import Testing

/// Something a job captures, to see when the pool lets go of it.
private final class Captured: Sendable {}

/// Counts how many jobs run at once.
private final class Occupancy: @unchecked Sendable {
    // @unchecked Sendable: every access holds `lock`.
    private let lock = NSLock()
    private var running = 0
    private(set) var peak = 0

    func enter() { lock.withLock { running += 1; peak = max(peak, running) } }
    func leave() { lock.withLock { running -= 1 } }
    var observedPeak: Int { lock.withLock { peak } }
}

@Suite("Blocking pool: bounded, in order, shut down cleanly")
struct BlockingPoolTests {
    @Test("40 blocking jobs on a 3-thread pool all finish, never more than 3 at once")
    func bounded() async throws {
        let pool = BlockingPool(threadCount: 3)
        defer { pool.shutDown() }
        let occupancy = Occupancy()
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try await pool.run {
                        occupancy.enter()
                        defer { occupancy.leave() }
                        usleep(2_000)
                        return index
                    }
                }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(results == Set(0..<40))
        #expect(occupancy.observedPeak <= 3)
        #expect(pool.threadCount == 3)
    }

    #if os(Linux)
    @Test("pool threads run under SCHED_BATCH, so a woken pool thread does not preempt an event loop")
    func batchScheduling() async throws {
        let pool = BlockingPool(threadCount: 2)
        defer { pool.shutDown() }
        let policies = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<4 { group.addTask { try await pool.run { sched_getscheduler(0) } } }
            return try await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        #expect(policies == [3, 3, 3, 3])
        #expect(BlockingPool.schedulingPolicy == 3)
    }
    #endif

    @Test("an error thrown by a job reaches its caller")
    func errors() async throws {
        struct Failed: Error, Equatable {}
        let pool = BlockingPool(threadCount: 1)
        defer { pool.shutDown() }
        await #expect(throws: Failed.self) { try await pool.run { throw Failed() } }
        #expect(try await pool.run { 7 } == 7)
    }

    @Test("after shutDown, run fails with a DocumentStoreError instead of hanging")
    func shutDown() async throws {
        let pool = BlockingPool(threadCount: 1)
        pool.shutDown()
        let error = try await #require(throws: DocumentStoreError.self) { try await pool.run { 1 } }
        #expect(error.message == "the blocking-work pool has been shut down")
    }

    @Test("a finished job's captures are freed when it ends, not kept in the queue (a server's whole archive, each write)")
    func releasesFinishedJobs() async throws {
        let pool = BlockingPool(threadCount: 1)
        defer { pool.shutDown() }
        weak var released: Captured?
        do {
            let captured = Captured()
            released = captured
            try await pool.run { withExtendedLifetime(captured) {} }
        }
        // The pool thread drops its last reference just after resuming this task.
        var waited = 0
        while released != nil && waited < 2_000 {
            try await Task.sleep(for: .milliseconds(1))
            waited += 1
        }
        #expect(released == nil)
    }

    @Test("threads start as work needs them: jobs one after another start one or two (a thread may still be finishing its job when the next comes), eight jobs blocked at once start eight, never more than the limit")
    func startsThreadsOnDemand() async throws {
        let pool = BlockingPool(threadCount: 8)
        defer { pool.shutDown() }
        #expect(pool.startedThreadCount == 0)
        for _ in 0..<20 { try await pool.run {} }
        #expect((1...2).contains(pool.startedThreadCount))
        // Twelve jobs that each wait until eight are running at once.
        let gate = NSCondition()
        nonisolated(unsafe) var running = 0
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try await pool.run {
                        gate.lock()
                        running += 1
                        gate.broadcast()
                        while running < 8 { gate.wait() }
                        gate.unlock()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(pool.startedThreadCount == 8)
    }
}
