import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

extension AppServer {
    /// The logger of the server named `serverName` (its label), at `configuration`'s level.
    public static func logger(_ configuration: WebConfiguration, serverName: String) -> Logger {
        var logger = Logger(label: serverName)
        logger.logLevel = configuration.logLevel
        return logger
    }

    /// The application an app runs: `router` behind the guarded HTTP/1.1 server
    /// (``http1(_:hosts:serverName:additionalChannelHandlers:)``, with the app's
    /// `additionalChannelHandlers`), listening as ``listening(_:serverName:)`` says, with the
    /// app's `services` beside it (and, over HTTPS, a watch that reads the certificate again on
    /// SIGHUP); `onRunning` is told the address once it listens (the real port when 0 was
    /// asked) and `data`, where the data it serves is.
    ///
    /// - Parameters:
    ///   - hosts: the names it answers to, from ``WebConfiguration/validate()``.
    ///   - eventLoopGroup: the loops it serves on; nil for NIO's singleton, which
    ///     ``EventLoopExecutor/install()`` makes the executor of every task in a server process;
    ///     tests give a group of their own, which their tasks prefer.
    public static func application(
        router: Router<BasicRequestContext>, configuration: WebConfiguration, hosts: HostPolicy, serverName: String,
        services: [any Service], data: String, logger: Logger, eventLoopGroup: (any EventLoopGroup)? = nil,
        additionalChannelHandlers: @escaping @Sendable () -> [any RemovableChannelHandler] = { [] },
        onRunning: @escaping @Sendable (ServerAddress) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let host = configuration.host
        var services = services
        if let tls = configuration.tls {
            // SIGHUP reads the certificate and key again (a renewal), for the connections after it.
            services.append(SignalWatch(signal: SIGHUP) {
                do {
                    try tls.reload()
                    logger.notice("read the certificate again", metadata: ["file": "\(tls.certificateFile)"])
                } catch {
                    logger.error("kept the certificate in use: \(error)")
                }
            })
        }
        return Application(
            router: BasePathRouter(router, basePath: configuration.basePath),
            server: http1(configuration, hosts: hosts, serverName: serverName, additionalChannelHandlers: additionalChannelHandlers),
            configuration: listening(configuration, serverName: serverName),
            services: services,
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                await onRunning(ServerAddress(host: host, port: port, data: data, secure: configuration.tls != nil))
            },
            eventLoopGroupProvider: .shared(eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton),
            logger: logger
        )
    }
}
