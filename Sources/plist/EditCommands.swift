import ArgumentParser
import DocumentStore
import Foundation
import KeyedArchive

/// The value an edit puts in, given as plutil gives it: one of `--bool`, `--integer`, `--float`,
/// `--string`, `--date`, `--data`, `--json`, `--array`, `--dictionary`. Each takes the next
/// argument whatever it looks like (`--integer -5`, `--string --not-an-option`).
struct NewValueOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A boolean: true, false, yes or no.", valueName: "value"))
    var bool: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("An integer (64-bit, or unsigned up to 2^64-1).", valueName: "value"))
    var integer: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A real, stored as 8 bytes (inf, -inf and nan too).", valueName: "value"))
    var float: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A string, exactly as given.", valueName: "text"))
    var string: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A date in ISO 8601 (2026-11-25T21:00:00Z, fractions of a second allowed).", valueName: "date"))
    var date: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Data in base64.", valueName: "base64"))
    var data: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A whole subtree in the JSON form (what convert --to json writes).", valueName: "json"))
    var json: String?

    @Flag(name: .long, help: "An empty array.")
    var array = false

    @Flag(name: .long, help: "An empty dictionary.")
    var dictionary = false

    /// Exactly one value must be given.
    func validate() throws {
        guard count == 1 else {
            throw ValidationError("give the value with exactly one of --bool, --integer, --float, --string, --date, --data, --json, --array, --dictionary")
        }
    }

    /// How many value options were given.
    var count: Int {
        [bool, integer, float, string, date, data, json].compactMap { $0 }.count + (array ? 1 : 0) + (dictionary ? 1 : 0)
    }

    /// The value given.
    ///
    /// - Throws: ``ToolError`` for text that is not a value of its type.
    func value() throws -> PropertyList {
        if let bool {
            switch bool.lowercased() {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw ToolError(message: "--bool \(Self.quoted(bool)) is not true, false, yes or no")
            }
        }
        if let integer {
            if let signed = Int64(integer) { return .integer(signed) }
            if let unsigned = UInt64(integer) { return .integer(unsigned: unsigned) }
            throw ToolError(message: "--integer \(Self.quoted(integer)) is not an integer between -2^63 and 2^64-1")
        }
        if let float {
            guard let number = Double(float) else { throw ToolError(message: "--float \(Self.quoted(float)) is not a number") }
            return .real(number)
        }
        if let string { return .string(string) }
        if let date {
            guard let parsed = ArchiveJSONRenderer.date(fromISO: date) else {
                throw ToolError(message: "--date \(Self.quoted(date)) is not an ISO 8601 date such as 2026-11-25T21:00:00Z")
            }
            return .date(parsed)
        }
        if let data {
            guard let bytes = Data(base64Encoded: data) else { throw ToolError(message: "--data is not base64") }
            return .data(bytes)
        }
        if let json {
            do {
                return try PropertyList(json: Data(json.utf8), limits: .following(inputBytes: json.utf8.count))
            } catch let error as ArchiveError {
                throw ToolError(message: "--json: \(error.message)")
            }
        }
        if array { return .array([]) }
        return .dictionary([:])
    }

    private static func quoted(_ text: String) -> String {
        "\"\(text.prefix(40))\""
    }
}

/// What `set`, `insert`, `remove` and `append` share: read, edit, write back in the file's own
/// form, atomically and durably.
struct EditTarget: ParsableArguments {
    @Argument(help: "The plist to edit (binary, XML or JSON form; - reads standard input and writes standard output).")
    var file: String

    @Argument(help: "The key path (plutil's items.0.name or PlistBuddy's :items:0:name).")
    var keyPath: String

    @Option(name: .shortAndLong, help: "Write the result to this file (- for standard output) and leave FILE as it is.")
    var output: String?

    @Flag(name: .long, help: "Edit a keyed archive's plist layer (its $objects, $top…) although that can break its references.")
    var rawArchive = false

    @OptionGroup var limits: LimitOptions

    /// Reads the file, applies `edit` at the key path and writes the result in the file's own
    /// form; nothing is written when anything fails.
    func apply(_ edit: PropertyListEdit) throws {
        let path: PropertyListKeyPath
        do {
            path = try PropertyListKeyPath(parsing: keyPath)
        } catch let error as ArchiveError {
            throw ToolError(message: error.message)
        }
        let data = try InputFile.read(file)
        let (plist, _) = try InputFile.plist(at: file, limits: limits, data: data)
        if InputFile.isKeyedArchive(plist) && !rawArchive {
            throw ToolError(message: "\(file) is a keyed archive, and editing its plist layer can break its references; add --raw-archive if that is what you mean")
        }
        let edited: PropertyList
        do {
            edited = try plist.editing(at: path, edit)
        } catch let error as ArchiveError {
            throw ToolError(message: "\(file): \(error.message)")
        }
        let bytes = try Self.encode(edited, like: data, file: file)
        let destination = output ?? file
        if destination == "-" {
            FileHandle.standardOutput.write(bytes)
            return
        }
        do {
            try DurableFileWriter.system.write(bytes, to: URL(fileURLWithPath: destination))
        } catch {
            throw ToolError(message: "\(destination): cannot be written (\(error))")
        }
    }

    /// `value` in the form `original` was in: binary, XML or the JSON form.
    static func encode(_ value: PropertyList, like original: Data, file: String) throws -> Data {
        switch PropertyListFormat.detect(original) {
        case .binary?:
            return BinaryPlistWriter.write(value)
        case .xml?:
            warnAboutXMLLosses(in: value, file: file)
            return try value.encoded(as: .xml)
        case nil:
            return value.jsonData(pretty: true)
        }
    }
}

/// `plist set FILE KEYPATH --TYPE VALUE`.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the value at a key path (replacing it, or adding the key to its dictionary).",
        discussion: "Example: plist set Info.plist CFBundleVersion --string 42"
    )

    @OptionGroup var target: EditTarget
    @OptionGroup var value: NewValueOptions

    func run() throws { try target.apply(.set(try value.value())) }
}

/// `plist insert FILE KEYPATH --TYPE VALUE`.
struct InsertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insert",
        abstract: "Insert a value at a key path that is not there yet (a new key, or an array index, moving later elements on).",
        discussion: "Example: plist insert data.plist items.0 --json '{\"name\": \"Spork\"}'"
    )

    @OptionGroup var target: EditTarget
    @OptionGroup var value: NewValueOptions

    func run() throws { try target.apply(.insert(try value.value())) }
}

/// `plist append FILE KEYPATH --TYPE VALUE`.
struct AppendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Append a value to the array at a key path.",
        discussion: "Example: plist append data.plist tags --string garage"
    )

    @OptionGroup var target: EditTarget
    @OptionGroup var value: NewValueOptions

    func run() throws { try target.apply(.append(try value.value())) }
}

/// `plist remove FILE KEYPATH`.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove the value at a key path (a key of its dictionary, or an element of its array).",
        discussion: "Example: plist remove Info.plist NSAppTransportSecurity"
    )

    @OptionGroup var target: EditTarget

    func run() throws { try target.apply(.remove) }
}
