/// How long a watch that polls shared storage waits between passes: its interval, or twice the
/// last pass when a pass takes longer than half of it — so that on slow storage, or over a very
/// large prefix, the watch's own listings never take more than a third of the storage's time.
/// A change is then seen within the wait plus one pass.
public struct PollPacing: Sendable, Hashable {
    /// The wait while passes are quick.
    public let interval: Duration

    /// Pacing with `interval` between quick passes.
    public init(interval: Duration) {
        self.interval = interval
    }

    /// The wait after a pass that took `pass`.
    public func wait(afterPassTaking pass: Duration) -> Duration {
        max(interval, pass * 2)
    }
}
