import Foundation
import OpenAPIRuntime
import ScaryCreatures
import ServiceLifecycle
import WebSupport

/// The `text/event-stream` of a data folder's changes.
///
/// Each change is one event: `id` (for `Last-Event-ID`), `event` (created, updated, photo,
/// deleted, or reset when changes were missed) and `data` (`{"id": N, "version": "…"}`). The
/// stream ends when the server shuts down gracefully, and when the client reads so slowly that
/// more than a bounded number of events wait for it (it reconnects with `Last-Event-ID`).
enum EventStream {
    /// The response body for a client that last saw `lastEventID` (through WebSupport's
    /// ``WebSupport/ServerSentEvents``).
    static func body(of changes: CreatureChanges, after lastEventID: String?) async -> HTTPBody {
        let events = await changes.subscribe(after: lastEventID)
        return ServerSentEvents.body(of: events) { encode($0, changes: changes) }
    }

    /// One event in the `text/event-stream` format (``WebSupport/ChangeEvent``).
    static func encode(_ event: CreatureChanges.Event, changes: CreatureChanges) -> String {
        switch event {
        case .reset:
            ChangeEvent.reset
        case .change(let change):
            ChangeEvent.encode(id: changes.eventID(change), kind: change.kind.rawValue, subjectKey: "id", subject: change.id, version: change.version)
        }
    }
}

/// Runs the data folder's ``ScaryCreatures/FolderWatch`` in the service group; `onReady` once
/// it sees every bundle.
struct FolderWatchService: Service {
    let watch: FolderWatch
    let onReady: @Sendable () async -> Void

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await watch.run(onReady: onReady) }
    }
}
