import ArgumentParser
import Foundation
import KeyedArchive

/// `plist convert FILE --to json|xml|binary [-o OUT]`.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a property list (binary, XML or JSON form) to another form.",
        discussion: "Example: plist convert data.archive --to json -o data.json"
    )

    /// The output forms.
    enum Form: String, ExpressibleByArgument, CaseIterable {
        case json, xml, binary
    }

    @Argument(help: "The plist or keyed archive to read (binary, XML or JSON form, detected from the bytes).")
    var file: String

    @Option(name: .long, help: "The output form: json, xml or binary.")
    var to: Form

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output (- is standard output).")
    var output: String?

    @OptionGroup var limits: LimitOptions

    func run() throws {
        let plist = try InputFile.plist(at: file, limits: limits).value
        let bytes: Data
        switch to {
        case .json: bytes = plist.jsonData(pretty: true)
        case .xml:
            warnAboutXMLLosses(in: plist, file: file)
            bytes = try plist.encoded(as: .xml)
        case .binary: bytes = try plist.encoded(as: .binary)
        }
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(bytes)
            return
        }
        do {
            try bytes.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ToolError(message: "\(output): cannot be written")
        }
    }
}
