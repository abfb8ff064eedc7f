import DocumentStore
import Foundation
import Hummingbird
import Logging
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import ScaryCreatures
import ServiceLifecycle
import WebSupport

/// Builds the server: the database (claimed for this process with ``ScaryCreatures/ServerLock``),
/// the router, and the services that run beside it (the first listing, begun at start;
/// memory-pressure purges of the thumbnail cache, also on `SIGUSR1`; the folder watch). Run it with `runService()`, which stops on SIGINT or SIGTERM after
/// in-flight requests finish.
///
/// - Parameters:
///   - pages: adds the pages' routes (`ScaryCreaturesPages.routes`); nil serves the API alone.
///   - onRunning: called once the server listens.
///   - onWatching: called once the folder watch sees every bundle: from then on a change another
///     process makes to the folder reaches the event streams and the caches.
///   - storage: where the data is (a folder, or a bucket already connected to).
///   - eventLoopGroup: the loops it serves on (nil: NIO's singleton; a test gives a group of its own).
/// - Throws: ``WebStartError`` for an unsafe configuration or a data folder another server uses;
///   the database's errors for an unusable folder.
public func buildApplication(
    _ configuration: WebConfiguration,
    storage: Storage,
    pages: PageRoutes<ScaryCreatureDatabase>? = nil,
    onRunning: @escaping @Sendable (ServerAddress) async -> Void = { _ in },
    onWatching: @escaping @Sendable () async -> Void = {},
    eventLoopGroup: (any EventLoopGroup)? = nil
) async throws -> some ApplicationProtocol {
    let hosts = try await configuration.validate()
    // The accounts are read before anything else is opened: beyond loopback, with no access
    // token, they are all that keeps other machines out.
    let accounts = AccountAccess(blobs: storage.blobs(), appName: "Scary Creatures", requiresAccounts: configuration.needsAccounts(hosts: hosts))
    await accounts.prime()
    try configuration.requireSignIn(hosts: hosts, accounts: accounts, command: "scary-creatures")
    let logger = AppServer.logger(configuration, serverName: serverName)
    let database: ScaryCreatureDatabase
    do {
        database = try await ScaryCreatureDatabase.open(
            storage: storage, cacheBudget: configuration.thumbnailCacheBytes, requestListingWait: configuration.sharedWorkWait
        )
        try await database.claimForServer()
    } catch let error as ScaryCreaturesError {
        throw WebStartError(error.message)
    }
    let secure = configuration.tls != nil
    let responses = ResponseCache(budget: configuration.responseCacheBytes) { finishHeaders(&$0, secure: secure) }
    let cache = ResponseCacheMiddleware<BasicRequestContext>(
        cache: responses, generation: { database.generation.current }, isCacheable: isCacheable
    )
    let router = try buildRouter(
        database: database, configuration: configuration, logger: logger, cache: cache, pages: pages, accounts: accounts
    )
    let purges = memoryPurges(database: database, responses: responses, logger: logger)
    let signalPurges = ManualMemoryPressureSource()
    var services: [any Service] = [
        // First: stopped last, after the requests in flight and the watch.
        ListingService(database: database, logger: logger),
        MemoryPressureMonitor(source: signalPurges, logger: logger, purges: purges),
        SignalWatch(signal: SIGUSR1) { signalPurges.trigger(.critical, detail: "SIGUSR1") },
        FolderWatchService(watch: FolderWatch(database: database)) { [logger] in
            logger.debug("the folder watch sees every creature folder: changes made elsewhere are noticed")
            await onWatching()
        },
    ]
    if let system = systemMemoryPressureSource() {
        services.append(MemoryPressureMonitor(source: system, logger: logger, purges: purges))
    }
    services.append(AccountsFollowService(access: accounts))
    return AppServer.application(
        router: router, configuration: configuration, hosts: hosts, serverName: serverName,
        services: services, data: storage.description, logger: logger, eventLoopGroup: eventLoopGroup,
        additionalChannelHandlers: { cachedAnswers(cache, configuration: configuration, accounts: accounts, logger: logger) }, onRunning: onRunning
    )
}

/// What memory pressure frees: the thumbnail cache (which logs what it dropped) and the kept
/// responses.
func memoryPurges(database: ScaryCreatureDatabase, responses: ResponseCache, logger: Logger) -> [@Sendable (MemoryPressureEvent) async -> Void] {
    [
        { event in await database.thumbnails.purge(reason: "memory pressure (\(event.level.rawValue)): \(event.detail)") },
        { event in
            let freed = responses.purge()
            logger.notice("purged the response cache", metadata: [
                "entries": "\(freed.entries)", "bytes": "\(freed.bytes)", "reason": "memory pressure (\(event.level.rawValue)): \(event.detail)",
            ])
        },
    ]
}

/// The connection handlers that answer cached `GET`s before the router (see
/// ``WebSupport/CachedResponseChannelHandler``) — none when a token is required, since the router
/// must check it first, and answering only while no one must sign in (`accounts`).
func cachedAnswers(
    _ cache: ResponseCacheMiddleware<BasicRequestContext>, configuration: WebConfiguration, accounts: AccountAccess, logger: Logger
) -> [any RemovableChannelHandler] {
    // Kept answers are found by the path on the wire, which under a base path is not the
    // router's: none is answered early there.
    guard (configuration.token ?? "").isEmpty, configuration.basePath.isEmpty else { return [] }
    return [
        CachedResponseChannelHandler(middleware: cache, logger: logger, logLevel: .info, mayAnswer: { accounts.isKnownOpen() })
    ]
}

/// What the router's outer middleware and the application add to every response: the security
/// headers (HSTS too when `secure`: the server serves HTTPS), decoded entity tags and the server
/// name.
@Sendable func finishHeaders(_ headers: inout HTTPFields, secure: Bool) {
    QuotedHeadersMiddleware<BasicRequestContext>.decode(&headers)
    SecurityHeadersMiddleware<BasicRequestContext>.add(to: &headers, secure: secure)
    headers[.server] = serverName
}

/// The name in every response's `Server` header.
let serverName = "scary-creatures"

/// The router: security and error middleware (knowing the routes from `openapi.yaml` and
/// `pages`), the response cache, the generated API, `/openapi.yaml`, and the pages (added last,
/// by `pages`).
func buildRouter(
    database: ScaryCreatureDatabase, configuration: WebConfiguration, logger: Logger,
    cache: ResponseCacheMiddleware<BasicRequestContext>, pages: PageRoutes<ScaryCreatureDatabase>?, accounts: AccountAccess? = nil
) throws -> Router<BasicRequestContext> {
    let accounts = accounts ?? AccountAccess(blobs: database.blobs, appName: "Scary Creatures")
    let router = try AppRouter.make(
        configuration: configuration, appName: "Scary Creatures", errors: ErrorMapping.apiError(for:),
        openAPIDocument: try AppRouter.openAPIDocument(in: .module), pages: pages,
        accounts: accounts,
        addInnerMiddleware: { $0.add(middleware: cache) }
    )
    // Compact JSON: the list of 1,000 creatures is a third of its pretty-printed size.
    let readiness = Readiness(storage: database.blobs, deadline: configuration.readinessDeadline) { await database.firstListingPending() }
    try CreaturesAPI(database: database, maxBodyBytes: configuration.maxBodyBytes, maxImportBytes: configuration.maxImportBytes, readiness: readiness)
        .registerHandlers(on: router, configuration: Configuration(jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]))
    try pages?.add(to: router, store: database, configuration: configuration, accounts: accounts)
    return router
}

/// The `GET`s whose answer depends on the URI and the data alone: the list and thumbnails (an
/// over-long `If-None-Match` goes to the handler, which refuses it).
@Sendable func isCacheable(_ request: Request) -> Bool {
    guard (request.headers[.ifNoneMatch]?.utf8.count ?? 0) <= 200 else { return false }
    let path = request.uri.path
    if path == "/api/creatures" { return true }
    guard path.hasPrefix("/api/creatures/"), path.hasSuffix("/thumbnail") else { return false }
    let id = path.dropFirst("/api/creatures/".count).dropLast("/thumbnail".count)
    return !id.isEmpty && id.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
}
