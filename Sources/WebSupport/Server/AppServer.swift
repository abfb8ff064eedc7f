import Hummingbird
import HummingbirdCore
import NIOCore

/// The HTTP server both apps run: Hummingbird's HTTP/1.1 with every connection guarded
/// (``ConnectionGuardHandler``: names, clocks, shedding of idle connections).
public enum AppServer {
    /// The server for `configuration`, answering to the names of `hosts` (from
    /// ``WebConfiguration/validate()``), with the app's `additionalChannelHandlers` after the
    /// guard. Raises the open-file limit to its hard limit and sizes the connection census by it.
    public static func http1(
        _ configuration: WebConfiguration, hosts: HostPolicy, serverName: String,
        additionalChannelHandlers: @escaping @Sendable () -> [any RemovableChannelHandler] = { [] }
    ) -> HTTPServerBuilder {
        let census = ConnectionCensus(limit: Capacity.current.shedAbove)
        var settings = ConnectionGuard(hosts: hosts, timeouts: configuration.timeouts, census: census, serverName: serverName)
        settings.tls = configuration.tls
        settings.trustedProxies = configuration.trustedProxies
        return .guardedHTTP1(settings, additionalChannelHandlers: additionalChannelHandlers)
    }

    /// Where and how the server listens: `configuration`'s address, with an accept queue of
    /// 4,096 (the kernel caps it at `net.core.somaxconn`), so that a burst of connections is
    /// queued rather than dropped — a dropped connection attempt is retried by its client only
    /// a second later.
    ///
    /// It accepts no more connections at once than ``Capacity`` allows (the rest wait in the
    /// queue until one closes), so the process never runs out of descriptors: a flood that
    /// did would have NIO back off accepting for a second at a time.
    public static func listening(_ configuration: WebConfiguration, serverName: String) -> ApplicationConfiguration {
        ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: serverName, backlog: 4096,
            availableConnectionsDelegate: MaximumAvailableConnections(Capacity.current.accepted)
        )
    }

    /// How many connections a server holds, from the number of descriptors the process may
    /// open (raised to its hard limit first): it accepts all but an eighth of them (at least 64
    /// are kept for files), and closes idle connections once an eighth fewer than that are open,
    /// so that shedding makes room before accepting has to wait.
    public struct Capacity: Sendable, Equatable {
        /// Connections open at once; more wait in the accept queue.
        public var accepted: Int
        /// Connections open before idle ones are closed, oldest first.
        public var shedAbove: Int

        /// The capacity of a process that may open `openFiles` descriptors.
        public init(openFiles: Int) {
            accepted = max(32, openFiles - max(64, openFiles / 8))
            shedAbove = max(16, accepted - max(8, accepted / 8))
        }

        /// The capacity of this process, after raising its open-file limit (once, at first use).
        public static let current = Capacity(openFiles: ProcessTuning.raiseOpenFileLimit())
    }
}
