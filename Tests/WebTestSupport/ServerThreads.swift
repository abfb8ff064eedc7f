import NIOPosix

/// Where an in-process server under test and the test that talks to it run: NIO's event loops,
/// as in production.
///
/// A server process installs NIO's event loops as Swift's global executor
/// (`EventLoopExecutor.install()`, in `ServerProcess.prepare()`), so a request's handler runs on
/// the loop that read it and `EventLoopAffinityMiddleware` keeps it there. A test process cannot
/// install that executor: Swift Testing's tasks run before any test code, and the rest of the
/// suite (computing for seconds at a time) must stay on Swift's cooperative pool. Tasks that
/// prefer ``executor`` are enqueued the way that executor enqueues them (the loop the enqueuing
/// thread is on, else the next of `MultiThreadedEventLoopGroup.singleton`, whose loops
/// Hummingbird serves on), and so are the tasks the server starts (a preference is inherited by
/// child tasks). So the servers under test run on the production arrangement, on threads that
/// other tests' work on the cooperative pool cannot starve.
public enum ServerThreads {
    /// Runs jobs on the event loops.
    public static let executor = PoolExecutor()

    /// NIO's singleton event loops as a task executor.
    public final class PoolExecutor: TaskExecutor {
        /// Runs `job` on the current event loop, or the next one (as NIO's global-executor hook does).
        public func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            MultiThreadedEventLoopGroup.singleton.any().execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// `body`'s result, with its tasks (a live server's included) on the event loops.
    public static func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await withTaskExecutorPreference(executor) { try await body() }
    }
}
