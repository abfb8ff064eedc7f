import Foundation
import Homepwner
import Hummingbird
import Logging
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import ServiceLifecycle
import DocumentStore
import WebSupport

/// Builds the Homepwner server: the item store (in a data folder, or a bucket that other servers
/// may share; it holds a folder for as long as it runs, so that a `homepwner` command that
/// would write fails at once and names the server), the
/// router, and the services beside it (memory-pressure purges of the photo cache, also on
/// `SIGUSR1`; the final save at shutdown). Run it with `runService()`, which stops on SIGINT or
/// SIGTERM after in-flight requests finish, then saves once more.
///
/// - Parameters:
///   - pages: adds the pages' routes; nil serves the API alone.
///   - onRunning: called once the server listens.
///   - storage: where the data is (a folder, or a bucket already connected to).
///   - eventLoopGroup: the loops it serves on (nil: NIO's singleton; a test gives a group of its own).
/// - Throws: ``Homepwner/HomepwnerError`` `.inUse` when another server holds the data folder;
///   ``WebSupport/WebStartError`` for an unsafe configuration or a folder that cannot be used;
///   ``DocumentStore/StorageConnectError`` for a bucket that cannot be used.
public func buildApplication(
    _ configuration: WebConfiguration,
    storage: Storage,
    pages: PageRoutes<ItemStore>? = nil,
    onRunning: @escaping @Sendable (ServerAddress) async -> Void = { _ in },
    eventLoopGroup: (any EventLoopGroup)? = nil
) async throws -> some ApplicationProtocol {
    let hosts = try await configuration.validate()
    // The accounts are read before anything else is opened: beyond loopback, with no access
    // token, they are all that keeps other machines out.
    let accounts = AccountAccess(blobs: storage.blobs(), appName: "Homepwner", requiresAccounts: configuration.needsAccounts(hosts: hosts))
    await accounts.prime()
    try configuration.requireSignIn(hosts: hosts, accounts: accounts, command: "homepwner")
    let logger = AppServer.logger(configuration, serverName: "homepwner")
    let store: ItemStore
    do {
        store = ItemStore(storage: storage, imageCacheBudget: configuration.thumbnailCacheBytes, serving: true)
        try await store.load()
    } catch let error as HomepwnerError where error.code != .inUse {
        throw WebStartError(error.message)
    }
    switch await store.status {
    case .damaged(let reason), .newerModel(let reason):
        logger.warning("the inventory is read-only: \(reason)")
    default:
        break
    }
    let router = try buildRouter(store: store, configuration: configuration, pages: pages, accounts: accounts)
    let purge: @Sendable (MemoryPressureEvent) async -> Void = { event in
        await store.images.cache.purge(reason: "memory pressure (\(event.level.rawValue)): \(event.detail)")
    }
    let signalPurges = ManualMemoryPressureSource()
    var services: [any Service] = [
        StoreService(store: store, logger: logger),
        MemoryPressureMonitor(source: signalPurges, logger: logger, purges: [purge]),
        SignalWatch(signal: SIGUSR1) { signalPurges.trigger(.critical, detail: "SIGUSR1") },
    ]
    if let system = systemMemoryPressureSource() {
        services.append(MemoryPressureMonitor(source: system, logger: logger, purges: [purge]))
    }
    services.append(FollowService(store: store))
    services.append(AccountsFollowService(access: accounts))
    return AppServer.application(
        router: router, configuration: configuration, hosts: hosts, serverName: "homepwner",
        services: services, data: storage.description, logger: logger, eventLoopGroup: eventLoopGroup, onRunning: onRunning
    )
}

/// The router: security and error middleware (knowing the routes from `openapi.yaml` and
/// `pages`), the generated API, `/openapi.yaml`, and the pages (added last, by `pages`).
public func buildRouter(
    store: ItemStore, configuration: WebConfiguration, pages: PageRoutes<ItemStore>? = nil, accounts: AccountAccess? = nil
) throws -> Router<BasicRequestContext> {
    // A CSV import is read, planned and applied, and its answer made, off the event loops
    // (100,000 rows take seconds): `x-work: heavy` in openapi.yaml, as the heavy reads.
    let accounts = accounts ?? AccountAccess(blobs: store.blobs, appName: "Homepwner")
    let router = try AppRouter.make(
        configuration: configuration, appName: "Homepwner", errors: ErrorMapping.apiError(for:),
        openAPIDocument: try AppRouter.openAPIDocument(in: .module), pages: pages,
        accounts: accounts
    )
    try ItemsAPI(
        store: store, maxBodyBytes: configuration.maxBodyBytes, maxImportBytes: configuration.maxImportBytes,
        readiness: Readiness(storage: store.blobs, deadline: configuration.readinessDeadline)
    )
        .registerHandlers(on: router, configuration: Configuration(jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]))
    try pages?.add(to: router, store: store, configuration: configuration, accounts: accounts)
    return router
}

/// Holds the item store for the server's life: at graceful shutdown (after the HTTP server has
/// let in-flight requests finish) it ends the event streams and saves once more.
struct StoreService: Service {
    let store: ItemStore
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        await store.changes.finishAll()
        do {
            try await store.close()
            let changes = await store.changeCount, writes = await store.saveCount
            // Only after a run that changed something (a server that could not start says one line).
            if changes > 0 { logger.info("saved items.archive", metadata: ["changes": "\(changes)", "writes": "\(writes)"]) }
        } catch {
            logger.error("the final save failed: \(error)")
        }
    }
}

/// Follows the changes other servers make to the bucket (``Homepwner/ItemStore/followOtherWriters(interval:fullInterval:onReady:)``),
/// so this server's event streams and photo cache keep up with them.
struct FollowService: Service {
    let store: ItemStore

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await store.followOtherWriters() }
    }
}
