/// A failure a person can cause or meet: what kind it is (a code, which picks an exit status or
/// an HTTP status), one sentence saying what went wrong, where and why, and the error that caused
/// it, kept for logs and for code that looks deeper. The one error shape of both apps and the
/// imaging pipeline (`HomepwnerError`, `ScaryCreaturesError` and `ImagingError` are this with
/// their own codes).
///
/// Two failures are equal when their codes and messages are: the cause is kept, not compared.
public struct CodedFailure<Kind: Hashable & Sendable>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure this one is one of.
    public typealias Code = Kind

    /// What kind of failure this is.
    public var code: Kind
    /// A sentence saying what went wrong, where and why.
    public var message: String
    /// The error that caused this one, when there was one.
    public var cause: (any Error & Sendable)?

    /// A failure of `code` that says `message`, caused by `cause`.
    public init(_ code: Kind, _ message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
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
