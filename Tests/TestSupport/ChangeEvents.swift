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

/// The version of each document a change stream has told so far: a creation or an update sets
/// it, a delete removes it (photos and attachments leave it as it is). Tests that end with
/// "every change reached this store" compare it with what is stored.
public actor ToldVersions<Subject: Sendable & Hashable> {
    /// Document → the version last told.
    public private(set) var versions: [Subject: String] = [:]
    /// Document → the kinds of change told of it, in order.
    public private(set) var kinds: [Subject: [ChangeKind]] = [:]

    /// Nothing told yet.
    public init() {}

    /// Takes `stream`'s changes as they come, until the returned task is cancelled.
    public nonisolated func follow(_ stream: AsyncStream<ChangeEvent<Subject>>) -> Task<Void, Never> {
        Task {
            for await event in stream {
                guard case .change(let change) = event else { continue }
                await take(change)
            }
        }
    }

    /// Takes one change.
    private func take(_ change: Change<Subject>) {
        kinds[change.subject, default: []].append(change.kind)
        switch change.kind {
        case .created, .updated: versions[change.subject] = change.version
        case .deleted: versions[change.subject] = nil
        case .photo, .attachments: break
        }
    }
}
