import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command keeps an item's maintenance log", .timeLimit(.minutes(4)))
struct CLIMaintenanceTests {
    @Test("maintenance add (in date order), list (text and --json), remove by number, as a real process; the log is in items.archive")
    func addListRemove() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let key = CLITests.addedKey(try await homepwner(["add", "Furnace"] + data))
            let short = String(key.prefix(8))
            let first = try await homepwner(["maintenance", "add", short, "--date", "2026-03-01", "--note", "New filter", "--cost", "$30", "--next", "2026-09-01"] + data)
            #expect(first.status == 0, "\(first.errors)")
            #expect(first.output == "1  2026-03-01  New filter  $30  next due 2026-09-01  added to Furnace\n")
            let earlier = try await homepwner(["maintenance", "add", short, "--date", "2025-10-01", "--note", "Inspected\nall good"] + data)
            #expect(earlier.output == "1  2025-10-01  Inspected\n               all good  added to Furnace\n")
            let listed = try await homepwner(["maintenance", "list", short] + data)
            #expect(listed.output == """
                1  2025-10-01  Inspected
                               all good
                2  2026-03-01  New filter  $30  next due 2026-09-01
                next due: 2026-09-01

                """)
            let json = try await homepwner(["maintenance", "list", key, "--json"] + data)
            let log = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(log["itemKey"] as? String == key)
            #expect(log["nextDue"] as? String == "2026-09-01")
            let entries = try #require(log["entries"] as? [[String: Any]])
            #expect(entries.map { $0["number"] as? Int } == [1, 2])
            #expect(entries.map { $0["note"] as? String } == ["Inspected\nall good", "New filter"])
            #expect(entries[1]["costInDollars"] as? Int == 30)
            #expect(entries[0].keys.sorted() == ["date", "note", "number"])
            let stored = try ItemArchive.decode(try Data(contentsOf: folder.appendingPathComponent("items.archive")))
            #expect(stored.items.first?.maintenance?.map(\.note) == ["Inspected\nall good", "New filter"])
            #expect(stored.modelVersion == ItemArchive.modelVersions.current)

            let removed = try await homepwner(["maintenance", "remove", short, "1"] + data)
            #expect(removed.output == "1  2025-10-01  Inspected\n               all good  removed\n")
            #expect(try await homepwner(["maintenance", "remove", short, "1"] + data).status == 0)
            #expect(try await homepwner(["maintenance", short] + data).output == "Furnace has no maintenance log (add to it with: homepwner maintenance add KEY --date YYYY-MM-DD --note TEXT)\n")
        }
    }

    @Test("refusals are one line on stderr: a bad day or note or cost 65, an entry that is not there 66, an unknown item 66; nothing is written")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let key = CLITests.addedKey(try await homepwner(["add", "Boiler"] + data))
            let before = try Data(contentsOf: folder.appendingPathComponent("items.archive"))
            for (arguments, status, message) in [
                (["add", key, "--date", "2026-13-01", "--note", "x"], Int32(65), "a maintenance date must be a date like 2024-03-15, not \"2026-13-01\""),
                (["add", key, "--date", "2026-03-01", "--note", " "], 65, "a maintenance entry needs a note saying what was done"),
                (["add", key, "--date", "2026-03-01", "--note", "x", "--next", "2026-01-01"], 65, "the next-due date 2026-01-01 is before the work's date 2026-03-01"),
                (["add", key, "--date", "2026-03-01", "--note", "x", "--cost", "lots"], 65, "a maintenance cost must be a whole number of dollars from 0 to 1,000,000,000, not \"lots\""),
                (["remove", key, "1"], 66, "item \(key) has no maintenance entry 1; it has none"),
                (["remove", key, "first"], 65, "an entry's number is a whole number from 1, as maintenance list shows it, not \"first\""),
                (["list", "FFFFFFFF"], 66, nil),
            ] {
                let run = try await homepwner(["maintenance"] + arguments + data)
                #expect(run.status == status, "\(arguments)")
                #expect(run.errors.hasPrefix("homepwner: error: "), "\(arguments)")
                #expect(run.errors.filter { $0 == "\n" }.count == 1, "\(arguments): \(run.errors)")
                if let message { #expect(run.errors.contains(message), "\(run.errors)") }
            }
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive")) == before)
        }
    }
}
