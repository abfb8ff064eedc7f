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
}
