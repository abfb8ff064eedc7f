import Hummingbird
import NIOCore
import NIOPosix

/// Keeps each request's work on the event loop that read it.
///
/// With ``EventLoopExecutor/install()`` a handler starts on the loop that read its request, but
/// each time it resumes from another thread — a ``DocumentStore/BlockingPool`` job finishing —
/// NIO's executor hook picks a loop in turn: on two cores, the other loop half the time, and the
/// answer then hops back to the connection's loop. Under a task-executor preference for the
/// reading loop (``EventLoopTaskExecutor``), those resumptions, and the jobs of default actors
/// the handler calls, go straight back to it: fewer wake-ups and no loop waiting on the other
/// (`Scripts/load.sh`: durable PATCHes at 64 connections, p90 25 ms instead of 28–31 ms in the
/// same run). Off a loop (the executor not installed, as in tests) it passes requests on as
/// they are.
public struct EventLoopAffinityMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The loop the request is on (nil off a loop); tests pick one.
    let currentLoop: @Sendable () -> (any EventLoop)?

    /// Creates the middleware.
    public init() {
        self.init(currentLoop: { MultiThreadedEventLoopGroup.currentEventLoop })
    }

    init(currentLoop: @escaping @Sendable () -> (any EventLoop)?) {
        self.currentLoop = currentLoop
    }

    /// Runs the rest of the chain with a preference for the current event loop, if any.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let loop = currentLoop() else { return try await next(request, context) }
        return try await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            try await next(request, context)
        }
    }
}

/// A task executor that runs every job on one event loop: a task preferring it resumes there,
/// whichever thread resumed it.
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    public let loop: any EventLoop

    /// An executor for `loop`.
    public init(_ loop: any EventLoop) {
        self.loop = loop
    }

    /// Runs `job` on the loop (at once, in order with the loop's other work).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
