import ArgumentParser
import CommandLineSupport
import DocumentStore
import Foundation
import Homepwner

/// `import-csv FILE [--dry-run]`: the rows of a CSV file with the export's columns, matched to
/// items by their key; the preview printed row by row (added, changed with the columns,
/// refused with the reason), then applied unless `--dry-run`.
struct ImportCSVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-csv",
        abstract: "Add and change items from a CSV file with the export's columns.",
        discussion: """
            Rows are matched to items by the Item Key column: a row with an item's key changes \
            exactly the cells that differ from what export-csv writes for it now (so an exported \
            file edited in a spreadsheet changes what was edited, and nothing else); a row without \
            a key, or with a key no item has, adds an item. A row that breaks a rule is refused \
            with the reason, and the others go in. UTF-8, with or without a byte order mark; CRLF \
            or LF. Exit status 0 when every row went in (or, with --dry-run, would), 65 when a row \
            was refused or the file cannot be read as CSV.
            """
    )

    @Argument(help: ArgumentHelp("The CSV file (- for standard input).", valueName: "file"))
    var file: String
    @Flag(help: "Print what would be done, and change nothing.")
    var dryRun = false
    @OptionGroup var data: DataOptions

    func run() async throws {
        let bytes = try await readInput()
        let store = try await dryRun ? data.open(readOnly: true) : data.open()
        let plan = try await store.planImport(bytes)
        var refusals = plan.refusals
        var summary: String
        if dryRun {
            summary = "would add \(plan.additions.count), change \(plan.changes.count), leave \(plan.unchangedCount) unchanged, refuse \(refusals.count) (dry run: nothing was changed)"
        } else {
            let result = try await store.applyImport(plan)
            refusals = result.refusals
            summary = "added \(result.added.count), changed \(result.changed.count), unchanged \(plan.unchangedCount), refused \(refusals.count)"
        }
        if !plan.ignoredColumns.isEmpty { summary += "; columns left out: \(plan.ignoredColumns.map(terminalSafe).joined(separator: ", "))" }
        // Every row that does something, in the file's order; a row refused when the import was
        // applied shows only its refusal.
        let refused = Set(refusals.map(\.line))
        var rows: [(line: Int, text: String)] = refusals.map { ($0.line, "refused: \(terminalSafe($0.text))") }
        for addition in plan.additions where !refused.contains(addition.line) {
            rows.append((addition.line, "add \(terminalSafe(addition.item.itemName))"))
        }
        for change in plan.changes where !refused.contains(change.line) {
            rows.append((change.line, "change \(shortKey(change.item.itemKey)) \(terminalSafe(change.item.itemName)): \(change.columns.joined(separator: ", "))"))
        }
        let text = rows.sorted { $0.line < $1.line }.map { "line \($0.line): \($0.text)\n" }.joined() + summary + "\n"
        FileHandle.standardOutput.write(Data(text.utf8))
        try await store.close()
        if !refusals.isEmpty {
            throw HomepwnerError(.invalidValue, "\(refusals.count) row\(refusals.count == 1 ? " was" : "s were") refused (see above)")
        }
    }

    /// The file's bytes (``Homepwner/CSVTable/readFile(atPath:)``, on the blocking pool); for
    /// "-", standard input, at most the CSV limit.
    private func readInput() async throws -> Data {
        let path = file
        guard path == "-" else { return try await BlockingPool.shared.run { try CSVTable.readFile(atPath: path) } }
        let limit = CSVTable.Limits.default.maxBytes
        let bytes = try await BlockingPool.shared.run { (try? FileHandle.standardInput.read(upToCount: limit + 1)) ?? Data() }
        guard bytes.count <= limit else {
            throw HomepwnerError(.tooLarge, "a CSV file can have at most \(limit) bytes")
        }
        return bytes
    }
}
