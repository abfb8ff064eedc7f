/// Where the toolkit's own unstructured tasks run — a shared run, a batch of writes, an event
/// stream's pump, a poll — written once for every module that starts one.
///
/// An unstructured `Task {}` keeps its creator's task-local values but not its task-executor
/// preference: it runs on Swift's default executor. In a server process that executor is the
/// server's event loops (installed at start), so nothing changes there. A test process serves
/// on loops of its own while hundreds of tests queue on Swift's small pool, and a request that
/// waits for such a task waited behind them (20 s, a client's time-out, in CI). A task started
/// with ``task(priority:_:)`` prefers the executor ``executor`` names in its creator's task, and
/// otherwise runs where `Task {}` would.
public enum Background {
    /// The executor that tasks started with ``task(priority:_:)`` prefer, inherited as task-local
    /// values are; nil (the default) for Swift's default executor.
    @TaskLocal public static var executor: (any TaskExecutor)?

    /// An unstructured task of `operation`, on ``executor`` if the current task names one.
    @discardableResult
    public static func task<Success: Sendable>(
        priority: TaskPriority? = nil, _ operation: sending @escaping () async -> Success
    ) -> Task<Success, Never> {
        Task(executorPreference: executor, priority: priority, operation: operation)
    }

    /// An unstructured throwing task of `operation`, on ``executor`` if the current task names one.
    @discardableResult
    public static func task<Success: Sendable>(
        priority: TaskPriority? = nil, _ operation: sending @escaping () async throws -> Success
    ) -> Task<Success, any Error> {
        Task(executorPreference: executor, priority: priority, operation: operation)
    }

    /// `body`'s result, with `executor` preferred by it, its child tasks and the tasks it starts
    /// with ``task(priority:_:)``.
    public static func run<Result>(on executor: any TaskExecutor, _ body: () async throws -> Result) async throws -> Result {
        try await $executor.withValue(executor) {
            try await withTaskExecutorPreference(executor) { try await body() }
        }
    }
}
