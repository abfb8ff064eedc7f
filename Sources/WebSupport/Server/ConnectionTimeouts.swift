import NIOCore

/// How long a connection may keep the server waiting before it is closed.
public struct ConnectionTimeouts: Sendable, Equatable {
    /// A request head not complete this long after the connection opened, or after its first
    /// byte arrived (10 s).
    public var head: TimeAmount
    /// A kept-alive connection with no request this long after the last answer (60 s).
    public var idle: TimeAmount
    /// A request body with no byte arriving for this long (30 s).
    public var bodyProgress: TimeAmount

    /// Creates the timeouts; the defaults are the servers'.
    public init(head: TimeAmount = .seconds(10), idle: TimeAmount = .seconds(60), bodyProgress: TimeAmount = .seconds(30)) {
        self.head = head
        self.idle = idle
        self.bodyProgress = bodyProgress
    }
}
