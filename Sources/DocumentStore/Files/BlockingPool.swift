import BackgroundWork
import Foundation

/// A bounded number of threads for blocking work — reads, `fsync`, `flock` waits — so that it
/// never runs on (or stalls) the Swift concurrency pool, and so that many tasks waiting on a
/// lock cannot grow the number of threads without bound: work beyond the threads waits in a
/// queue, in arrival order. Threads are started as work needs them, up to ``threadCount``: a
/// command that reads one file starts one.
///
/// Every ``DocumentFolder`` and ``ArchiveFileStore`` runs its file work here (``shared`` unless
/// one is injected); an app can run its own blocking work (export, import, photo decoding) on
/// the same pool with ``run(_:)``.
public final class BlockingPool: @unchecked Sendable {
    // @unchecked Sendable: `jobs`, `head`, `started`, `idle` and `isShutDown` are only touched
    // with `condition` held.
    private let condition = NSCondition()
    /// The queue: jobs before `head` have been taken (their slots emptied at once, so that a
    /// finished job's captures — a whole archive being written — are freed when it ends, not
    /// when the queue is next compacted); the slots are dropped once they are most of it.
    private var jobs: [(@Sendable () -> Void)?] = []
    private var head = 0
    private var isShutDown = false
    /// Threads started so far, and how many of them wait for work.
    private var started = 0
    private var idle = 0

    /// The most threads the pool starts.
    public let threadCount: Int

    /// The pool the stores use unless given another: 64 threads. Blocking file work waits on the
    /// disk, not the processor: concurrent `fsync`s share one journal commit, so the more of
    /// them overlap the more durable writes per commit (64 concurrent updates of different
    /// bundles: about a third more per second than with 16 threads, measured by
    /// `document-store-concurrency-benchmarks --pool`). On an ext4 without a journal, where each
    /// `fsync` writes its own blocks, 8 to 64 threads served the server's durable PATCHes equally
    /// fast (`Scripts/load.sh`, 2026-11-25). Idle threads cost only their stacks.
    public static let shared = BlockingPool(threadCount: 64)

    /// A pool of at most `threadCount` threads (at least one), started as work needs them.
    ///
    /// On Linux the threads run under `SCHED_BATCH` (``schedulingPolicy``): a pool thread woken
    /// by a finished `fsync` then waits for the running thread's time slice instead of
    /// preempting it. The threads that pay for preemption are a server's event loops, which
    /// parse and answer every connection's requests: preempted three times per durable PATCH,
    /// they left requests queued behind them (`Scripts/load.sh`: p99 of durable PATCHes at 64
    /// connections 60–67 ms before, 41–43 ms with this and
    /// `WebSupport.EventLoopAffinityMiddleware`, in the same run).
    public init(threadCount: Int) {
        self.threadCount = max(1, threadCount)
    }

    /// How many threads the pool has started (they stay until ``shutDown()``).
    public var startedThreadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return started
    }

    /// Runs `work` on one of the pool's threads and returns its result or rethrows its error.
    /// The caller's ``Background/executor`` stays in force for the tasks `work` starts.
    ///
    /// - Throws: what `work` throws, or ``DocumentStoreError`` `.io` if the pool was shut down.
    public func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let executor = Background.executor
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
            let accepted = enqueue {
                let result = Background.$executor.withValue(executor) { Swift.Result { try work() } }
                continuation.resume(with: result)
            }
            if !accepted {
                continuation.resume(throwing: DocumentStoreError(.io, "the blocking-work pool has been shut down"))
            }
        }
    }

    /// Lets the threads finish the queued work and end; later ``run(_:)`` calls fail.
    public func shutDown() {
        condition.lock()
        isShutDown = true
        condition.broadcast()
        condition.unlock()
    }

    private func enqueue(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isShutDown else { return false }
        jobs.append(job)
        // Another thread when more jobs wait than threads are idle, up to the limit.
        if jobs.count - head > idle, started < threadCount {
            let name = "BlockingPool-\(started)"
            let thread = Thread { [self] in work(named: name) }
            thread.name = name
            started += 1
            thread.start()
        } else {
            condition.signal()
        }
        return true
    }

    /// The Linux scheduling policy of the pool's threads: `SCHED_BATCH` (3).
    public static let schedulingPolicy: Int32 = 3

    private func work(named name: String) {
        #if os(Linux)
        // Foundation's `Thread.name` does not reach the system here, and a new thread keeps its
        // creator's name — an event loop's, when a request started it: named by the thread
        // itself, so `top -H`, `perf` and the tests' `ThreadTimes` do not take it for a loop.
        let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        if comm >= 0 {
            _ = Array(name.utf8.prefix(15)).withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
            close(comm)
        }
        // Per thread on Linux (0 is the calling thread); a failure leaves the default policy.
        var parameters = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, Self.schedulingPolicy, &parameters)
        #endif
        while true {
            condition.lock()
            while head == jobs.count && !isShutDown {
                idle += 1
                condition.wait()
                idle -= 1
            }
            guard head < jobs.count else {
                condition.unlock()
                return
            }
            let job = jobs[head].take()
            head += 1
            if head > 1024 && head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job?()
        }
    }
}
