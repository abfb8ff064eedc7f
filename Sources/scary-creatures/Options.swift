import ArgumentParser
import CommandLineSupport
import DocumentStore
import Foundation
import Imaging
import ScaryCreatures

/// The data folder every command works on (`--data-dir`, `--create`).
typealias DataOptions = DataFolderOptions<ScaryCreaturesApp>

extension ScaryCreaturesApp: DataFolderApp {
    static let dataFolderHelp = "The PrivateDocuments folder."
    static var defaultDataFolder: URL { ScaryCreatureDatabase.defaultDataFolder }
}

extension DataFolderOptions where App == ScaryCreaturesApp {
    /// Opens the database there; `readOnly` for commands that change nothing: they never create
    /// the folder or touch anything in it. A --data-dir folder that does not exist is created
    /// only with --create.
    func open(readOnly: Bool = false) async throws -> ScaryCreatureDatabase {
        if !readOnly { try await choice.requireExistingUnlessCreatable() }
        return try await ScaryCreatureDatabase.open(at: folder, readOnly: readOnly)
    }
}

/// `--json`: machine-readable output instead of text for people.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false
}

/// Parses a creature id argument.
func creatureID(_ text: String) throws -> Int {
    guard let id = Int(text), id > 0 else {
        throw ScaryCreaturesError(.notFound, "\"\(text)\" is not a creature id (ids are positive numbers)")
    }
    return id
}

/// Reads a photo file named on the command line, as an upload is read: a link is followed; a
/// FIFO, device or folder is refused at once, a file over the limit before it is read, and one
/// that is not an image after its first bytes. The reading runs on the blocking pool.
func readPhoto(_ path: String) async throws -> Data {
    try await BlockingPool.shared.run {
        do {
            return try ImageUpload.read(contentsOf: path).data
        } catch let error as ImagingError {
            throw ScaryCreaturesError(.invalidImage, error.message)
        }
    }
}
