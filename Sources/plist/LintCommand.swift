import ArgumentParser
import Foundation
import KeyedArchive

/// `plist lint FILE…`: one line per file, `FILE: OK` or what is wrong and where.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check that each file is a well-formed property list (and a keyed archive is a whole one).",
        discussion: """
            Prints one line per file: "FILE: OK", or what is wrong and where (a byte offset, a line \
            or an object number). Exit status 0 when every file is fine, 1 otherwise. A file that \
            says it is a keyed archive ($archiver naming NSKeyedArchiver, or a $top or $objects \
            key) is also checked as an archive: $objects is there, every reference names an \
            object, $top and the class descriptions are whole; --plain checks only the property \
            list. Example: plist lint Info.plist data.archive
            """
    )

    @Argument(help: "The files to check (binary, XML or JSON form; - for standard input).")
    var files: [String]

    @Flag(name: [.customShort("s"), .long], help: "Print nothing; only the exit status says.")
    var silent = false

    @Flag(name: .long, help: "Check only the property list of a keyed archive, not the archive in it.")
    var plain = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one file to check") }
    }

    func run() throws {
        var allFine = true
        for file in files {
            let problem = check(file)
            if problem != nil { allFine = false }
            if !silent { print(problem ?? "\(file): OK") }
        }
        if !allFine { throw ExitCode(1) }
    }

    /// What is wrong with `file`, as its line; nil when nothing is.
    private func check(_ file: String) -> String? {
        do {
            let (plist, limits) = try InputFile.plist(at: file, limits: limits)
            guard !plain, InputFile.isKeyedArchive(plist) else { return nil }
            try KeyedUnarchiver(propertyList: plist, limits: limits).checkEveryObject()
            return nil
        } catch let error as ToolError {
            return error.message
        } catch let error as ArchiveError {
            return "\(file): \(error.message)\(InputFile.hint(for: error))"
        } catch {
            return "\(file): \(error)"
        }
    }
}
