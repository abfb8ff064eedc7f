import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner
import HomepwnerPages

/// `report [--output FILE]`: the insurance report the server shows at `/report`, as one HTML
/// file of its own (styles inline, no scripts, each photo's thumbnail inside it as a `data:`
/// URL), to print or hand to an insurer. From a damaged archive it reports what could be read,
/// says so in the report, and exits 65.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the insurance report as one HTML file: every item by location, with photos and totals."
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (replaced whole, atomically) instead of standard output.", valueName: "file"))
    var output: String?
    @OptionGroup var data: DataOptions

    func run() async throws {
        let store = try await data.open(readOnly: true)
        let html = Data(try await HomepwnerPages(store: store).reportDocument().utf8)
        try write(html, toFile: output)
        if case .damaged(let reason) = await store.status {
            // What could be read is in the report, which says it is not all.
            throw HomepwnerError(.damagedArchive, reason)
        }
    }
}
