import CommandLineSupport
import DocumentStore
import Foundation
import Homepwner

/// The storage every command works on (`--storage`, `--data-dir`, `--s3-path-style`, `--create`).
typealias DataOptions = DataFolderOptions<HomepwnerApp>

extension HomepwnerApp: StoreFolderApp {
    typealias Store = ItemStore
    static let dataFolderHelp = "The Documents folder holding items.archive."
}

/// The inventory as the commands open it: a missing folder is `.noDataFolder`.
extension ItemStore: CommandLineStore {
    /// ``open(storage:readOnly:)`` with the other defaults.
    public static func openForCommand(storage: Storage, readOnly: Bool) async throws -> ItemStore {
        try await open(storage: storage, readOnly: readOnly)
    }

    /// Whether `error` is `.noDataFolder`.
    public static func isMissingDataFolder(_ error: any Error) -> Bool {
        (error as? HomepwnerError)?.code == .noDataFolder
    }
}

/// Writes `data` to the file at `path` (`--output`), replaced whole and atomically, or to
/// standard output when `path` is nil.
///
/// - Throws: ``HomepwnerError`` `.storage` (exit 74) when the file cannot be written.
func write(_ data: Data, toFile path: String?) throws {
    guard let path else {
        FileHandle.standardOutput.write(data)
        return
    }
    do {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        throw HomepwnerError(.storage, "\(path) cannot be written: \(error.localizedDescription)")
    }
}

/// Parses a value typed on the command line.
func parseValue(_ text: String?) throws -> Int? {
    try text.map(ItemRules.value(parsing:))
}
