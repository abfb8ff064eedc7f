import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `export-csv [--output FILE] [--bom]`: the inventory as CSV for a spreadsheet or an insurer.
struct ExportCSVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-csv",
        abstract: "Print the inventory as CSV (RFC 4180; cells a spreadsheet would run as formulas get a leading ')."
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
    @Flag(help: "Start with a UTF-8 byte order mark, so that Excel reads accents and emoji right (other programs read the file either way).")
    var bom = false
    @OptionGroup var data: DataOptions

    func run() async throws {
        let store = try await data.openForReading()
        let items = try await store?.items() ?? []
        let withPhotos = try await store?.images.photoKeys() ?? []
        let csv = ItemCSV.data(items, byteOrderMark: bom) { withPhotos.contains($0.itemKey) }
        try write(csv, toFile: output)
    }
}
