/// How a server in token mode keeps the sessions its sign-in form starts, and how fast it lets
/// anyone try tokens (``AccessToken``): the defaults are what both apps use; tests give their
/// own clock.
///
/// Sessions live in the server's memory only: restarting the server ends every one, and each
/// server (several may share one bucket) has its own, so a browser signs in to each.
public struct TokenModeLimits: Sendable {
    /// A session not used for this long ends (12 hours).
    public var sessionIdleTimeout: Duration
    /// A session ends this long after its sign-in however much it is used (7 days).
    public var sessionLifetime: Duration
    /// The most sessions kept at once (10,000): a sign-in beyond them ends the least recently
    /// used, so signing in again and again cannot grow the server's memory.
    public var maxSessions: Int
    /// Token checks (a sign-in, a bearer token) allowed in a burst (10) before they are refused
    /// with 429 without comparing.
    public var attemptBurst: Int
    /// How long the server takes to allow one more check after a wrong token (1 s: at most one
    /// guess a second, 86,400 a day, once the burst is spent). A right token gives its check
    /// back.
    public var attemptRefill: Duration
    /// The clock the limits are measured by: the continuous clock, which counts while the
    /// machine sleeps.
    public var now: @Sendable () -> ContinuousClock.Instant

    /// Limits with the given values; the defaults are the documented ones.
    public init(
        sessionIdleTimeout: Duration = .seconds(12 * 60 * 60), sessionLifetime: Duration = .seconds(7 * 24 * 60 * 60),
        maxSessions: Int = 10_000, attemptBurst: Int = 10, attemptRefill: Duration = .seconds(1),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.sessionIdleTimeout = sessionIdleTimeout
        self.sessionLifetime = sessionLifetime
        self.maxSessions = max(1, maxSessions)
        self.attemptBurst = max(1, attemptBurst)
        self.attemptRefill = attemptRefill
        self.now = now
    }
}
