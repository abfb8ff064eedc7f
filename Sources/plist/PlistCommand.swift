import ArgumentParser
import CommandLineSupport
import Foundation
import KeyedArchive

/// `plist`: print and convert property lists and keyed archives.
@main
struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Check, read, edit, compare, print and convert property lists and NSKeyedArchiver archives (binary, XML, JSON).",
        discussion: """
            Examples: plist lint *.plist; plist get Info.plist CFBundleVersion; plist set Info.plist \
            CFBundleVersion --string 42; plist diff old.plist new.plist; plist print --json \
            data.archive; plist convert data.archive --to xml. Run plist help VERB for each verb.
            """,
        subcommands: [
            LintCommand.self, GetCommand.self, SetCommand.self, InsertCommand.self, RemoveCommand.self, AppendCommand.self,
            DiffCommand.self, PrintCommand.self, ConvertCommand.self,
        ]
    )

    /// Runs the command; a failure is one line on stderr and a non-zero exit, never a trace:
    /// ended as the app CLIs end (`CommandLineTool.fail`: help and `--version` as ArgumentParser
    /// prints them, a usage error in one line with status 64, the line made terminal-safe), with
    /// backslashes left as they are, since key paths are written with them.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            CommandLineTool.fail(error, tool: "plist", command: Self.self, appError: failure(for:), escapingBackslashes: false)
        }
    }

    /// The line and exit status of an archive that cannot be read: 1, as every verb's failure
    /// (a ``ToolError`` says its own).
    static func failure(for error: any Error) -> (message: String, status: Int32)? {
        (error as? ArchiveError).map { (oneLine($0.message), 1) }
    }
}

/// `message` with its line breaks as spaces.
func oneLine(_ message: String) -> String {
    message.replacingOccurrences(of: "\n", with: " ")
}

/// A failure of the tool itself (files, arguments), reported as one line.
struct ToolError: CommandLineFailure {
    /// What went wrong and where.
    var message: String
    /// The exit status: 1, or 2 for `diff` (whose 1 means "they differ").
    var status: Int32 = 1

    /// The message, in one line.
    var commandLineMessage: String { oneLine(message) }
    /// ``status``.
    var exitStatus: Int32 { status }
}

/// XML cannot hold every value exactly: says on stderr what writing `value` as XML changes,
/// instead of losing it silently (`convert`, `get --format xml` and the edits of an XML file).
func warnAboutXMLLosses(in value: PropertyList, file: String) {
    for loss in value.xmlLosses() {
        FileHandle.standardError.write(Data("plist: warning: \(terminalSafe("\(file): \(loss)", escapingBackslashes: false))\n".utf8))
    }
}
