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

    /// Opens the database there; `readOnly` for commands that change nothing (faster start).
    func open(readOnly: Bool = false) async throws -> ScaryCreatureDatabase {
        try await ScaryCreatureDatabase.open(at: folder, readOnly: readOnly)
    }
}

/// `--json`: machine-readable output instead of text for people.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false
}

/// A creature as the CLI prints it in JSON.
struct CreatureJSON: Encodable {
    var id: Int
    var title: String
    var rating: Float
}

/// Prints `value` as pretty, key-sorted JSON on stdout.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    FileHandle.standardOutput.write(try encoder.encode(value))
    FileHandle.standardOutput.write(Data("\n".utf8))
}

/// A rating as stars for people: "★★★½☆".
func stars(_ rating: Float) -> String {
    let whole = Int(rating)
    let half = rating - Float(whole) >= 0.5
    return String(repeating: "★", count: whole) + (half ? "½" : "") + String(repeating: "☆", count: 5 - whole - (half ? 1 : 0))
}

/// Parses a creature id argument.
func creatureID(_ text: String) throws -> Int {
    guard let id = Int(text), id > 0 else {
        throw ScaryCreaturesError(.notFound, "\"\(text)\" is not a creature id (ids are positive numbers)")
    }
    return id
}

/// Reads a photo file named on the command line.
func readPhoto(_ path: String) throws -> Data {
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw ScaryCreaturesError(.invalidImage, "cannot read \(path): \((error as NSError).localizedDescription)")
    }
}
