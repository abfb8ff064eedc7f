import CommandLineSupport
import WebSupport

/// A server that could not start ends its command with one line and exit status 74.
extension WebStartError: CommandLineFailure {
    /// The message as it is.
    public var commandLineMessage: String { message }
    /// 74, EX_IOERR: a port in use, a token file that cannot be read, an unsafe configuration.
    public var exitStatus: Int32 { 74 }
}
