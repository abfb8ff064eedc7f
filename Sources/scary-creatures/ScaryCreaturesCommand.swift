import ArgumentParser
import Foundation
import ScaryCreatures
import WebSupport

/// `scary-creatures`: the Scary Creatures app on the command line.
@main
struct ScaryCreaturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scary-creatures",
        abstract: "Keep a list of scary creatures: titles, 0–5 star ratings and photos.",
        discussion: "Data lives in a PrivateDocuments folder (--data-dir); folders from the 2018 Scary Creatures and 2010 Scary Bugs apps open as they are.",
        subcommands: [
            ServeCommand.self, ListCommand.self, AddCommand.self, ShowCommand.self, RenameCommand.self, RateCommand.self,
            SetImageCommand.self, DeleteCommand.self, ExportCommand.self, ImportCommand.self, CheckCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )

    /// Parses and runs, turning every failure into one line on stderr and a non-zero exit.
    static func main() async {
        do {
            var command = try parseAsRoot(commonOptionsAfterSubcommand(Array(CommandLine.arguments.dropFirst())))
            if command is ServeCommand {
                ProcessTuning.limitMallocArenas()
                EventLoopExecutor.install()
            }
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
    /// subcommand's name to just after it, so `scary-creatures --data-dir D list` means
    /// `scary-creatures list --data-dir D`. Anything else is left as it is.
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

    /// Prints `error` as one line and exits with its status (help and --version print normally).
    static func fail(_ error: any Error) -> Never {
        if let exit = error as? ExitCode {
            Foundation.exit(exit.rawValue)  // the command has already said why
        }
        if let error = error as? ScaryCreaturesError {
            FileHandle.standardError.write(Data("scary-creatures: error: \(error.message)\n".utf8))
            Foundation.exit(Self.status(for: error.code))
        }
        let code = exitCode(for: error)
        if code == .success { exit(withError: error) }
        let message = fullMessage(for: error)
            .split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { String($0) } ?? "\(error)"
        let text = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
        FileHandle.standardError.write(Data("scary-creatures: error: \(text)\n".utf8))
        Foundation.exit(code.rawValue)
    }

    /// The exit status for each kind of failure (sysexits.h).
    static func status(for code: ScaryCreaturesError.Code) -> Int32 {
        switch code {
        case .invalidTitle, .invalidRating, .invalidImage, .invalidImport: 65  // EX_DATAERR
        case .notFound, .noDataFolder: 66                                       // EX_NOINPUT
        case .versionMismatch: 75                                               // EX_TEMPFAIL
        case .corrupt: 65
        case .storage: 74                                                       // EX_IOERR
        }
    }
}
