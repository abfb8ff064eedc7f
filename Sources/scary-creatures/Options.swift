import ArgumentParser
import Foundation
import ScaryCreatures

/// The data folder every command works on.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The PrivateDocuments folder.", valueName: "folder"))
    var dataDir: String?

    /// The folder: --data-dir, or the per-user default.
    var folder: URL {
        dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ScaryCreatureDatabase.defaultDataFolder
    }

    /// Opens the database there; `readOnly` for commands that change nothing: they never create
    /// the folder or touch anything in it.
    func open(readOnly: Bool = false) async throws -> ScaryCreatureDatabase {
        try await ScaryCreatureDatabase.open(at: folder, readOnly: readOnly)
    }
}

/// `--json`: machine-readable output instead of text for people.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false
}

/// Prints `value` as pretty, key-sorted JSON on stdout.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    FileHandle.standardOutput.write(try encoder.encode(value))
    FileHandle.standardOutput.write(Data("\n".utf8))
}

/// Parses a creature id argument.
func creatureID(_ text: String) throws -> Int {
    guard let id = Int(text), id > 0 else {
        throw ScaryCreaturesError(.notFound, "\"\(text)\" is not a creature id (ids are positive numbers)")
    }
    return id
}

/// The largest photo file read from the command line: the image limit plus room, so that a
/// slightly larger file still gets Imaging's precise message.
let maxPhotoFileBytes = 32 << 20

/// Reads a photo file named on the command line (a link is followed; a FIFO, device or folder
/// is refused at once, and a file over the limit is refused before it is read).
func readPhoto(_ path: String) throws -> Data {
    try InputFile.read(URL(fileURLWithPath: path), limit: maxPhotoFileBytes, links: .follow, code: .invalidImage)
}
