import Accounts
import Failures

/// Failure codes that know the exit status (sysexits.h) a command that fails with them ends with.
public protocol CommandLineCodes: FailureCode {
    /// The exit status.
    var exitStatus: Int32 { get }
}

/// A failure whose codes know their exit status ends a command with one line and that status.
extension CodedFailure: CommandLineFailure where Codes: CommandLineCodes {
    /// The message as it is.
    public var commandLineMessage: String { message }
    /// The code's status.
    public var exitStatus: Int32 { code.exitStatus }
}

extension AccountErrorCode: CommandLineCodes {
    /// 65 (EX_DATAERR) for a value the rules refuse or a damaged accounts file, 66 (EX_NOINPUT)
    /// for no such person or token, 73 (EX_CANTCREAT) for a name or label taken, 75 (EX_TEMPFAIL) when other
    /// writers kept changing the accounts, 74 (EX_IOERR) when the storage failed.
    public var exitStatus: Int32 {
        switch self {
        case .invalidName, .invalidPassword, .invalidRole, .invalidLabel, .wrongPassword, .invitationInvalid, .lastOwner, .unreadable: 65
        case .notFound: 66
        case .exists: 73
        case .busy: 75
        case .storage: 74
        }
    }
}
