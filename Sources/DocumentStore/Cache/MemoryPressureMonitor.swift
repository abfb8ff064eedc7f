import Logging
import ServiceLifecycle

/// A long-running service that purges caches whenever a memory-pressure source reports: run it
/// in the app's `ServiceGroup` beside the server.
public struct MemoryPressureMonitor: Service {
    private let source: any MemoryPressureSource
    private let purges: [@Sendable (MemoryPressureEvent) async -> Void]
    private let logger: Logger

    /// Creates a monitor that calls each of `purges` on every event from `source`.
    public init(source: any MemoryPressureSource, logger: Logger = Logger(label: "DocumentStore.MemoryPressure"), purges: [@Sendable (MemoryPressureEvent) async -> Void]) {
        self.source = source
        self.purges = purges
        self.logger = logger
    }

    /// Creates a monitor that purges `caches` on every event from `source`.
    public init<Key, Value>(source: any MemoryPressureSource, caches: [MemoryCache<Key, Value>], logger: Logger = Logger(label: "DocumentStore.MemoryPressure")) {
        self.init(source: source, logger: logger, purges: caches.map { cache in
            { event in await cache.purge(reason: "memory pressure (\(event.level.rawValue)): \(event.detail)") }
        })
    }

    /// Listens until the service group shuts down or the task is cancelled.
    public func run() async throws {
        let events = source.events()
        await cancelWhenGracefulShutdown {
            for await event in events {
                logger.warning("memory pressure", metadata: ["level": "\(event.level.rawValue)", "detail": "\(event.detail)"])
                for purge in purges { await purge(event) }
            }
        }
    }
}
