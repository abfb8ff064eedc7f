import ArgumentParser
import Foundation
import KeyedArchive

/// `plist get FILE KEYPATH [--format raw|json|xml|binary] [--type]`.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the value at a key path.",
        discussion: """
            A key path names keys and array indices from the root, as plutil writes it \
            (items.0.name, with \\. for a dot inside a key: '$objects.1.NS\\.time') or as \
            PlistBuddy writes it (:items:0:name). A path that is not there is one line on \
            standard error and exit status 1. Example: plist get Info.plist CFBundleVersion
            """
    )

    /// How the value is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case raw, json, xml, binary
    }

    @Argument(help: "The plist or keyed archive (binary, XML or JSON form; - for standard input).")
    var file: String

    @Argument(help: "The key path (empty for the whole file).")
    var keyPath: String

    @Option(name: .long, help: "raw (a string as it is, a number, true/false, an ISO 8601 date, base64 data; a container in JSON), json, xml or binary (a whole property list holding the value).")
    var format: Format = .raw

    @Flag(name: .long, help: "Print the value's type instead (string, integer, float, bool, date, data, array, dictionary, set, uid).")
    var type = false

    @OptionGroup var limits: LimitOptions

    func run() throws {
        let path: PropertyListKeyPath
        do {
            path = try PropertyListKeyPath(parsing: keyPath)
        } catch let error as ArchiveError {
            throw ToolError(message: error.message)
        }
        let plist = try InputFile.plist(at: file, limits: limits).value
        let value: PropertyList
        do {
            value = try plist.value(at: path)
        } catch let error as ArchiveError {
            throw ToolError(message: "\(file): \(error.message)")
        }
        if type {
            print(ValueText.typeName(value))
            return
        }
        switch format {
        case .raw:
            print(ValueText.text(value, quoted: false))
        case .json:
            FileHandle.standardOutput.write(value.jsonData(pretty: true))
            FileHandle.standardOutput.write(Data("\n".utf8))
        case .xml:
            warnAboutXMLLosses(in: value, file: file)
            FileHandle.standardOutput.write(try value.encoded(as: .xml))
        case .binary:
            FileHandle.standardOutput.write(try value.encoded(as: .binary))
        }
    }
}
