import Synchronization

/// A clock for a server's time limits that moves only when a test moves it: give ``now`` where a
/// server takes its clock (WebSupport's `TokenModeLimits.now`).
public final class ManualTime: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    /// A clock standing at the moment it was made.
    public init() {}

    /// The time now by this clock.
    public var now: @Sendable () -> ContinuousClock.Instant {
        { [self] in start + offset.withLock { $0 } }
    }

    /// Moves the clock on by `duration`.
    public func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}
