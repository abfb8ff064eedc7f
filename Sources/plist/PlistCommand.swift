import ArgumentParser
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

    /// Runs the command; a failure is one line on stderr and a non-zero exit, never a trace.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ArchiveError {
            fail(error.message)
        } catch let error as ToolError {
            fail(error.message, status: error.status)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)  // the command has printed what it had to say
        } catch {
            // Help and --version print as ArgumentParser prints them; a usage error is one line
            // and exit 64, with `plist <verb> --help` for the rest.
            let status = exitCode(for: error)
            guard status != .success else { exit(withError: error) }
            let firstLine = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let text = firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst(7)) : firstLine
            FileHandle.standardError.write(Data("plist: error: \(text)\n".utf8))
            Foundation.exit(status.rawValue)
        }
    }

    private static func fail(_ message: String, status: Int32 = 1) -> Never {
        let line = message.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data("plist: error: \(line)\n".utf8))
        Foundation.exit(status)
    }
}

/// A failure of the tool itself (files, arguments), reported as one line.
struct ToolError: Error {
    /// What went wrong and where.
    var message: String
    /// The exit status: 1, or 2 for `diff` (whose 1 means "they differ").
    var status: Int32 = 1
}

/// XML cannot hold every value exactly: says on stderr what writing `value` as XML changes,
/// instead of losing it silently (`convert`, `get --format xml` and the edits of an XML file).
func warnAboutXMLLosses(in value: PropertyList, file: String) {
    for loss in value.xmlLosses() {
        FileHandle.standardError.write(Data("plist: warning: \(file): \(loss)\n".utf8))
    }
}
