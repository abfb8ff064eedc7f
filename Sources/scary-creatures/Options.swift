import CommandLineSupport
import DocumentStore
import Foundation
import ScaryCreatures

/// The storage every command works on (`--storage`, `--data-dir`, `--s3-path-style`, `--create`).
typealias DataOptions = DataFolderOptions<ScaryCreaturesApp>

extension ScaryCreaturesApp: StoreFolderApp {
    typealias Store = ScaryCreatureDatabase
    static let dataFolderHelp = "The PrivateDocuments folder."
}

/// The database as the commands open it: read-only for commands that change no creature (they
/// never create the folder or touch a creature in it; `list` may refresh the listing summary, a
/// cache); a missing folder is `.noDataFolder`.
extension ScaryCreatureDatabase: CommandLineStore {
    /// ``open(storage:readOnly:)`` with the other defaults.
    public static func openForCommand(storage: Storage, readOnly: Bool) async throws -> ScaryCreatureDatabase {
        try await open(storage: storage, readOnly: readOnly)
    }

    /// Whether `error` is `.noDataFolder`.
    public static func isMissingDataFolder(_ error: any Error) -> Bool {
        (error as? ScaryCreaturesError)?.code == .noDataFolder
    }

    /// Nothing to do: every change is written durably as it is made.
    public func close() async throws {}
}

/// Parses a creature id argument.
func creatureID(_ text: String) throws -> Int {
    guard let id = Int(text), id > 0 else {
        throw ScaryCreaturesError(.notFound, "\"\(text)\" is not a creature id (ids are positive numbers)")
    }
    return id
}
