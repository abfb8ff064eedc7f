import ArgumentParser
import CommandLineSupport
import DocumentStore
import Foundation
import Homepwner
import Imaging

/// The storage every command works on (`--storage`, `--data-dir`, `--s3-path-style`, `--create`).
typealias DataOptions = DataFolderOptions<HomepwnerApp>

extension HomepwnerApp: DataFolderApp {
    static let dataFolderHelp = "The Documents folder holding items.archive."
    static var defaultDataFolder: URL { ItemStore.defaultDataFolder }
}

extension DataFolderOptions where App == HomepwnerApp {
    /// Opens the store there; `readOnly` for commands that change nothing: they never create
    /// the folder or touch anything in it. A --storage folder that does not exist is created
    /// only with --create; a bucket must answer and accept the credentials (one line and exit
    /// 77, 66 or 69 when it does not).
    func open(readOnly: Bool = false) async throws -> ItemStore {
        let choice = try self.choice
        return try await ItemStore.open(storage: try await readOnly ? choice.connect() : choice.resolve(), readOnly: readOnly)
    }

    /// Opens the store read-only; a missing per-user default folder is an empty inventory.
    func openForReading() async throws -> ItemStore? {
        do {
            return try await open(readOnly: true)
        } catch let error as HomepwnerError where error.code == .noDataFolder && dataDir == nil && storage == nil {
            return nil  // nothing saved yet in the per-user folder
        }
    }
}

/// Parses a value typed on the command line.
func parseValue(_ text: String?) throws -> Int? {
    try text.map(ItemRules.value(parsing:))
}
