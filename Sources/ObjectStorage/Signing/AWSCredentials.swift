/// An access key: what Signature V4 signs with.
public struct AWSCredentials: Sendable, Equatable {
    /// The access key id (`AKIA…`), sent in every request's `Authorization` header.
    public var accessKeyID: String
    /// The secret key; never sent, only used to derive the signing key.
    public var secretAccessKey: String
    /// The session token of temporary credentials, sent (and signed) as `X-Amz-Security-Token`.
    public var sessionToken: String?

    /// Credentials from their parts.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}

extension AWSCredentials: CustomStringConvertible {
    /// The key id only: the secret and the token never reach a log or an error message.
    public var description: String { "AWSCredentials(\(accessKeyID), secret hidden)" }
}
