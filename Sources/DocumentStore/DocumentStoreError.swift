import Failures
import ObjectStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error from the document store: what failed, where, and why, in words a user can act on.
///
/// It is ``Failures/CodedFailure`` with its own codes: `code` classifies the failure for programs
/// (an HTTP status, an exit code), `message` names the file or bundle, the details keep the
/// path and the system's error number (``DocumentStoreErrorDetails``, read as `error.path` and
/// `error.errno`), and `cause` the error it was made from (an object-storage request's
/// ``ObjectStorage/S3Error``).
public typealias DocumentStoreError = CodedFailure<DocumentStoreErrorCode>

/// The kinds of failure of the document store (``DocumentStoreError``).
public enum DocumentStoreErrorCode: String, FailureCode {
    /// What a document-store failure keeps besides its message.
    public typealias Details = DocumentStoreErrorDetails

    /// The document, bundle or attachment does not exist.
    case notFound
    /// The disk (or the quota) is full; nothing visible changed.
    case noSpace
    /// Permission was denied.
    case permissionDenied
    /// A name or identifier is not acceptable (an attachment name with a slash, a zero id).
    case invalidName
    /// A file's contents could not be decoded (a corrupt or foreign archive).
    case corrupt
    /// Some other input/output error from the system.
    case io
    /// A file the store reads is not a regular file (a FIFO, a folder, a device, a socket
    /// or a symbolic link inside a data folder), so it is not read.
    case unsupportedFileType
    /// Every bundle number the store accepts is taken (the largest is 999,999,999,999,999,999).
    case noFreeNumber
    /// Another writer changed the document first, again and again, so this change was not
    /// written (object storage's conditional writes kept losing the race).
    case conflict
    /// The storage cannot be reached or stays unavailable (object storage: retries ran out);
    /// nothing changed, and trying later may succeed.
    case unavailable
    /// The document was written by a newer model version than this program knows, so it is
    /// read-only here: changing it could drop what the newer model stored (see
    /// ``ModelVersions``).
    case newerModel
}

/// The facts a ``DocumentStoreError`` keeps besides its message.
public struct DocumentStoreErrorDetails: Sendable, Hashable {
    /// The path involved, when there is one.
    public var path: String?
    /// The system error number behind the failure, when there is one.
    public var errno: Int32?
}

extension CodedFailure where Codes == DocumentStoreErrorCode {
    /// An error of `code` saying `message`, about `path`, with the system's error number `errno`,
    /// made from `cause`.
    public init(_ code: DocumentStoreErrorCode, _ message: String, path: String? = nil, errno: Int32? = nil, cause: (any Error & Sendable)? = nil) {
        self.init(code, message, details: DocumentStoreErrorDetails(path: path, errno: errno), cause: cause)
    }

    /// An error for a failed object-storage request about `location`, classified by its kind.
    static func storage(_ error: S3Error, location: String) -> DocumentStoreError {
        let code: Code
        switch error.code {
        case .notFound: code = .notFound
        case .accessDenied: code = .permissionDenied
        case .unavailable, .unreachable: code = .unavailable
        case .preconditionFailed: code = .conflict
        case .tooLarge: code = .corrupt
        default: code = .io
        }
        return DocumentStoreError(code, "\(location): \(error.message)", path: location, cause: error)
    }

    /// An error for a failed system call `operation` on `path`, classified by `number`.
    static func system(_ operation: String, path: String, errno number: Int32) -> DocumentStoreError {
        let code: Code
        switch number {
        case ENOENT, ENOTDIR: code = .notFound
        case ENOSPC, EDQUOT: code = .noSpace
        case EACCES, EPERM, EROFS: code = .permissionDenied
        case ENAMETOOLONG: code = .invalidName
        default: code = .io
        }
        let reason = String(cString: strerror(number))
        return DocumentStoreError(code, "\(operation) \(path): \(reason)", path: path, errno: number)
    }
}
