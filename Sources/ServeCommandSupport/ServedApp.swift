/// What a served app tells the shared `serve` command: its name, its default port and the
/// environment variables its options may come from.
public protocol ServedApp {
    /// The name in the line that says where the server is ("Homepwner is at …").
    static var displayName: String { get }
    /// The port `serve` binds without `--port`.
    static var defaultPort: Int { get }
    /// The environment variable holding the access token (`HOMEPWNER_TOKEN`).
    static var tokenVariable: String { get }
    /// The environment variable holding more names to answer to, comma-separated.
    static var allowedHostsVariable: String { get }
}
