import BackgroundWork
import Dispatch
import DocumentStore
import Testing

/// A task executor on one queue of its own, which tells whether the calling code runs on it.
private final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "background-tests")
    private let key = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: key, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Whether the caller runs on this executor's queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// In a test process, servers answer on loops of their own while hundreds of tests queue on
/// Swift's pool; a request that waited for a toolkit task put on that pool waited behind them
/// (a list answered after the client's 20 s time-out in CI).
@Suite("The toolkit's own tasks run where their creator's tasks run", .timeLimit(.minutes(2)))
struct BackgroundTests {
    @Test("Task {} drops an executor preference; Background.task keeps the one Background.run names, and without one runs where Task {} would")
    func taskKeepsThePreference() async throws {
        let executor = QueueExecutor()
        let (plain, kept) = try await Background.run(on: executor) {
            #expect(executor.isCurrent)
            let plain = await Task { executor.isCurrent }.value
            let kept = await Background.task { executor.isCurrent }.value
            return (plain, kept)
        }
        #expect(!plain)  // what this type is for: Task {} alone leaves the executor
        #expect(kept)
        #expect(await Background.task { executor.isCurrent }.value == false)
    }

    @Test("a shared run's work, and a task started from a blocking-pool job, run on the caller's executor")
    func sharedRunAndPoolJobKeepIt() async throws {
        let executor = QueueExecutor()
        let pool = BlockingPool(threadCount: 1)
        defer { pool.shutDown() }
        let (shared, fromPool) = try await Background.run(on: executor) {
            let shared = try await SharedRun<Int, Bool>().value(for: 1, waitingAtMost: nil) { executor.isCurrent }
            let task = try await pool.run { Background.task { executor.isCurrent } }
            return (shared, await task.value)
        }
        #expect(shared == true)
        #expect(fromPool)
    }
}
