import WebSupport

extension WebConfiguration {
    /// This configuration for a server inside `swift test`: requests wait for shared storage
    /// work (a listing) as long as it takes, and the readiness probe for the storage's answer.
    /// The whole suite shares two cores, and a listing of a few creatures (or a `stat` on the
    /// blocking pool) can wait tens of seconds there behind tests that compute, which the
    /// server's 10 s (1 s) would answer with 503; the bounds themselves are tested where they
    /// are the point (`ColdListingTests`, `ColdListingServerTests`, `ReadinessTests`).
    public func underTest() -> WebConfiguration {
        var configuration = self
        configuration.sharedWorkWait = .seconds(600)
        configuration.readinessDeadline = .seconds(600)
        return configuration
    }
}
