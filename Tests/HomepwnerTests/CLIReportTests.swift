import Foundation
import ImagingSamples
import Testing
import TestSupport

@Suite("homepwner report writes the insurance report as one HTML file", .timeLimit(.minutes(4)))
struct CLIReportTests {
    @Test("report -o FILE writes the page's report with its styles inline, no scripts, and each photo's thumbnail as a data: URL; without -o it goes to stdout")
    func reportFile() async throws {
        try await withTemporaryFolder { folder in
            let photo = folder.appendingPathComponent("photo.png")
            try SamplePhotos.png().write(to: photo)
            let data = folder.appendingPathComponent("Documents")
            let storage = ["--data-dir", data.path]
            for arguments in [
                ["add", "Drill", "--value", "120", "--serial", "D-1", "--location", "House › Garage", "--purchase-date", "2024-03-15", "--price-paid", "150", "--photo", photo.path, "--create"],
                ["add", "Lamp <b>", "--value", "5"],
            ] {
                let added = try await homepwner(arguments + storage)
                #expect(added.status == 0, "\(added.errors)")
            }
            let out = folder.appendingPathComponent("report.html")
            let written = try await homepwner(["report", "-o", out.path] + storage)
            #expect(written.status == 0, "\(written.errors)")
            #expect(written.output.isEmpty)
            let html = try String(contentsOf: out, encoding: .utf8)
            #expect(html.hasPrefix("<!doctype html>"))
            #expect(html.contains("<style>\n"))
            #expect(html.contains(".report-row, .subtotal-row { break-inside: avoid; page-break-inside: avoid; }"))
            #expect(!html.contains("<script"))
            #expect(!html.contains("<link rel=\"stylesheet\""))
            #expect(html.contains("<img class=\"thumb\" src=\"data:image/png;base64,iVBORw0KGgo"))
            #expect(html.contains("<th scope=\"row\" class=\"item-name\">Lamp &lt;b&gt;</th>"))
            #expect(html.contains("<tr class=\"subtotal-row\"><th scope=\"row\" colspan=\"8\">Subtotal, House › Garage (1 item)</th><td class=\"num\">$120</td></tr>"))
            #expect(html.contains("Total value of 2 items: <strong>$125</strong>"))

            let printed = try await homepwner(["report"] + storage)
            #expect(printed.status == 0, "\(printed.errors)")
            #expect(printed.output.contains("Total value of 2 items: <strong>$125</strong>"))
        }
    }

    @Test("a data folder that is not there is one line and exit 66, and no file is written")
    func missingFolder() async throws {
        try await withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("report.html")
            let run = try await homepwner(["report", "-o", out.path, "--data-dir", folder.appendingPathComponent("nowhere").path])
            #expect(run.status == 66)
            #expect(run.errors.contains("there is no data folder at"))
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}
