import NIOCore

/// The connection a request arrived on, known to everything that answers it (a task-local set
/// by ``GuardedHTTP1Channel`` for the connection's life): an event stream ends the moment its
/// connection closes, and sends its heartbeat at the server's interval.
public struct ServingConnection: Sendable {
    /// The connection's channel.
    public var channel: any Channel
    /// How often an idle event stream sends a comment line.
    public var eventStreamHeartbeat: TimeAmount
    /// Whether the connection is HTTPS (the server's own TLS).
    public var isSecure = false
    /// Whether the peer is a proxy the server trusts (`--trusted-proxy`), whose forwarding
    /// headers say who the client is (``RequestOrigin``).
    public var trustsForwarding = false

    /// The connection of the request being answered; nil off a guarded server (the router test
    /// framework).
    @TaskLocal public static var current: ServingConnection?
}
