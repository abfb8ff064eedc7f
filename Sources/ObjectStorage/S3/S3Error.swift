/// What went wrong talking to object storage: a kind to decide on, and a message for people.
public struct S3Error: Error, Sendable, CustomStringConvertible {
    /// What kind of failure, for callers to act on.
    public enum Code: Sendable, Equatable {
        /// The `s3://` location cannot be used.
        case invalidLocation
        /// The endpoint, region or credentials from the environment are missing or malformed.
        case invalidConfiguration
        /// The object (or the bucket) is not there (404 `NoSuchKey`, `NoSuchBucket`).
        case notFound
        /// A conditional request's condition did not hold (412, or 304 for a read).
        case preconditionFailed
        /// The credentials were refused (403: `SignatureDoesNotMatch`, `InvalidAccessKeyId`, `AccessDenied`).
        case accessDenied
        /// The storage stays unavailable: retries ran out (500, 503 `SlowDown`, dropped connections).
        case unavailable
        /// The endpoint could not be reached or did not answer in time.
        case unreachable
        /// The answer was larger than the caller allowed.
        case tooLarge
        /// The answer could not be understood (not S3's XML, a missing ETag).
        case badResponse
        /// Any other answer S3 gave: its HTTP status and error code are in ``S3Error/status`` and ``S3Error/s3Code``.
        case other
    }

    /// The kind of failure.
    public var code: Code
    /// A one-line message for people.
    public var message: String
    /// The HTTP status, when an answer came.
    public var status: Int?
    /// S3's own error code (`NoSuchKey`, `SlowDown`, …), when the answer had one.
    public var s3Code: String?

    /// An error from its parts.
    public init(_ code: Code, _ message: String, status: Int? = nil, s3Code: String? = nil) {
        self.code = code
        self.message = message
        self.status = status
        self.s3Code = s3Code
    }

    /// The message.
    public var description: String { message }
}
