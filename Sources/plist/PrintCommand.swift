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

    func run() throws {
        let plist = try InputFile.plist(at: file)
        let text: String
        if case .dictionary(let root) = plist, root["$archiver"] == .string("NSKeyedArchiver"), root["$objects"] != nil {
            do {
                text = try ArchiveGraphPrinter.render(KeyedUnarchiver(propertyList: plist))
            } catch let error as ArchiveError {
                throw ToolError(message: "\(file): \(error.message)")
            }
        } else {
            text = PropertyListTreePrinter.render(plist)
        }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
}
