import ScaryCreatures
import ServiceLifecycle

/// Runs the data folder's ``ScaryCreatures/FolderWatch`` in the service group; `onReady` once
/// it sees every bundle.
struct FolderWatchService: Service {
    let watch: FolderWatch
    let onReady: @Sendable () async -> Void

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await watch.run(onReady: onReady) }
    }
}
