/// How to reach S3: the endpoint, region and credentials, taken the way AWS's own tools take
/// them, plus the client's limits.
public struct S3Settings: Sendable {
    /// `http` or `https`.
    public var scheme: String
    /// The endpoint's host name or address (no brackets around IPv6).
    public var host: String
    /// The endpoint's port, when it is not the scheme's default.
    public var port: Int?
    /// The region requests are signed for.
    public var region: String
    /// The access key.
    public var credentials: AWSCredentials
    /// Path-style addressing (`http://host/bucket/key`, what local servers need) instead of
    /// virtual-hosted style (`https://bucket.host/key`).
    public var pathStyle: Bool
    /// The most connections open to the endpoint at once; further requests wait for one.
    public var maxConnections: Int = 32
    /// How long connecting may take.
    public var connectTimeout: Duration = .seconds(5)
    /// How long one attempt (request and answer) may take.
    public var requestTimeout: Duration = .seconds(30)
    /// When to try again.
    public var retry: RetryPolicy = RetryPolicy()

    /// Settings from their parts.
    public init(scheme: String, host: String, port: Int?, region: String, credentials: AWSCredentials, pathStyle: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.region = region
        self.credentials = credentials
        self.pathStyle = pathStyle
    }

    /// Settings from the environment, as the AWS tools read it: the endpoint from
    /// `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL` (else AWS's own for the region), the region from
    /// `AWS_REGION` or `AWS_DEFAULT_REGION` (else `us-east-1`), the key from `AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`.
    /// - Throws: ``S3Error`` `.invalidConfiguration` naming what is missing or malformed.
    public static func fromEnvironment(_ environment: [String: String], pathStyle: Bool) throws -> S3Settings {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        let region = value("AWS_REGION") ?? value("AWS_DEFAULT_REGION") ?? "us-east-1"
        guard region.utf8.allSatisfy({ URIEncoding.isUnreserved($0) }), region.utf8.count <= 64 else {
            throw S3Error(.invalidConfiguration, "AWS_REGION \"\(region)\" is not a region name")
        }
        guard let keyID = value("AWS_ACCESS_KEY_ID"), let secret = value("AWS_SECRET_ACCESS_KEY") else {
            throw S3Error(.invalidConfiguration, "no credentials for s3://: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones)")
        }
        let credentials = AWSCredentials(accessKeyID: keyID, secretAccessKey: secret, sessionToken: value("AWS_SESSION_TOKEN"))
        let endpoint = value("AWS_ENDPOINT_URL_S3") ?? value("AWS_ENDPOINT_URL") ?? "https://s3.\(region).amazonaws.com"
        let (scheme, host, port) = try parseEndpoint(endpoint)
        return S3Settings(scheme: scheme, host: host, port: port, region: region, credentials: credentials, pathStyle: pathStyle)
    }

    /// Splits `http[s]://HOST[:PORT][/]` into its parts.
    static func parseEndpoint(_ text: String) throws -> (scheme: String, host: String, port: Int?) {
        let bad = S3Error(.invalidConfiguration, "the S3 endpoint must be http://HOST[:PORT] or https://HOST[:PORT], not \(text)")
        let scheme: String
        if text.hasPrefix("https://") { scheme = "https" } else if text.hasPrefix("http://") { scheme = "http" } else { throw bad }
        var authority = Substring(text.dropFirst(scheme.count + 3))
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@"), !authority.contains("?") else { throw bad }
        var host = authority
        var port: Int?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw bad }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { throw bad }
                port = number
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let number = Int(authority[authority.index(after: colon)...]) else { throw bad }
            port = number
        }
        guard !host.isEmpty, port.map({ (1...65535).contains($0) }) ?? true else { throw bad }
        return (scheme, String(host), port)
    }

    /// The endpoint, `scheme://host[:port]`, for messages.
    public var endpointDescription: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(name)" + (port.map { ":\($0)" } ?? "")
    }

    /// The `Host` header for a bucket: `bucket.host` in virtual-hosted style; with the port
    /// when it is not the default.
    func hostHeader(bucket: String) -> String {
        let name = host.contains(":") ? "[\(host)]" : host
        let withBucket = pathStyle ? name : "\(bucket).\(name)"
        guard let port else { return withBucket }
        return "\(withBucket):\(port)"
    }
}
