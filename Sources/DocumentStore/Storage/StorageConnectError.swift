import Failures
import ObjectStorage

/// Storage that cannot be used, found when an app starts: one sentence naming what is wrong.
///
/// It is ``Failures/CodedFailure`` with its own codes (``StorageConnectErrorKind``, also named
/// `StorageConnectError.Kind`; ``kind`` is its code), the first request's ``ObjectStorage/S3Error``
/// kept as its cause.
public typealias StorageConnectError = CodedFailure<StorageConnectErrorKind>

/// What went wrong connecting to storage (``StorageConnectError``), for the exit status.
public enum StorageConnectErrorKind: FailureCode {
    /// The location or the environment is malformed, or credentials are missing.
    case configuration
    /// The credentials were refused.
    case refused
    /// The bucket does not exist.
    case noBucket
    /// The endpoint cannot be reached, or keeps failing.
    case unreachable
}

extension CodedFailure where Codes == StorageConnectErrorKind {
    /// What went wrong (the code).
    public var kind: StorageConnectErrorKind { code }

    /// The error for the first request's `failure`, which it keeps as its cause.
    init(failure: S3Error, location: S3Location, endpoint: String) {
        switch failure.code {
        case .accessDenied:
            self.init(.refused, "\(endpoint) refused the credentials for \(location) (\(failure.s3Code ?? "403")): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY", cause: failure)
        case .notFound:
            self.init(.noBucket, "there is no bucket \"\(location.bucket)\" at \(endpoint)", cause: failure)
        case .unreachable, .unavailable:
            self.init(.unreachable, "cannot reach \(endpoint) for \(location): \(failure.message)", cause: failure)
        default:
            self.init(.unreachable, "cannot use \(location) at \(endpoint): \(failure.message)", cause: failure)
        }
    }
}
