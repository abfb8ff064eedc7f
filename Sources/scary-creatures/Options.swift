import ArgumentParser
import CommandLineSupport
import DocumentStore
import Foundation
import Imaging
import ScaryCreatures

/// The storage every command works on (`--storage`, `--data-dir`, `--s3-path-style`, `--create`).
typealias DataOptions = DataFolderOptions<ScaryCreaturesApp>

extension ScaryCreaturesApp: DataFolderApp {
    static let dataFolderHelp = "The PrivateDocuments folder."
    static var defaultDataFolder: URL { ScaryCreatureDatabase.defaultDataFolder }
}

extension DataFolderOptions where App == ScaryCreaturesApp {
    /// Opens the database there; `readOnly` for commands that change no creature: they never
    /// create the folder or touch a creature in it (`list` may refresh the listing summary, a
    /// cache). A --storage folder that does not exist is created only with --create; a bucket
    /// must answer and accept the credentials.
    func open(readOnly: Bool = false) async throws -> ScaryCreatureDatabase {
        let choice = try self.choice
        return try await ScaryCreatureDatabase.open(storage: try await readOnly ? choice.connect() : choice.resolve(), readOnly: readOnly)
    }
}

/// Parses a creature id argument.
func creatureID(_ text: String) throws -> Int {
    guard let id = Int(text), id > 0 else {
        throw ScaryCreaturesError(.notFound, "\"\(text)\" is not a creature id (ids are positive numbers)")
    }
    return id
}

