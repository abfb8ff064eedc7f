/// When and how long to wait before trying a failed request again: exponential backoff with
/// full jitter, within an attempt limit and a deadline.
public struct RetryPolicy: Sendable {
    /// The most attempts of one request, the first included.
    public var maxAttempts: Int = 6
    /// The first backoff's upper bound; each further one doubles it.
    public var baseDelay: Duration = .milliseconds(50)
    /// The largest backoff.
    public var maxDelay: Duration = .seconds(2)
    /// The longest one request may take over all its attempts.
    public var deadline: Duration = .seconds(20)

    /// The default policy: 6 attempts, 50 ms doubling to 2 s, 20 s in all.
    public init() {}

    /// A policy from its parts.
    public init(maxAttempts: Int, baseDelay: Duration, maxDelay: Duration, deadline: Duration) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.deadline = deadline
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1): a uniformly random time
    /// between zero and `min(maxDelay, baseDelay × 2^(attempt−1))` ("full jitter").
    public func delay(afterAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let ceiling = min(maxDelay, baseDelay * (1 << exponent))
        let nanoseconds = ceiling.components.seconds * 1_000_000_000 + ceiling.components.attoseconds / 1_000_000_000
        guard nanoseconds > 0 else { return .zero }
        return .nanoseconds(Int64.random(in: 0...nanoseconds, using: &generator))
    }
}
