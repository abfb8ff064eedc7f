import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("homepwner export-csv --bom and import-csv: a round trip changes nothing, an edit changes what was edited", .timeLimit(.minutes(4)))
struct CLIImportTests {
    @Test("export, edit one cell in a spreadsheet, import: --dry-run prints the preview and changes nothing; the import changes that cell alone; an unedited export imported back changes nothing")
    func roundTrip() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            for arguments in [
                ["add", "éclair 😀", "--value", "12", "--label", "kitchen", "--location", "House › Kitchen"],
                ["add", "=SUM(A1)", "--serial", "SN-1"],
                ["add", "Drill", "--value", "120", "--notes", "two\nlines"],
            ] {
                let added = try await homepwner(arguments + data + ["--create"])
                #expect(added.status == 0, "\(added.errors)")
            }
            let exported = folder.appendingPathComponent("items.csv")
            let export = try await homepwner(["export-csv", "--bom", "-o", exported.path] + data)
            #expect(export.status == 0, "\(export.errors)")
            let bytes = try Data(contentsOf: exported)
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            let archiveBefore = try Data(contentsOf: folder.appendingPathComponent("items.archive"))

            let unchanged = try await homepwner(["import-csv", exported.path] + data)
            #expect(unchanged.status == 0, "\(unchanged.errors)")
            #expect(unchanged.output == "added 0, changed 0, unchanged 3, refused 0\n")
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive")) == archiveBefore)

            var text = try #require(String(data: bytes.dropFirst(3), encoding: .utf8))
            text = text.replacingOccurrences(of: "Drill,,120,", with: "Drill,,150,")
            text += "Ladder,,80,,,,,,,,,,,,,,\r\n"
            let edited = folder.appendingPathComponent("edited.csv")
            try Data(text.utf8).write(to: edited)

            let preview = try await homepwner(["import-csv", edited.path, "--dry-run"] + data)
            #expect(preview.status == 0, "\(preview.errors)")
            let lines = preview.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("line 4: change ") && lines[0].hasSuffix(" Drill: Value Each in Dollars"))
            #expect(lines[1] == "line 6: add Ladder")
            #expect(lines[2] == "would add 1, change 1, leave 2 unchanged, refuse 0 (dry run: nothing was changed)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive")) == archiveBefore)

            let applied = try await homepwner(["import-csv", edited.path] + data)
            #expect(applied.status == 0, "\(applied.errors)")
            #expect(applied.output.hasSuffix("added 1, changed 1, unchanged 2, refused 0\n"))
            let listing = try await homepwner(["list", "--json"] + data)
            let listed = try #require(try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any])
            let items = try #require(listed["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["itemName"] as? String } == ["éclair 😀", "=SUM(A1)", "Drill", "Ladder"])
            #expect(items.compactMap { $0["valueInDollars"] as? Int } == [12, 0, 150, 80])
            #expect(items[0]["labels"] as? [String] == ["kitchen"])
            #expect(items[2]["notes"] as? String == "two\nlines")
        }
    }

    @Test("refused rows are printed with their line and reason, the rest go in, and the exit status is 65; a file that is no CSV is one line and 65; a FIFO is refused, not waited on")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path, "--create"]
            let file = folder.appendingPathComponent("in.csv")
            try Data("Name,Value in Dollars\nLamp,5\nSaw,lots\n".utf8).write(to: file)
            let run = try await homepwner(["import-csv", file.path] + data)
            #expect(run.status == 65)
            #expect(run.output == "line 2: add Lamp\nline 3: refused: Saw: a value must be a whole number of dollars from 0 to 1,000,000,000, not \"lots\"\nadded 1, changed 0, unchanged 0, refused 1\n")
            #expect(run.errors.contains("1 row was refused (see above)"))

            try Data("Name\n\"open\n".utf8).write(to: file)
            let broken = try await homepwner(["import-csv", file.path] + data)
            #expect(broken.status == 65)
            #expect(broken.errors.contains("line 2: a quoted field is never closed"))
            #expect(broken.errors.split(separator: "\n").count == 1)

            let fifo = folder.appendingPathComponent("pipe.csv")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let piped = try await homepwner(["import-csv", fifo.path] + data)
            #expect(piped.status != 0)
            #expect(piped.errors.split(separator: "\n").count == 1)
        }
    }
}
