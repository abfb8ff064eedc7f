import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("homepwner search finds items by words, location and label", .timeLimit(.minutes(4)))
struct CLISearchTests {
    @Test("words in any case and accent, a location with what is inside it, a label, an order and a page; the totals line says what matched of how much")
    func searchPrintsMatchesAndTotals() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path, "--create"]
            for arguments in [
                ["add", "Drill", "--value", "120", "--location", "House › Garage", "--label", "tools"],
                ["add", "Saw", "--value", "30", "--location", "House › Garage › Shelf 2", "--label", "tools"],
                ["add", "Éclair tin", "--value", "8", "--location", "House › Attic"],
                ["add", "eclair mould", "--value", "12"],
            ] {
                let added = try await homepwner(arguments + data)
                #expect(added.status == 0, "\(added.errors)")
            }
            let read = ["--data-dir", folder.path]
            let eclair = try await homepwner(["search", "ECLAIR"] + read)
            #expect(eclair.status == 0, "\(eclair.errors)")
            let lines = eclair.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(lines[0].hasSuffix("Éclair tin") && lines[1].hasSuffix("eclair mould"))
            #expect(lines[2] == "2 of 4 items match, worth $20 of $170")

            let garage = try await homepwner(["search", "--location", "House › Garage", "--sort", "value", "--json"] + read)
            #expect(garage.status == 0, "\(garage.errors)")
            let found = try #require(try JSONSerialization.jsonObject(with: Data(garage.output.utf8)) as? [String: Any])
            #expect((found["items"] as? [[String: Any]])?.compactMap { $0["itemName"] as? String } == ["Saw", "Drill"])
            #expect(found["shownCount"] as? Int == 2)
            #expect(found["shownTotalValueInDollars"] as? Int == 150)
            #expect(found["count"] as? Int == 4)

            let page = try await homepwner(["search", "--label", "tools", "--sort", "name", "--desc", "--limit", "1"] + read)
            #expect(page.output.split(separator: "\n").last == "2 of 4 items match, worth $150 of $170; shown: 1 to 1")
            #expect(page.output.split(separator: "\n").first?.hasSuffix("Saw") == true)

            // The code a label prints (a key's first 8 characters), typed in any case, finds that item alone.
            let listed = try await homepwner(["list", "--json"] + read)
            let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])["items"] as? [[String: Any]]
            let sawKey = try #require(items?.first { $0["itemName"] as? String == "Saw" }?["itemKey"] as? String)
            let code = try await homepwner(["search", String(sawKey.prefix(8)).lowercased()] + read)
            #expect(code.status == 0, "\(code.errors)")
            #expect(code.output.split(separator: "\n").count == 2)
            #expect(code.output.split(separator: "\n").first?.hasSuffix("Saw") == true)
            #expect(code.output.split(separator: "\n").last == "1 of 4 items matches, worth $30 of $170")

            let nothing = try await homepwner(["search", "piano"] + read)
            #expect(nothing.status == 0)
            #expect(nothing.output == "0 of 4 items match, worth $0 of $170\n")
        }
    }

    @Test("a search over its limits is refused with one line and exit 64, before anything is read")
    func limits() async throws {
        try await withTemporaryFolder { folder in
            let long = try await homepwner(["search", String(repeating: "x", count: 201), "--data-dir", folder.path])
            #expect(long.status == 64)
            #expect(long.errors.contains("a search can have at most 200 characters"))
            let limit = try await homepwner(["search", "--limit", "0", "--data-dir", folder.path])
            #expect(limit.status == 64)
            #expect(limit.errors.contains("a limit must be from 1 to 1000, not 0"))
            let sort = try await homepwner(["search", "--sort", "colour", "--data-dir", folder.path])
            #expect(sort.status == 64)
        }
    }
}
