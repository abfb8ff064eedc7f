import ArgumentParser
import Foundation
import KeyedArchive

/// `plist diff A B`: the differences by key path, across forms.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two property lists value by value, whatever their forms.",
        discussion: """
            Prints one line per difference, by key path: "~ PATH: A-VALUE → B-VALUE" for a value \
            that changed, "- PATH: VALUE" for one only A has, "+ PATH: VALUE" for one only B has. \
            Values compare exactly (strings by code point, numbers, their width and dates by bit), \
            so a binary and an XML file with the same content are equal. Exit status 0 when they \
            are the same, 1 when they differ, 2 when a file cannot be read, as diff does. \
            Example: plist diff old.plist new.plist
            """
    )

    @Argument(help: "The first file (binary, XML or JSON form; - for standard input).")
    var first: String

    @Argument(help: "The second file.")
    var second: String

    @OptionGroup var limits: LimitOptions

    func run() throws {
        let a: PropertyList, b: PropertyList
        do {
            a = try InputFile.plist(at: first, limits: limits).value
            b = try InputFile.plist(at: second, limits: limits).value
        } catch var error as ToolError {
            error.status = 2
            throw error
        }
        var lines: [String] = []
        Self.compare(a, b, at: PropertyListKeyPath(components: []), into: &lines)
        guard !lines.isEmpty else { return }
        print(lines.joined(separator: "\n"))
        throw ExitCode(1)
    }

    /// Appends the differences between `a` and `b`, found at `path`, to `lines`.
    static func compare(_ a: PropertyList, _ b: PropertyList, at path: PropertyListKeyPath, into lines: inout [String]) {
        switch (a, b) {
        case (.dictionary(let left), .dictionary(let right)):
            for key in Set(left.keys).union(right.keys).sorted() {
                let inner = path.appending(key.string)
                switch (left[key], right[key]) {
                case (let x?, let y?): compare(x, y, at: inner, into: &lines)
                case (let x?, nil): lines.append("- \(name(inner)): \(describe(x))")
                case (nil, let y?): lines.append("+ \(name(inner)): \(describe(y))")
                case (nil, nil): break
                }
            }
        case (.array(let left), .array(let right)), (.set(let left), .set(let right)):
            for index in 0..<max(left.count, right.count) {
                let inner = path.appending(String(index))
                if index >= right.count {
                    lines.append("- \(name(inner)): \(describe(left[index]))")
                } else if index >= left.count {
                    lines.append("+ \(name(inner)): \(describe(right[index]))")
                } else {
                    compare(left[index], right[index], at: inner, into: &lines)
                }
            }
        default:
            if a != b { lines.append("~ \(name(path)): \(describe(a, against: b)) → \(describe(b, against: a))") }
        }
    }

    /// The path as printed: plutil's form, or `(root)`.
    private static func name(_ path: PropertyListKeyPath) -> String {
        path.components.isEmpty ? "(root)" : path.description
    }

    /// `value` in one line; with its type when `other` has another one (a 4-byte real against
    /// an 8-byte one, an integer against a real), so that no difference prints as no change.
    private static func describe(_ value: PropertyList, against other: PropertyList? = nil) -> String {
        let text = ValueText.text(value, quoted: true)
        guard let other, !sameKind(value, other) else { return text }
        return "\(text) (\(kindName(value)))"
    }

    private static func sameKind(_ a: PropertyList, _ b: PropertyList) -> Bool {
        kindName(a) == kindName(b)
    }

    /// The type, with a real's width.
    private static func kindName(_ value: PropertyList) -> String {
        switch value {
        case .real: "8-byte real"
        case .float: "4-byte real"
        case .unsignedInteger: "integer"
        default: ValueText.typeName(value)
        }
    }
}
