import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner
import ServeCommandSupport

/// `homepwner`: the Homepwner inventory on the command line.
@main
struct HomepwnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homepwner",
        abstract: "Keep an inventory of your possessions: names, serial numbers, values, dates and photos.",
        discussion: """
            Data lives in a Documents folder (--storage, default $XDG_DATA_HOME/homepwner/Documents): \
            items.archive as the 2014 Homepwner app wrote it, and one photo per item named by its key. \
            Or in a bucket, laid out the same way: --storage s3://BUCKET/PREFIX (--s3-path-style for \
            a local server), shared by any number of servers. \
            With no subcommand it serves the inventory at http://127.0.0.1:8081/ (see serve --help); \
            while a server runs, the commands that change the folder fail at once (exit 75) and \
            name it — make the change through the server, or stop it first.
            Exit status: 0 success, 1 check found problems, 64 usage, 65 bad data (a rule, an image, \
            a damaged archive), 66 not found (an item, the folder, the bucket), 69 the storage \
            cannot be reached, 73 items.archive was written by a newer model version than this \
            homepwner knows (it is read-only here: list, show, check and export-csv work, every \
            change is refused and the file is never rewritten) or import was given an inventory \
            that has items, 74 storage, 75 a homepwner server holds the folder (make the change \
            through it, or stop it first), 77 the bucket refused the \
            credentials, 78 a malformed s3:// location or AWS environment. \
            An older items.archive (the 2014 app's included) is upgraded at the first change, and \
            the old file kept once beside it as items.archive.v<N>.
            """,
        subcommands: [
            ServeCommand.self, ListCommand.self, AddCommand.self, ShowCommand.self, UpdateCommand.self, SetImageCommand.self,
            RemoveImageCommand.self, DeleteCommand.self, SearchCommand.self, CheckCommand.self, ExportCSVCommand.self, ImportCSVCommand.self, ExportCommand.self, ImportCommand.self, ReportCommand.self,
            LocationsCommand.self, DashboardCommand.self, MaintenanceCommand.self, OwnerCommand.self, PhotosCommand.self, AttachCommand.self, AttachmentsCommand.self, DetachCommand.self, UsersCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )

    /// Parses and runs, turning every failure into one line on stderr and a non-zero exit.
    static func main() {
        CommandLineTool.main(
            Self.self, tool: "homepwner", failures: HomepwnerError.self, status: status(for:), advice: advice(for:),
            prepare: ServerProcess.prepare(ifServing:)
        )
    }

    /// What to do next, after the message, for the failures a command can say it for.
    static func advice(for error: HomepwnerError) -> String {
        switch error.code {
        case .damagedArchive: ". Changes are refused so that nothing more is lost: homepwner check --repair keeps the damaged file beside a repaired one that holds what could be read"
        case .notFound where error.message.hasPrefix("no item has a key"): " (homepwner list shows the keys)"
        default: ""
        }
    }

    /// The exit status for each kind of failure (sysexits.h).
    static func status(for code: HomepwnerError.Code) -> Int32 {
        switch code {
        case .ambiguousKey: 64                                                    // EX_USAGE
        case .invalidName, .invalidValue, .invalidSerialNumber, .invalidImage, .invalidAttachment, .tooLarge, .corrupt, .damagedArchive, .invalidImport: 65  // EX_DATAERR
        case .notFound, .noDataFolder: 66                                         // EX_NOINPUT
        case .storage: 74                                                         // EX_IOERR
        case .unavailable: 69                                                     // EX_UNAVAILABLE
        case .inUse, .versionMismatch: 75                                         // EX_TEMPFAIL
        case .newerModel, .notEmpty: 73                                           // EX_CANTCREAT
        }
    }
}
