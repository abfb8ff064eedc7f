import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command sets an item's own fields and archives it", .timeLimit(.minutes(4)))
struct CLICustomFieldsTests {
    @Test("update --field NAME=VALUE sets (and NAME= removes) fields shown by show and list --json; --archived takes the item out of list, search and the total until --archived \"\"")
    func fieldsAndArchive() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let piano = CLITests.addedKey(try await homepwner(["add", "Piano", "--value", "4000", "--field", "Colour=Walnut"] + data))
            _ = CLITests.addedKey(try await homepwner(["add", "Bike", "--value", "300"] + data))
            let short = String(piano.prefix(8))
            let updated = try await homepwner(["update", short, "--field", "Insurance policy=HO-3 4471", "--field", "Colour="] + data)
            #expect(updated.status == 0, "\(updated.errors)")
            let shown = try await homepwner(["show", short] + data)
            #expect(shown.output.contains("\nInsurance policy: HO-3 4471\n"))
            #expect(!shown.output.contains("Colour"))
            let json = try await homepwner(["show", short, "--json"] + data)
            let item = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect((item["customFields"] as? [[String: String]]) == [["name": "Insurance policy", "value": "HO-3 4471"]])

            #expect(try await homepwner(["update", short, "--archived", "2026-11-01"] + data).status == 0)
            let listed = try await homepwner(["list"] + data)
            #expect(listed.output.hasSuffix("1 item, total value $300\n1 archived item not shown (list --archived include shows them)\n"))
            let all = try await homepwner(["list", "--archived", "include"] + data)
            #expect(all.output.contains("  Piano  [archived 2026-11-01]\n"))
            #expect(all.output.hasSuffix("2 items, total value $4,300\n"))
            let only = try await homepwner(["list", "--archived", "only", "--json"] + data)
            let onlyList = try #require(try JSONSerialization.jsonObject(with: Data(only.output.utf8)) as? [String: Any])
            #expect((onlyList["items"] as? [[String: Any]])?.map { $0["archivedDate"] as? String } == ["2026-11-01T00:00:00.000Z"], "as the other days are in --json")
            let search = try await homepwner(["search", "policy"] + data)
            #expect(search.output == "0 of 1 item match, worth $0 of $300; 1 archived item left out (--archived include shows them)\n")
            #expect(try await homepwner(["search", "policy", "--archived", "include"] + data).output.contains("Piano"))

            #expect(try await homepwner(["update", short, "--archived", ""] + data).status == 0)
            #expect(try await homepwner(["list"] + data).output.hasSuffix("2 items, total value $4,300\n"))
        }
    }

    @Test("a field without =, a name too long and a bad archive day are one line on stderr, exit 65, nothing changed")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let key = CLITests.addedKey(try await homepwner(["add", "Piano"] + data))
            let before = try Data(contentsOf: folder.appendingPathComponent("items.archive"))
            for (arguments, message) in [
                (["--field", "Colour"], "a field is given as NAME=VALUE (NAME= removes it), not \"Colour\""),
                (["--field", String(repeating: "n", count: 61) + "=x"], "a field's name can have at most 60 characters, not 61"),
                (["--archived", "yesterday"], "an archive date must be a date like 2024-03-15, not \"yesterday\""),
            ] {
                let run = try await homepwner(["update", key] + arguments + data)
                #expect(run.status == 65, "\(arguments)")
                #expect(run.errors == "homepwner: error: \(message)\n", "\(arguments)")
            }
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive")) == before)
        }
    }
}
