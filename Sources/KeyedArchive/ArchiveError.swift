import Failures

/// An error reading or writing a property list or keyed archive.
///
/// It is ``Failures/CodedFailure`` with its own codes: `code` says what kind of problem it is,
/// `message` says what and where in words a user can act on (it names the byte offset, object
/// number or key), and the details carry the location for programs (``ArchiveErrorDetails``,
/// read as `error.offset` and `error.object`).
public typealias ArchiveError = CodedFailure<ArchiveErrorCode>

/// The kinds of failure reading or writing a property list or keyed archive (``ArchiveError``).
public enum ArchiveErrorCode: String, FailureCode {
    /// Where in the input an archive error is, when known.
    public typealias Details = ArchiveErrorDetails

    /// The bytes are not a property list of a known format.
    case unknownFormat
    /// A binary plist breaks a structural rule (trailer, offsets, markers, references).
    case corruptBinary
    /// An XML plist is malformed.
    case corruptXML
    /// The input exceeds an ``ArchiveLimits`` bound.
    case limitExceeded
    /// The plist is fine but is not a valid keyed archive.
    case invalidArchive
    /// A keyed archive refers to an object that `$objects` does not have.
    case brokenReference
    /// An archived object has a class the caller did not accept.
    case classMismatch
    /// A value has the wrong type for what was asked.
    case typeMismatch
    /// A required value is missing.
    case missingValue
    /// A typed decode met an object that contains itself.
    case cycle
    /// A value cannot be represented in the requested format.
    case unencodable
    /// A key path is not well formed (``PropertyListKeyPath``).
    case invalidKeyPath
    /// A key path names a value that is not there.
    case keyPathNotFound
}

/// Where in the input an ``ArchiveError`` is, when known.
public struct ArchiveErrorDetails: Sendable, Hashable {
    /// The byte offset in the input, when known.
    public var offset: Int?
    /// The object number (binary plist object or `$objects` index), when known.
    public var object: Int?
}

extension CodedFailure where Codes == ArchiveErrorCode {
    /// An error of `code` saying `message`, at the byte `offset` and the `object` number when
    /// known, made from `cause`.
    public init(_ code: ArchiveErrorCode, _ message: String, offset: Int? = nil, object: Int? = nil, cause: (any Error & Sendable)? = nil) {
        self.init(code, message, details: ArchiveErrorDetails(offset: offset, object: object), cause: cause)
    }

    /// Whether the error is damage to the file's structure — bytes that are no property list
    /// (a marker that is no marker, an offset past the end) or a reference to an object that is
    /// not there — rather than a well-formed value the caller cannot use. A file with such damage
    /// must not be rewritten from what could be read of it.
    public var isStructural: Bool {
        switch code {
        case .unknownFormat, .corruptBinary, .corruptXML, .brokenReference: true
        default: false
        }
    }
}
