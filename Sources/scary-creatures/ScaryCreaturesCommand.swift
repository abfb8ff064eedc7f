import ArgumentParser
import CommandLineSupport
import Foundation
import ScaryCreatures
import ServeCommandSupport

/// `scary-creatures`: the Scary Creatures app on the command line.
@main
struct ScaryCreaturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scary-creatures",
        abstract: "Keep a list of scary creatures: titles, 0–5 star ratings and photos.",
        discussion: "Data lives in a PrivateDocuments folder (--data-dir); folders from the 2018 Scary Creatures and 2010 Scary Bugs apps open as they are.",
        subcommands: [
            ServeCommand.self, ListCommand.self, AddCommand.self, ShowCommand.self, RenameCommand.self, RateCommand.self,
            SetImageCommand.self, DeleteCommand.self, ExportCommand.self, ImportCommand.self, CheckCommand.self, UsersCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )

    /// Parses and runs, turning every failure into one line on stderr and a non-zero exit.
    static func main() {
        CommandLineTool.main(
            Self.self, tool: "scary-creatures", failures: ScaryCreaturesError.self, status: status(for:), advice: advice(for:),
            prepare: ServerProcess.prepare(ifServing:)
        )
    }

    /// What to do next, after the message, for the failures a command can say it for.
    static func advice(for error: ScaryCreaturesError) -> String {
        switch error.code {
        case .corrupt where error.message.hasPrefix("the data of creature"):
            "; scary-creatures check --repair puts the damaged folder aside"
        case .notFound where error.message.hasPrefix("there is no creature"):
            " (scary-creatures list shows every creature's number)"
        default: ""
        }
    }

    /// The exit status for each kind of failure (sysexits.h).
    static func status(for code: ScaryCreaturesError.Code) -> Int32 {
        switch code {
        case .invalidTitle, .invalidRating, .invalidImage, .invalidImport: 65  // EX_DATAERR
        case .notFound, .noDataFolder: 66                                       // EX_NOINPUT
        case .versionMismatch: 75                                               // EX_TEMPFAIL
        case .newerModel: 73                                                    // EX_CANTCREAT
        case .corrupt: 65
        case .storage: 74                                                       // EX_IOERR
        case .unavailable: 69                                                   // EX_UNAVAILABLE
        }
    }
}
