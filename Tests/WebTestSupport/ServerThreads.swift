import BackgroundWork
import NIOCore
import NIOPosix

/// Where an in-process server under test and the test that talks to it run: event loops, as in
/// production, but loops of their own.
///
/// A server process makes NIO's event loops the executor of every Swift task
/// (`EventLoopExecutor.install()`, from `ServerProcess.prepare()`): a request's handler starts
/// on the loop that read it, and `EventLoopAffinityMiddleware` keeps it there. A test process
/// cannot install that executor for everything — Swift Testing's own tasks run before any test
/// code, and the rest of the suite, computing for seconds at a time, belongs on Swift's pool —
/// nor can its servers share NIO's singleton loops with the S3 clients of other tests, whose
/// answers would wait behind a test that blocks. So a server under test serves on ``group``
/// (`buildApplication(…, eventLoopGroup: ServerThreads.group)`), and the tasks that prefer
/// ``executor`` — the test's, the server's (a preference is inherited by child tasks) — are
/// enqueued as NIO's executor enqueues them: on the loop of the thread that enqueues, when it is
/// one of these, else on the next. Other tests' work on the cooperative pool cannot starve them.
public enum ServerThreads {
    /// The loops the servers under test serve on (four, so that a test that blocks one for a
    /// moment leaves the server others).
    public static let group = MultiThreadedEventLoopGroup(numberOfThreads: 4)

    /// The loops of ``group``, to tell whether a thread is one of them.
    private static let loops: [ObjectIdentifier] = group.makeIterator().map { ObjectIdentifier($0) }

    /// Runs jobs on the loops of ``group``.
    public static let executor = LoopExecutor()

    /// ``group``'s loops as a task executor.
    public final class LoopExecutor: TaskExecutor {
        /// Runs `job` on the current loop if it is one of ``ServerThreads/group``'s, else on the next.
        public func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let current = MultiThreadedEventLoopGroup.currentEventLoop.flatMap { loop in
                ServerThreads.loops.contains(ObjectIdentifier(loop)) ? loop : nil
            }
            (current ?? ServerThreads.group.next()).execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// `body`'s result, with its tasks (a live server's included, and the unstructured ones the
    /// toolkit starts with `Background.task`) on ``group``'s loops.
    public static func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await Background.run(on: executor, body)
    }
}
