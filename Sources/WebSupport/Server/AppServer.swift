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
        let census = ConnectionCensus(openFileLimit: ProcessTuning.raiseOpenFileLimit())
        let settings = ConnectionGuard(hosts: hosts, timeouts: configuration.timeouts, census: census, serverName: serverName)
        return .guardedHTTP1(settings, additionalChannelHandlers: additionalChannelHandlers)
    }

    /// Where and how the server listens: `configuration`'s address, with an accept queue of
    /// 4,096 (the kernel caps it at `net.core.somaxconn`), so that a burst of connections is
    /// queued rather than dropped — a dropped connection attempt is retried by its client only
    /// a second later.
    public static func listening(_ configuration: WebConfiguration, serverName: String) -> ApplicationConfiguration {
        ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: serverName, backlog: 4096)
    }
}
