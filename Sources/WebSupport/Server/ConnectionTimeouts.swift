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
    /// How often an event stream with nothing to say sends a comment line (15 s), so that
    /// proxies keep it open and a client that left is noticed by the failed write.
    public var eventStreamHeartbeat: TimeAmount

    /// Creates the timeouts; the defaults are the servers'.
    public init(
        head: TimeAmount = .seconds(10), idle: TimeAmount = .seconds(60), bodyProgress: TimeAmount = .seconds(30),
        eventStreamHeartbeat: TimeAmount = .seconds(15)
    ) {
        self.head = head
        self.idle = idle
        self.bodyProgress = bodyProgress
        self.eventStreamHeartbeat = eventStreamHeartbeat
    }

    /// How often a loop reads its connections' clocks: a quarter of the shortest timeout,
    /// between 50 ms and one second (so a connection is closed at most that late).
    public var sweepInterval: TimeAmount {
        let shortest = min(head.nanoseconds, idle.nanoseconds, bodyProgress.nanoseconds)
        return .nanoseconds(min(1_000_000_000, max(50_000_000, shortest / 4)))
    }
}
