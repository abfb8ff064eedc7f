import ArgumentParser
import Foundation
import KeyedArchive

/// `plist`: print and convert property lists and keyed archives.
@main
struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Print and convert property lists and NSKeyedArchiver archives (binary, XML, JSON).",
        subcommands: [ConvertCommand.self, PrintCommand.self]
    )

    /// Runs the command; a failure is one line on stderr and a non-zero exit, never a trace.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ArchiveError {
            fail(error.message)
        } catch let error as ToolError {
            fail(error.message)
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

    private static func fail(_ message: String) -> Never {
        let line = message.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data("plist: error: \(line)\n".utf8))
        Foundation.exit(1)
    }
}

/// A failure of the tool itself (files, arguments), reported as one line.
struct ToolError: Error {
    /// What went wrong and where.
    var message: String
}
