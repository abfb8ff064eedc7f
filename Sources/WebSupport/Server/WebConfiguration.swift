import Foundation
import Logging

/// How a server (Scary Creatures or Homepwner) is started: where it listens and who may connect
/// (where the data is, the app is told on its own: a `DocumentStore.Storage`).
public struct WebConfiguration: Sendable {
    /// The address to bind: `127.0.0.1` (loopback only) by default.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The access token every request must carry; required to bind anything but loopback.
    public var token: String?
    /// With a token: how long sign-in sessions last, how many are kept, and how fast tokens may
    /// be tried (``TokenModeLimits``).
    public var tokenMode = TokenModeLimits()
    /// How much the server logs.
    public var logLevel: Logger.Level
    /// The largest request body: the photo limit plus room for a multipart envelope.
    public var maxBodyBytes: Int
    /// The largest large upload (an import zip, ``RouteKinds``): streamed to a temporary file,
    /// never held in memory (4 GiB, what an import zip may inflate to).
    public var maxImportBytes: Int = WebConfiguration.defaultMaxImportBytes
    /// 4 GiB: what an import zip may inflate to in all.
    public static let defaultMaxImportBytes = 4 << 30
    /// Bytes of thumbnails kept in memory (12 MiB: about 500 real 88×88 thumbnails; with the
    /// response cache beside it the server stays under 100 MB with 10,000 creatures).
    public var thumbnailCacheBytes: Int
    /// Bytes of whole responses (lists, thumbnails) kept in memory while the data is unchanged.
    public var responseCacheBytes: Int
    /// The environment variable that gives the token, named when the token is missing.
    public var tokenVariable: String
    /// Photo uploads, imports and other large bodies handled at once (8: each may hold a body
    /// of up to ``maxBodyBytes`` and decode an image of up to 50 megapixels); more get 429.
    public var maxUploads: Int
    /// Event streams open at once (256); more get 429.
    public var maxEventStreams: Int
    /// Names the server answers to besides its own (`--allowed-host`): a name under which it is
    /// reached through a proxy, or a name of this machine. Requests for any other name get 421.
    public var allowedHosts: [String]
    /// The address people reach the server at (`--public-url`): links that leave the browser
    /// (labels' QR codes) lead there, and its name is one the server answers to.
    public var publicURL: PublicURL?
    /// The certificate and key HTTPS is served with; nil for plain HTTP.
    public var tls: TLSCertificates?
    /// The path the server is served under behind a proxy (`--base-path`, ``BasePath``): `""`
    /// for the root.
    public var basePath = ""
    /// The proxies whose `Forwarded` / `X-Forwarded-*` headers are believed
    /// (`--trusted-proxy`, ``RequestOrigin``).
    public var trustedProxies: [AddressRange] = []
    /// When a connection that keeps the server waiting is closed.
    public var timeouts: ConnectionTimeouts
    /// How long a request waits for storage work it shares with other requests (a listing of
    /// a bucket read once for all) before it is answered 503 with `Retry-After` while the work
    /// goes on (10 s).
    public var sharedWorkWait: Duration = .seconds(10)
    /// How long `GET /readyz` waits for the storage to answer before it says "not ready"
    /// (1 s: a load balancer's probe gives up after a second or two).
    public var readinessDeadline: Duration = .seconds(1)

    /// Creates a configuration; the defaults are what `scary-creatures serve` uses.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, token: String? = nil,
        logLevel: Logger.Level = .info, maxBodyBytes: Int = 26 << 20, thumbnailCacheBytes: Int = 12 << 20,
        responseCacheBytes: Int = 8 << 20, tokenVariable: String = "SCARY_CREATURES_TOKEN",
        maxUploads: Int = 8, maxEventStreams: Int = 256, allowedHosts: [String] = [], timeouts: ConnectionTimeouts = ConnectionTimeouts()
    ) {
        self.host = host
        self.port = port
        self.token = token
        self.logLevel = logLevel
        self.maxBodyBytes = maxBodyBytes
        self.thumbnailCacheBytes = thumbnailCacheBytes
        self.responseCacheBytes = responseCacheBytes
        self.tokenVariable = tokenVariable
        self.maxUploads = maxUploads
        self.maxEventStreams = maxEventStreams
        self.allowedHosts = allowedHosts
        self.timeouts = timeouts
    }

    /// Refuses a configuration that cannot work and gives the names the server may answer to
    /// (whether it is bound to loopback only: a name counts as loopback only when every address
    /// it resolves to is one). Whether anything keeps other machines out is
    /// ``requireSignIn(hosts:accounts:command:)``'s to say, once the accounts are read.
    ///
    /// - Throws: ``WebStartError`` saying what to do.
    public func validate() async throws -> HostPolicy {
        guard (0...65535).contains(port) else {
            throw WebStartError("the port must be 0 to 65535, not \(port)")
        }
        if let token, !token.isEmpty, token.utf8.count < 16 {
            throw WebStartError("the access token must be at least 16 characters")
        }
        for name in allowedHosts where HostPolicy.split(authority: name) == nil {
            throw WebStartError("--allowed-host takes a host name or address (optionally with :port), not \"\(name.prefix(100))\"")
        }
        let host = self.host
        let isLoopback = try await ListenAddress.isLoopback(host)
        let machineAddresses = HostPolicy.isWildcard(host) ? await ListenAddress.machineAddresses() : []
        let names = allowedHosts + (publicURL.map { [$0.authority] } ?? [])
        return HostPolicy(bindHost: host, isLoopback: isLoopback, allowedHosts: names, machineAddresses: machineAddresses)
    }
}

extension WebConfiguration {
    /// Whether nothing but accounts keeps other machines out: the server is bound beyond
    /// loopback without an access token. Such a server answers nothing while no account
    /// exists (``AccountGateMiddleware``).
    public func needsAccounts(hosts: HostPolicy) -> Bool {
        !hosts.isLoopback && (token ?? "").isEmpty
    }

    /// Refuses to serve beyond loopback with nothing to keep other machines out: no account
    /// (as `accounts` were just read) and no access token. `command` is the app's command, for
    /// the way out.
    ///
    /// - Throws: ``WebStartError`` saying how to add the first person.
    public func requireSignIn(hosts: HostPolicy, accounts: AccountAccess, command: String) throws {
        guard needsAccounts(hosts: hosts) else { return }
        switch accounts.knownToHaveAccounts() {
        case true?:
            return
        case false?:
            throw WebStartError(
                "binding \(host) would let other machines in, and no one has an account: add the first owner with \(command) users add NAME --role owner (then everyone signs in), give scripts an access token with --token, --token-file or \(tokenVariable), or bind 127.0.0.1")
        case nil:
            throw WebStartError("binding \(host) needs accounts, and they cannot be read from the storage now: try again, or bind 127.0.0.1")
        }
    }
}

/// Why the server could not start, in words a person can act on.
public struct WebStartError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension WebStartError {
    /// A server that failed to run, in words: a busy port or an address that cannot be bound
    /// named as such.
    public static func describe(_ error: any Error, host: String, port: Int) -> String {
        let text = String(describing: error)
        if text.contains("Address already in use") || text.contains("errno: 98") {
            return "port \(port) on \(host) is already in use (choose another with --port, or 0 for any free one)"
        }
        if text.contains("Cannot assign requested address") || text.contains("errno: 99") {
            return "cannot listen on \(host): this machine has no such address"
        }
        return "the server stopped: \(text)"
    }
}
