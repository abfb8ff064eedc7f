import Failures

/// What went wrong talking to object storage: a kind to decide on, and a message for people.
///
/// It is ``Failures/CodedFailure`` with its own codes; its details keep what the answer said
/// (``S3ErrorDetails``: its status and S3 code, read as `error.status` and `error.s3Code`), and
/// its cause the error that made the storage unreachable.
public typealias S3Error = CodedFailure<S3ErrorCode>

/// What kind of failure talking to object storage is (``S3Error``), for callers to act on.
public enum S3ErrorCode: FailureCode {
    /// What an answer said, kept with an object-storage failure.
    public typealias Details = S3ErrorDetails

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
    /// Any other answer S3 gave: its HTTP status and error code are in ``S3ErrorDetails/status`` and ``S3ErrorDetails/s3Code``.
    case other
}

/// What an answer said, kept with an ``S3Error``: its HTTP status and S3's own error code.
public struct S3ErrorDetails: Sendable, Hashable {
    /// The HTTP status, when an answer came.
    public var status: Int?
    /// S3's own error code (`NoSuchKey`, `SlowDown`, …), when the answer had one.
    public var s3Code: String?
}

extension CodedFailure where Codes == S3ErrorCode {
    /// An error of `code` saying `message`, for an answer with `status` and S3's error code
    /// `s3Code` when one came, made from `cause`.
    public init(_ code: S3ErrorCode, _ message: String, status: Int? = nil, s3Code: String? = nil, cause: (any Error & Sendable)? = nil) {
        self.init(code, message, details: S3ErrorDetails(status: status, s3Code: s3Code), cause: cause)
    }
}
