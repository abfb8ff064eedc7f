import Logging
import ScaryCreatures
import ServiceLifecycle

/// The storage work of a Scary Creatures server that no one request owns. At start it begins
/// the first listing, so that the server becomes ready (`GET /readyz`) before anyone asks for
/// the list; as the server stops — last, once the requests in flight are answered, or when the
/// grace period has passed — it cancels the listing work no one waits for any more.
struct ListingService: Service {
    let database: ScaryCreatureDatabase
    let logger: Logger

    func run() async throws {
        await withTaskCancellationHandler {
            let began = ContinuousClock.now
            do {
                let listed = try await cancelWhenGracefulShutdown { try await database.list() }
                logger.info("the creatures are listed: the server is ready", metadata: [
                    "creatures": "\(listed.creatures.count)", "milliseconds": "\((ContinuousClock.now - began) / .milliseconds(1))",
                ])
            } catch is CancellationError {
                // Stopping before the first listing ended.
            } catch {
                logger.warning("the first listing failed (GET /readyz starts another): \(error)")
            }
            try? await gracefulShutdown()
            database.stopStorageWork()
        } onCancel: {
            database.stopStorageWork()
        }
    }
}
