import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `export-csv [--output FILE]`: the inventory as CSV for a spreadsheet or an insurer.
struct ExportCSVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-csv",
        abstract: "Print the inventory as CSV (RFC 4180; cells a spreadsheet would run as formulas get a leading ')."
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
    @OptionGroup var data: DataOptions

    func run() async throws {
        let store = try await data.openForReading()
        let items = try await store?.items() ?? []
        let withPhotos = try await store?.images.photoKeys() ?? []
        let csv = ItemCSV.csv(items) { withPhotos.contains($0.itemKey) }
        guard let output else {
            FileHandle.standardOutput.write(Data(csv.utf8))
            return
        }
        do {
            try Data(csv.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw HomepwnerError(.storage, "\(output) cannot be written: \(error.localizedDescription)")
        }
    }
}
