import Dispatch

/// Runs blocking file work (reads, `fsync`, `flock`) on Dispatch's global pool, so it never
/// stalls the Swift concurrency threads that run everything else.
enum BlockingIO {
    /// Runs `work` off the cooperative pool and returns its result or rethrows its error.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try work() })
            }
        }
    }
}
