/// A failure a person can cause or meet: what kind it is (a code, which picks an exit status or
/// an HTTP status), one sentence saying what went wrong, where and why, the facts a program may
/// want besides (a path, an offset, a status: its codes' ``FailureCode/Details``), and the error
/// that caused it, kept for logs and for code that looks deeper. The one error shape of the
/// package: `HomepwnerError`, `ScaryCreaturesError`, `ImagingError`, `DocumentStoreError`,
/// `StorageConnectError`, `ArchiveError` and `S3Error` are this with their own codes.
///
/// The fields of the details read as the failure's own, nil when there are no details
/// (`error.path` for `error.details?.path`).
///
/// Two failures are equal when their codes and messages are: the details and the cause are
/// kept, not compared.
@dynamicMemberLookup
public struct CodedFailure<Codes: FailureCode>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure this one is one of.
    public typealias Code = Codes
    /// The kinds of failure this one is one of (the same as ``Code``, by another name).
    public typealias Kind = Codes

    /// What kind of failure this is.
    public var code: Codes
    /// A sentence saying what went wrong, where and why.
    public var message: String
    /// The facts kept besides the message, when there are some.
    public var details: Codes.Details?
    /// The error that caused this one, when there was one.
    public var cause: (any Error & Sendable)?

    /// A failure of `code` that says `message`, caused by `cause`.
    public init(_ code: Codes, _ message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// A failure of `code` that says `message` and keeps `details`, caused by `cause`.
    public init(_ code: Codes, _ message: String, details: Codes.Details?, cause: (any Error & Sendable)? = nil) {
        self.init(code, message, cause: cause)
        self.details = details
    }

    /// The field of the details at `field`, nil when there are no details or the field is nil.
    public subscript<Value>(dynamicMember field: KeyPath<Codes.Details, Value?>) -> Value? {
        details?[keyPath: field]
    }

    /// The message.
    public var description: String { message }

    /// Whether the codes and the messages are the same.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }

    /// Hashes the code and the message.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }
}
