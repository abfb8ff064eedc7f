/// An error that knows the one line and the exit status a command-line tool ends with, so that
/// a module a tool links (a server's, say) tells how its errors end a command without this
/// module knowing it: ``CommandLineTool/fail(_:tool:command:appError:)`` prints
/// `TOOL: error: MESSAGE` (made terminal-safe) and exits with the status.
public protocol CommandLineFailure: Error {
    /// What went wrong, one sentence, without the `TOOL: error: ` prefix.
    var commandLineMessage: String { get }
    /// The exit status (sysexits.h).
    var exitStatus: Int32 { get }
}
