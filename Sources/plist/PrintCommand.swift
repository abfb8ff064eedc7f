import ArgumentParser
import Foundation
import KeyedArchive

/// `plist print FILE`.
struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a property list as a readable tree; a keyed archive as its object graph."
    )

    @Argument(help: "The plist or keyed archive to print (binary, XML or JSON form).")
    var file: String

    @OptionGroup var limits: LimitOptions

    func run() throws {
        let (plist, limits) = try InputFile.plist(at: file, limits: limits)
        let text: String
        if InputFile.isKeyedArchive(plist) {
            // The object graph prints each shared object once and refers back to it.
            do {
                text = try ArchiveGraphPrinter.render(KeyedUnarchiver(propertyList: plist, limits: limits))
            } catch let error as ArchiveError {
                throw ToolError(message: "\(file): \(error.message)\(InputFile.hint(for: error))")
            }
        } else {
            text = PropertyListTreePrinter.render(plist)
        }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
}
