/// A request as Signature V4 sees it: method, path, query, headers and the hash of the body.
public struct SignableRequest: Sendable {
    /// The HTTP method, upper case.
    public var method: String
    /// The path, not percent-encoded (`/bucket/a key/é`); the signer encodes it.
    public var path: String
    /// The query's parameters, not percent-encoded, in any order.
    public var query: [(name: String, value: String)]
    /// The headers to sign, in the order given (names in any case; repeated names allowed).
    public var headers: [(name: String, value: String)]
    /// The lower-case hex SHA-256 of the body (`UNSIGNED-PAYLOAD` is allowed by S3 too).
    public var payloadHash: String

    /// A request from its parts.
    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)], payloadHash: String) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.payloadHash = payloadHash
    }
}
