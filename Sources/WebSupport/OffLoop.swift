import NIOCore
import NIOPosix

/// Runs processor work that grows with its input — reading a multipart form, rendering a page
/// of thousands of rows — on a pool of its own, never on an event loop: with NIO as Swift's
/// executor a handler runs on the loop that read its request, and work there would hold every
/// other connection of that loop until it ends.
public enum OffLoop {
    /// One thread per core (at least two).
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: max(2, System.coreCount))
        pool.start()
        return pool
    }()

    /// `work`'s result, computed on the pool.
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await pool.runIfActive(work)
    }

    /// A task executor on the pool: a task that prefers it (`withTaskExecutorPreference`) runs
    /// its jobs, and those of the default actors it calls, there.
    public static let executor = PoolTaskExecutor(pool: pool)

    /// Runs jobs on a thread pool.
    public final class PoolTaskExecutor: TaskExecutor {
        private let pool: NIOThreadPool

        init(pool: NIOThreadPool) {
            self.pool = pool
        }

        /// Runs `job` on a thread of the pool (the pool is never shut down, so every job runs).
        public func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            pool.submit { [self] _ in job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
