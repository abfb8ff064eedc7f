import WebSupport

extension WebConfiguration {
    /// This configuration for a server inside `swift test`: requests wait for shared storage
    /// work (a listing) as long as it takes. The whole suite shares two cores, and a listing of
    /// a few creatures can wait tens of seconds there behind tests that compute, which the
    /// server's 10 s would answer with 503; the bound itself is tested where it is the point
    /// (`ColdListingTests`, `ColdListingServerTests`).
    public func underTest() -> WebConfiguration {
        var configuration = self
        configuration.sharedWorkWait = .seconds(600)
        return configuration
    }
}
