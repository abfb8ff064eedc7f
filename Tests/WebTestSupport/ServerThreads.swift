import NIOPosix

/// Threads of their own for an in-process server under test and the test that talks to it.
///
/// Swift's cooperative pool has as many threads as the machine has cores (two here), and the
/// whole test run shares it: while other tests compute for seconds at a time on it, a server
/// whose accept loop and handlers wait for it accepts nothing and answers nothing, and a test
/// of its timeouts or limits fails for a reason that is not the server's. Tasks that prefer
/// ``executor`` run here instead, and so do the tasks the server starts (a preference is
/// inherited by child tasks).
public enum ServerThreads {
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 4)
        pool.start()
        return pool
    }()

    /// Runs jobs on the pool's threads.
    public static let executor = PoolExecutor()

    /// The pool as a task executor.
    public final class PoolExecutor: TaskExecutor {
        /// Runs `job` on a thread of the pool (never shut down, so every job runs).
        public func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            ServerThreads.pool.submit { [self] _ in job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// `body`'s result, with its tasks (a live server's included) on these threads.
    public static func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await withTaskExecutorPreference(executor) { try await body() }
    }
}
