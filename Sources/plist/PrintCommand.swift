import ArgumentParser
import Foundation
import KeyedArchive

/// `plist print FILE`.
struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a property list as a readable tree; a keyed archive as its object graph.",
        discussion: """
            With --json, plain JSON instead: a keyed archive's objects resolved (dictionaries as \
            objects, arrays and sets as arrays, strings, numbers, ISO 8601 dates, base64 data, \
            UUIDs, URLs; another class as {"$class": …, "$classes": […], its fields}; a shared \
            object printed once with "$id" and as {"$ref": N} after). Example: \
            plist print --json notes.archive
            """
    )

    @Argument(help: "The plist or keyed archive to print (binary, XML or JSON form).")
    var file: String

    @Flag(name: .long, help: "Print plain JSON: a keyed archive's object graph resolved, a plain plist as itself.")
    var json = false

    @OptionGroup var limits: LimitOptions

    func run() throws {
        let (plist, limits) = try InputFile.plist(at: file, limits: limits)
        if json {
            FileHandle.standardOutput.write(try Self.json(plist, limits: limits, file: file))
            return
        }
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

    /// The plain JSON of `plist`: a keyed archive's graph resolved, anything else as itself.
    static func json(_ plist: PropertyList, limits: ArchiveLimits, file: String) throws -> Data {
        guard InputFile.isKeyedArchive(plist) else { return ArchiveJSONRenderer.render(plist) }
        do {
            return try ArchiveJSONRenderer.render(KeyedUnarchiver(propertyList: plist, limits: limits))
        } catch let error as ArchiveError {
            throw ToolError(message: "\(file): \(error.message)\(InputFile.hint(for: error))")
        }
    }
}
