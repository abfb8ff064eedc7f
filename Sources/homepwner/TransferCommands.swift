import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `export [FILE]`: the whole inventory as one zip, to move it to another machine.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the whole inventory (items.archive, locations, photos, attachments) as one zip, to move it to another machine.",
        discussion: "Unzipped, the file is a data folder; homepwner import reads it into an empty inventory. Works while a server runs."
    )

    @Argument(help: ArgumentHelp("Where to write it (default: homepwner-YYYY-MM-DD.zip here); a file there is replaced.", valueName: "file"))
    var file: String?
    @OptionGroup var data: DataOptions

    func run() async throws {
        let store = try await data.open(readOnly: true)
        let url = URL(fileURLWithPath: file ?? ItemStore.exportFileName(on: Date()))
        let summary = try await store.exportInventory(to: url)
        for skip in summary.skipped {
            FileHandle.standardError.write(Data("homepwner: warning: not exported \(terminalSafe(skip.name)): \(terminalSafe(skip.reason))\n".utf8))
        }
        print("\(summary.exportSentence.dropLast()) to \(terminalSafe(url.path)).")
    }
}

/// `import FILE`: a full export into an empty inventory.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a zip that export made into this inventory, which must have no items.",
        discussion: """
            Every item comes with its key, photo and attachments; locations the kept list lacks are \
            added. Files that are not what they should be are left out and listed. Exit 73 when the \
            inventory has items, 65 when the zip is not a full export.
            """
    )

    @Argument(help: ArgumentHelp("The zip.", valueName: "file")) var file: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let store = try await data.open()
        let summary = try await store.importInventory(from: URL(fileURLWithPath: file))
        for skip in summary.skipped { print("skipped \(terminalSafe(skip.name)): \(terminalSafe(skip.reason))") }
        print(summary.importSentence)
    }
}
