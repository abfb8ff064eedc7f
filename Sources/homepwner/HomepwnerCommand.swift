import ArgumentParser
import Foundation
import Homepwner

/// `homepwner`: the Homepwner inventory on the command line.
@main
struct HomepwnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homepwner",
        abstract: "Keep an inventory of your possessions: names, serial numbers, values, dates and photos.",
        discussion: """
            Data lives in a Documents folder (--data-dir, default $XDG_DATA_HOME/homepwner/Documents): \
            items.archive as the 2014 Homepwner app wrote it, and one photo per item named by its key. \
            Exit status: 0 success, 1 check found problems, 64 usage, 65 bad data (a rule, an image, \
            a damaged archive), 66 not found, 74 storage.
            """,
        subcommands: [
            ListCommand.self, AddCommand.self, ShowCommand.self, UpdateCommand.self, SetImageCommand.self,
            RemoveImageCommand.self, DeleteCommand.self, CheckCommand.self, ExportCSVCommand.self,
        ]
    )

    /// Parses and runs, turning every failure into one line on stderr and a non-zero exit.
    static func main() async {
        do {
            var command = try parseAsRoot(commonOptionsAfterSubcommand(Array(CommandLine.arguments.dropFirst())))
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            fail(error)
        }
    }

    /// The options every subcommand takes (`--data-dir`, `--json`), moved from before the
    /// subcommand's name to just after it, so `homepwner --data-dir D list` means
    /// `homepwner list --data-dir D`. Anything else is left as it is.
    static func commonOptionsAfterSubcommand(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--data-dir", index + 1 < arguments.count {
                leading += arguments[index...index + 1]
                index += 2
            } else if argument.hasPrefix("--data-dir=") || argument == "--json" {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        let names = Set(configuration.subcommands.compactMap { $0.configuration.commandName })
        guard !leading.isEmpty, index < arguments.count, names.contains(arguments[index]) else { return arguments }
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }

    /// Prints `error` as one line and exits with its status (help prints normally).
    static func fail(_ error: any Error) -> Never {
        if let exit = error as? ExitCode {
            Foundation.exit(exit.rawValue)  // the command has already said why
        }
        if let error = error as? HomepwnerError {
            FileHandle.standardError.write(Data("homepwner: error: \(terminalSafe(error.message))\n".utf8))
            Foundation.exit(status(for: error.code))
        }
        let code = exitCode(for: error)
        if code == .success { exit(withError: error) }
        let message = fullMessage(for: error)
            .split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { String($0) } ?? "\(error)"
        let text = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
        FileHandle.standardError.write(Data("homepwner: error: \(terminalSafe(text))\n".utf8))
        Foundation.exit(code.rawValue)
    }

    /// The exit status for each kind of failure (sysexits.h).
    static func status(for code: HomepwnerError.Code) -> Int32 {
        switch code {
        case .ambiguousKey: 64                                                    // EX_USAGE
        case .invalidName, .invalidValue, .invalidSerialNumber, .invalidImage, .corrupt: 65  // EX_DATAERR
        case .notFound, .noDataFolder: 66                                         // EX_NOINPUT
        case .storage: 74                                                         // EX_IOERR
        }
    }
}
