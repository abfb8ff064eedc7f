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
    /// The slowest a request body may arrive on average, in bytes a second, counted from its
    /// head once ``bodyGrace`` has passed (1 KiB/s: a phone on a poor 2G link still sends
    /// several KiB a second, while a client that drips a byte every few seconds to hold an
    /// upload place is closed after ``bodyGrace``).
    public var bodyMinimumRate: Int
    /// How long a body may arrive at any pace before ``bodyMinimumRate`` applies (10 s: time for
    /// a phone's radio to wake and the first window to fill).
    public var bodyGrace: TimeAmount
    /// The rate a whole body must average, in bytes a second, from its head to its end: a body
    /// of N bytes (its `Content-Length`; a chunked body counts as ``unknownLengthBodyBytes``)
    /// must be complete ``bodyGrace`` + N ÷ this rate after its head (16 KiB/s: a 26 MB photo
    /// within 28 minutes), so that a client that sends most of a body fast and then a byte at a
    /// time cannot hold its place for hours.
    public var bodyDeadlineRate: Int
    /// The size a chunked body (of no declared length) is given for its deadline (26 MiB, the
    /// photo upload limit).
    public var unknownLengthBodyBytes: Int

    /// Creates the timeouts; the defaults are the servers'.
    public init(
        head: TimeAmount = .seconds(10), idle: TimeAmount = .seconds(60), bodyProgress: TimeAmount = .seconds(30),
        eventStreamHeartbeat: TimeAmount = .seconds(15), bodyMinimumRate: Int = 1 << 10, bodyGrace: TimeAmount = .seconds(10),
        bodyDeadlineRate: Int = 16 << 10, unknownLengthBodyBytes: Int = 26 << 20
    ) {
        self.head = head
        self.idle = idle
        self.bodyProgress = bodyProgress
        self.eventStreamHeartbeat = eventStreamHeartbeat
        self.bodyMinimumRate = max(1, bodyMinimumRate)
        self.bodyGrace = bodyGrace
        self.bodyDeadlineRate = max(1, bodyDeadlineRate)
        self.unknownLengthBodyBytes = max(0, unknownLengthBodyBytes)
    }

    /// When a body whose head arrived at `start`, with `received` bytes so far and `declared`
    /// bytes in all (nil: chunked), is closed if nothing more arrives: the earlier of the
    /// moment its average rate falls under ``bodyMinimumRate`` (never before ``bodyGrace``) and
    /// its overall deadline (``bodyDeadlineRate``).
    func bodyDeadline(start: NIODeadline, received: Int, declared: Int?) -> NIODeadline {
        func seconds(_ bytes: Int, at rate: Int) -> TimeAmount {
            // Whole seconds and the rest in nanoseconds, so no product overflows.
            let whole = bytes / rate, rest = bytes % rate
            return .seconds(Int64(min(whole, 1 << 32))) + .nanoseconds(Int64(rest) * 1_000_000_000 / Int64(rate))
        }
        let averaging = start + max(bodyGrace, seconds(max(0, received), at: bodyMinimumRate))
        let overall = start + bodyGrace + seconds(max(0, declared ?? unknownLengthBodyBytes), at: bodyDeadlineRate)
        return min(averaging, overall)
    }

    /// How often a loop reads its connections' clocks: a quarter of the shortest timeout,
    /// between 50 ms and one second (so a connection is closed at most that late).
    public var sweepInterval: TimeAmount {
        let shortest = min(head.nanoseconds, idle.nanoseconds, bodyProgress.nanoseconds)
        return .nanoseconds(min(1_000_000_000, max(50_000_000, shortest / 4)))
    }
}
