import BackgroundWork
import Dispatch
import Synchronization

/// Runs `operation` as a task and blocks the calling thread until it finishes: how a bundle's
/// synchronous reader and editor reach a bucket. Call it only on a ``BlockingPool`` thread —
/// never on the concurrency pool, whose threads the task needs.
func waitForAsync<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = Mutex<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Background.task {
        let result: Result<Value, any Error>
        do { result = .success(try await operation()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
}
