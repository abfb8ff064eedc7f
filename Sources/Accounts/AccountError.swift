import Failures

/// Why an account could not be made, changed, read or signed in to, with a sentence that says
/// what to do. It is ``Failures/CodedFailure`` with its own codes, which a command maps to its
/// exit status and a server to its HTTP status.
public typealias AccountError = CodedFailure<AccountErrorCode>

/// The kinds of failure of accounts (``AccountError``).
public enum AccountErrorCode: String, FailureCode {
    /// A name that is not a valid account name.
    case invalidName
    /// A password the rules refuse (too short, too common, …).
    case invalidPassword
    /// A role that is not owner, editor or viewer.
    case invalidRole
    /// A token label that is empty, too long or holds control characters.
    case invalidLabel
    /// The current password given to change it is not the account's.
    case wrongPassword
    /// An account of that name (or a token of that label) exists already.
    case exists
    /// No account has that name (or no token that label).
    case notFound
    /// An invitation that is unknown, used or expired.
    case invitationInvalid
    /// The change would leave accounts without an owner.
    case lastOwner
    /// The stored accounts cannot be read (damaged, or written by a newer release).
    case unreadable
    /// Other writers kept changing the accounts: the change was not made.
    case busy
    /// The storage failed.
    case storage
}
