import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// What every connection of a server is checked against (see ``ConnectionGuardHandler``): the
/// names it answers to, its clocks, and the census that sheds idle connections.
public struct ConnectionGuard: Sendable {
    /// The names requests may be for.
    public var hosts: HostPolicy
    /// When a connection that keeps the server waiting is closed.
    public var timeouts: ConnectionTimeouts
    /// The server's open connections.
    public var census: ConnectionCensus
    /// The `Server` header of the answers written here.
    public var serverName: String
    /// The certificate connections are answered with over HTTPS; nil for plain HTTP.
    public var tls: TLSCertificates?
    /// The proxies whose forwarding headers are believed (``RequestOrigin``).
    public var trustedProxies: [AddressRange] = []

    /// Creates the settings.
    public init(
        hosts: HostPolicy, timeouts: ConnectionTimeouts = ConnectionTimeouts(), census: ConnectionCensus = ConnectionCensus(limit: .max),
        serverName: String
    ) {
        self.hosts = hosts
        self.timeouts = timeouts
        self.census = census
        self.serverName = serverName
    }
}

/// Hummingbird's HTTP/1.1 child channel with a ``ConnectionGuardHandler`` (and its
/// ``RawTrafficHandler``) in every connection's pipeline, ahead of everything that answers, and
/// TLS ahead of them when the server has a certificate (``TLSCertificates``).
public struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    /// The async channel Hummingbird serves.
    public typealias Value = HTTP1Channel.Value

    private let inner: HTTP1Channel
    private let settings: ConnectionGuard

    /// The responder (the router's).
    public var responder: HTTPChannelHandler.Responder { inner.responder }

    /// A channel answering with `responder`, with Hummingbird's HTTP/1 `configuration`.
    public init(responder: @escaping HTTPChannelHandler.Responder, configuration: HTTP1Channel.Configuration, settings: ConnectionGuard) {
        inner = HTTP1Channel(responder: responder, configuration: configuration)
        self.settings = settings
    }

    /// Sets up Hummingbird's pipeline, then adds the guard right after HTTP decoding and the
    /// byte watcher before it.
    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let guardHandler = ConnectionGuardHandler(settings: settings)
            let codec = try operations.handler(type: HTTP1ToHTTPServerCodec.self)
            try operations.addHandler(guardHandler, position: .before(codec))
            try operations.addHandler(RawTrafficHandler(guardHandler: guardHandler), position: .first)
            // HTTPS: TLS outermost, so the guard's byte watcher sees the requests' bytes.
            if let tls = settings.tls { try operations.addHandler(tls.serverHandler(), position: .first) }
            return value
        }
    }

    /// Serves the connection's requests, each knowing its connection (``ServingConnection``).
    public func handle(value: Value, logger: Logger) async {
        let peer = value.channel.remoteAddress?.ipAddress
        let trusted = peer.map { peer in settings.trustedProxies.contains { $0.contains(peer) } } ?? false
        let connection = ServingConnection(
            channel: value.channel, eventStreamHeartbeat: settings.timeouts.eventStreamHeartbeat, isSecure: settings.tls != nil, trustsForwarding: trusted
        )
        await ServingConnection.$current.withValue(connection) {
            await inner.handle(value: value, logger: logger)
        }
    }
}

extension HTTPServerBuilder {
    /// An HTTP/1.1 server whose connections are guarded (``GuardedHTTP1Channel``), with
    /// `additionalChannelHandlers` (made for each connection) after the guard.
    public static func guardedHTTP1(
        _ settings: ConnectionGuard,
        additionalChannelHandlers: @escaping @Sendable () -> [any RemovableChannelHandler] = { [] }
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                responder: responder, configuration: .init(additionalChannelHandlers: additionalChannelHandlers()), settings: settings
            )
        }
    }
}
