import Foundation
import OpenAPIRuntime
import ScaryCreatures
import ServiceLifecycle

/// The `text/event-stream` of a data folder's changes.
///
/// Each change is one event: `id` (for `Last-Event-ID`), `event` (created, updated, photo,
/// deleted, or reset when changes were missed) and `data` (`{"id": N, "version": "…"}`). The
/// stream ends when the server shuts down gracefully, and when the client reads so slowly that
/// more than a bounded number of events wait for it (it reconnects with `Last-Event-ID`).
enum EventStream {
    /// How many encoded events may wait for a slow client.
    static let buffer = 64

    /// The response body for a client that last saw `lastEventID`.
    static func body(of changes: CreatureChanges, after lastEventID: String?) async -> HTTPBody {
        let events = await changes.subscribe(after: lastEventID)
        let (stream, output) = AsyncStream<ArraySlice<UInt8>>.makeStream(bufferingPolicy: .bufferingOldest(buffer))
        output.yield(ArraySlice("retry: 2000\n\n".utf8))
        let pump = Task {
            await withGracefulShutdownHandler {
                for await event in events {
                    if case .dropped = output.yield(ArraySlice(encode(event, changes: changes).utf8)) { break }
                }
            } onGracefulShutdown: {
                output.finish()
            }
            output.finish()
        }
        output.onTermination = { _ in pump.cancel() }
        return HTTPBody(stream, length: .unknown, iterationBehavior: .single)
    }

    /// One event in the `text/event-stream` format.
    static func encode(_ event: CreatureChanges.Event, changes: CreatureChanges) -> String {
        switch event {
        case .reset:
            return "event: reset\ndata: {}\n\n"
        case .change(let change):
            let version = change.version.map { "\"\($0)\"" } ?? "null"
            return "id: \(changes.eventID(change))\nevent: \(change.kind.rawValue)\ndata: {\"id\":\(change.id),\"version\":\(version)}\n\n"
        }
    }
}

/// Runs the data folder's ``ScaryCreatures/FolderWatch`` in the service group.
struct FolderWatchService: Service {
    let watch: FolderWatch

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await watch.run() }
    }
}
