/// One run of a piece of work at a time, shared: a caller that comes while it runs waits for that
/// run's outcome instead of starting another. A burst of first creations in a bucket lists the
/// bundle numbers once, not once each.
actor SharedRun<Value: Sendable> {
    private var running: Task<Value, any Error>?
    /// How many callers wait for the run in progress besides the one that started it.
    private(set) var sharing = 0

    /// The outcome of the run in progress, or of `work`, started now when none is.
    func value(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let running {
            sharing += 1
            defer { sharing -= 1 }
            return try await running.value
        }
        let task = Task { try await work() }
        running = task
        defer { running = nil }
        return try await task.value
    }
}
