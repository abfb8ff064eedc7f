import BackgroundWork
import Foundation

/// Group commit for ``DocumentFolder/update(_:_:)``: while one durable write of a bundle's data
/// is in flight, later updates of the same bundle queue, and the next write applies all of them
/// in arrival order and makes them durable together — one read, one write and two `fsync`s for
/// the whole group instead of each. Every caller still returns only once its change is durable;
/// a transform that throws fails only its own caller and is left out.
actor UpdateBatches {
    typealias Transform = @Sendable (Data?) throws -> Data

    private struct Waiting {
        var transform: Transform
        var continuation: CheckedContinuation<Void, any Error>
    }

    private var waiting: [Int: [Waiting]] = [:]
    private var writing: Set<Int> = []

    /// Queues `transform` for bundle `id` and returns when a durable write including it is done.
    /// `write` runs one batch: it gets the transforms and returns each one's outcome.
    func submit(_ id: Int, _ transform: @escaping Transform, write: @escaping @Sendable ([Transform]) async -> [Result<Void, any Error>]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            waiting[id, default: []].append(Waiting(transform: transform, continuation: continuation))
            if !writing.contains(id) {
                writing.insert(id)
                Background.task { await self.drain(id, write: write) }
            }
        }
    }

    private func drain(_ id: Int, write: @Sendable ([Transform]) async -> [Result<Void, any Error>]) async {
        while let batch = waiting[id], !batch.isEmpty {
            waiting[id] = nil
            let outcomes = await write(batch.map(\.transform))
            for (waiter, outcome) in zip(batch, outcomes) { waiter.continuation.resume(with: outcome) }
        }
        writing.remove(id)
    }
}
