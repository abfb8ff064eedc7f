/// Runs `body` on each of `items`, at most `limit` at a time, and answers the results in the
/// order they finished: how a store following other writers reads what they changed without
/// queueing one request behind another (nor taking every connection of its client).
///
/// - Throws: the first error `body` throws (the others still running are cancelled).
public func concurrentlyMapped<Item: Sendable, Result: Sendable>(
    _ items: some Sequence<Item>, atMost limit: Int, _ body: @escaping @Sendable (Item) async throws -> Result
) async throws -> [Result] {
    var pending = items.makeIterator()
    return try await withThrowingTaskGroup(of: Result.self) { group in
        for _ in 0..<max(1, limit) {
            guard let item = pending.next() else { break }
            group.addTask { try await body(item) }
        }
        var results: [Result] = []
        for try await result in group {
            results.append(result)
            if let item = pending.next() { group.addTask { try await body(item) } }
        }
        return results
    }
}
