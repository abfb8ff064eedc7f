import ArgumentParser
import CommandLineSupport
import Foundation
import ScaryCreatures

/// `export ID [-o FILE]`: one `.scarycreature.zip` holding the bundle.
struct ExportCommand: StoreChangeCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export a creature as a .scarycreature.zip.")

    @Argument(help: "The creature's id.") var id: String
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write it (default: ID.scarycreature.zip here).", valueName: "file"))
    var output: String?
    @OptionGroup var data: DataOptions

    func prepare() throws -> (id: Int, file: URL) {
        let id = try creatureID(id)
        return (id, URL(fileURLWithPath: output ?? "\(id).scarycreature.zip"))
    }

    func change(_ database: ScaryCreatureDatabase, _ input: (id: Int, file: URL)) async throws -> String {
        try await database.export(input.id, to: input.file)
        return input.file.path
    }
}

/// `import PATH`: a zip, a bundle folder, or a whole data folder of either original app.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import creatures from an exported zip, a bundle folder, or a data folder of either original app."
    )

    @Argument(help: "The zip, bundle folder or data folder.") var path: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Summary: Encodable {
        struct Imported: Encodable {
            var source: String
            var id: Int
            var title: String
        }

        struct Skipped: Encodable {
            var source: String
            var reason: String
        }

        var imported: [Imported]
        var skipped: [Skipped]
    }

    func run() async throws {
        let summary = try await data.open().importCreatures(from: URL(fileURLWithPath: path))
        let answer = {
            Summary(
                imported: summary.imported.map { .init(source: $0.source, id: $0.id, title: $0.title) },
                skipped: summary.skipped.map { .init(source: $0.source, reason: $0.reason) }
            )
        }
        try await output.write(json: answer) {
            summary.imported.map { "imported \($0.source) as \($0.id)  \($0.title)\n" }.joined()
                + summary.skipped.map { "skipped \($0.source): \($0.reason)\n" }.joined()
                + "\(summary.imported.count) imported, \(summary.skipped.count) skipped\n"
        }
        if summary.imported.isEmpty && !summary.skipped.isEmpty { throw ExitCode(65) }
    }
}
