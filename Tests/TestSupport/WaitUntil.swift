import Testing

/// Waits until `condition` holds, checking every 20 ms; after `limit` the test fails with an
/// issue instead of hanging, and this throws.
public func waitUntil(limit: Duration = .seconds(30), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition did not come true within \(limit)")
            throw CancellationError()
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}
