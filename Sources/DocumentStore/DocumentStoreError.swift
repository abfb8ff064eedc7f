import ObjectStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error from the document store: what failed, where, and why, in words a user can act on.
///
/// `code` classifies the failure for programs (an HTTP status, an exit code), `message` names the
/// file or bundle, and `errno` carries the system's error number when one caused it.
public struct DocumentStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Code: String, Sendable, Hashable {
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

    /// What kind of failure this is.
    public var code: Code
    /// A sentence naming what failed, where and why.
    public var message: String
    /// The path involved, when there is one.
    public var path: String?
    /// The system error number behind the failure, when there is one.
    public var errno: Int32?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil, errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.errno = errno
    }

    /// The message.
    public var description: String { message }

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
        return DocumentStoreError(code, "\(location): \(error.message)", path: location)
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
