import DocumentStore
import Foundation

/// The next `count` events of a change stream, failing (with `CancellationError`) instead of
/// waiting past `limit`.
public func nextEvents<Subject: Sendable & Hashable>(
    _ stream: AsyncStream<ChangeEvent<Subject>>, count: Int, limit: Duration = .seconds(20)
) async throws -> [ChangeEvent<Subject>] {
    try await withThrowingTaskGroup(of: [ChangeEvent<Subject>].self) { group in
        group.addTask {
            var events: [ChangeEvent<Subject>] = []
            for await event in stream {
                events.append(event)
                if events.count == count { break }
            }
            return events
        }
        group.addTask {
            try await Task.sleep(for: limit)
            throw CancellationError()
        }
        let events = try await group.next() ?? []
        group.cancelAll()
        return events
    }
}
