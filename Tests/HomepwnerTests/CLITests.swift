import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command, run as a real process", .timeLimit(.minutes(4)))
struct CLITests {
    /// The key printed first on `add`'s line.
    static func addedKey(_ run: ChildRun) -> String {
        String(run.output.prefix { $0 != " " })
    }

    @Test("add, list, show, update, set-image, remove-image and delete work end to end")
    func endToEnd() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let added = try await homepwner(["add", "Mac Mini", "--serial", "C07XYZ", "--value", "$1,200"] + data)
            #expect(added.status == 0, "\(added.errors)")
            let key = Self.addedKey(added)
            #expect(ItemRules.isValidKey(key))
            #expect(added.output == "\(key)  $1,200  Mac Mini  added\n")
            #expect(try await homepwner(["add", "Spork"] + data).status == 0)

            let list = try await homepwner(["list"] + data)
            #expect(list.status == 0)
            #expect(list.output.contains("\(key.prefix(8))          $1,200  "))
            #expect(list.output.hasSuffix("2 items, total value $1,200\n"))

            let photo = folder.appendingPathComponent("photo.png")
            try samplePNG().write(to: photo)
            let setImage = try await homepwner(["set-image", String(key.prefix(6)), photo.path] + data)
            #expect(setImage.status == 0, "\(setImage.errors)")
            #expect(try Data(contentsOf: folder.appendingPathComponent(key)) == samplePNG())
            let withPhoto = try await homepwner(["list", "--json"] + data)
            let listed = try #require(try JSONSerialization.jsonObject(with: Data(withPhoto.output.utf8)) as? [String: Any])
            #expect((listed["items"] as? [[String: Any]])?.map { $0["hasPhoto"] as? Bool } == [true, false])

            let update = try await homepwner(["update", key.lowercased(), "--value", "900", "--name", "Mac mini"] + data)
            #expect(update.status == 0, "\(update.errors)")
            let show = try await homepwner(["show", key, "--json"] + data)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
            #expect(json["itemName"] as? String == "Mac mini")
            #expect(json["serialNumber"] as? String == "C07XYZ")
            #expect(json["valueInDollars"] as? Int == 900)
            #expect(json["hasPhoto"] as? Bool == true)
            #expect((json["problems"] as? [Any])?.isEmpty == true)

            #expect(try await homepwner(["remove-image", key] + data).status == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path))
            let delete = try await homepwner(["delete", key] + data)
            #expect(delete.output == "\(key.prefix(8))  Mac mini  deleted\n")
            let listing = try await homepwner(["list", "--json"] + data)
            let items = try #require(try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any])
            #expect((items["items"] as? [[String: Any]])?.map { $0["itemName"] as? String } == ["Spork"])
            #expect(try await homepwner(["check"] + data).output.hasSuffix("all good\n"))
        }
    }

    @Test("totals are value × quantity: list's line and total, list --json's totalValueInDollars, show says each and total")
    func totalsCountQuantity() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let key = Self.addedKey(try await homepwner(["add", "Chair", "--value", "500"] + data))
            #expect(try await homepwner(["update", key, "--quantity", "3"] + data).status == 0)
            #expect(try await homepwner(["add", "Lamp", "--value", "40"] + data).status == 0)
            let list = try await homepwner(["list"] + data)
            #expect(list.output.contains("\(key.prefix(8))          $1,500  "))
            #expect(list.output.contains("  Chair  [3 × $500 each]\n"))
            #expect(list.output.hasSuffix("2 items, total value $1,540\n"))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(try await homepwner(["list", "--json"] + data).output.utf8)) as? [String: Any])
            #expect(json["totalValueInDollars"] as? Int == 1540)
            #expect((json["items"] as? [[String: Any]])?.map { $0["totalValueInDollars"] as? Int } == [1500, 40])
            #expect(try await homepwner(["show", key] + data).output.contains("value:          $1,500 total (3 × $500 each)\n"))
        }
    }

    @Test("a location typed with > on the command line is stored with ›, and search --location takes > too")
    func locationTypedWithGreaterThan() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let key = Self.addedKey(try await homepwner(["add", "Drill", "--location", "House > Garage"] + data))
            #expect(try await homepwner(["show", key] + data).output.contains("location:       House › Garage\n"))
            let found = try await homepwner(["search", "--location", "House>Garage", "--json"] + data)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(found.output.utf8)) as? [String: Any])
            #expect(json["shownCount"] as? Int == 1)
        }
    }

    @Test("--data-dir and --json work before the subcommand as well as after it")
    func dataDirBothPositions() async throws {
        try await withTemporaryFolder { folder in
            #expect(try await homepwner(["--data-dir", folder.path, "add", "Lamp"]).status == 0)
            #expect(try await homepwner(["add", "--data-dir=\(folder.path)", "Desk"]).status == 0)
            let before = try await homepwner(["--data-dir", folder.path, "--json", "list"])
            let after = try await homepwner(["list", "--json", "--data-dir", folder.path])
            #expect(before.status == 0)
            #expect(before.output == after.output)
            #expect(before.output.contains("\"Lamp\"") && before.output.contains("\"Desk\""))
        }
    }

    @Test("errors are one line on stderr with the documented exit status")
    func errorsAndStatuses() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let cases: [([String], Int32, String)] = [
                (["add", ""] + data, 65, "homepwner: error: a name cannot be empty\n"),
                (["add", "X", "--value=-3"] + data, 65, "homepwner: error: a value must be a whole number of dollars from 0 to 1,000,000,000, not \"-3\"\n"),
                (["add", "X", "--serial", String(repeating: "s", count: 65)] + data, 65, "homepwner: error: a serial number can have at most 64 characters, not 65\n"),
                (["show", "ABCDEF"] + data, 66, "homepwner: error: no item has a key starting with \"ABCDEF\" (homepwner list shows the keys)\n"),
                (["list", "--data-dir", folder.appendingPathComponent("missing").path], 66, "homepwner: error: there is no data folder at \(folder.appendingPathComponent("missing").path)\n"),
                (["update", "ABCD"] + data, 64, "homepwner: error: give at least one of --name, --serial, --value or a detail's option\n"),
                (["frobnicate"] + data, 64, ""),
            ]
            for (arguments, status, message) in cases {
                let run = try await homepwner(arguments)
                #expect(run.status == status, "\(arguments): \(run.errors)")
                #expect(run.errors.filter { $0 == "\n" }.count == 1, "\(arguments): \(run.errors)")
                #expect(run.errors.hasPrefix("homepwner: error: "), "\(arguments)")
                if !message.isEmpty { #expect(run.errors == message) }
            }
            let text = folder.appendingPathComponent("notes.txt")
            try Data("just text".utf8).write(to: text)
            #expect(try await homepwner(["add", "Lamp"] + data).status == 0)
            let photo = try await homepwner(["set-image", "0000", text.path] + data)
            #expect(photo.status == 65 || photo.status == 66, "\(photo.errors)")
            #expect(photo.errors.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test("--help prints usage and succeeds (no arguments serves); list on an empty folder says how to add")
    func usage() async throws {
        try await withTemporaryFolder { folder in
            let run = try await homepwner(["--help"], environment: ["XDG_DATA_HOME": folder.path])
            #expect(run.status == 0)
            #expect(run.output.contains("USAGE: homepwner <subcommand>"))
            let list = try await homepwner(["list"], environment: ["XDG_DATA_HOME": folder.path])
            #expect(list.status == 0)
            #expect(list.output == "no items yet (add one with: homepwner add NAME)\n")
            #expect(try await homepwner(["add", "Lamp"], environment: ["XDG_DATA_HOME": folder.path]).status == 0)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("homepwner/Documents/items.archive").path))
        }
    }

    @Test("a damaged archive: list says so in its output and exits 65, changes exit 65 and leave it, check exits 1, check --repair fixes")
    func damagedArchive() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let url = folder.appendingPathComponent("items.archive")
            try Data("garbage".utf8).write(to: url)
            let list = try await homepwner(["list"] + data)
            #expect(list.status == 65)
            #expect(list.output == "0 items could be read, total value $0; items.archive is DAMAGED and may hold more (homepwner check says what is wrong)\n")
            #expect(list.errors.hasPrefix("homepwner: error: \(url.path) is damaged ("))
            #expect(list.errors.hasSuffix(") and no item could be read from it. Changes are refused so that nothing more is lost: homepwner check --repair keeps the damaged file beside a repaired one that holds what could be read\n"))
            let json = try await homepwner(["list", "--json"] + data)
            #expect(json.status == 65)
            #expect(json.output.contains("\"damaged\""))
            let add = try await homepwner(["add", "Lamp"] + data)
            #expect(add.status == 65)
            #expect(add.errors.hasPrefix("homepwner: error: nothing was changed: \(url.path) is damaged ("))
            let update = try await homepwner(["update", "0E8A6F52", "--value", "4"] + data)
            #expect(update.status == 65)
            #expect(update.errors.hasPrefix("homepwner: error: no item has a key starting with \"0E8A6F52\" among those that could be read: \(url.path) is damaged ("))
            #expect(try Data(contentsOf: url) == Data("garbage".utf8))
            #expect(try await homepwner(["check"] + data).status == 1)
            let repair = try await homepwner(["check", "--repair"] + data)
            #expect(repair.status == 0, "\(repair.output)")
            #expect(try await homepwner(["add", "Lamp"] + data).status == 0)
        }
    }

    @Test("values stored against the rules are listed escaped with their problems, and check exits 1 naming the fix")
    func outOfRuleValues() async throws {
        try await withTemporaryFolder { folder in
            var item = fixedItem(5, name: "\u{1B}[2Jgone")
            item.valueInDollars = -3
            try ItemArchive(items: [item]).encoded().write(to: folder.appendingPathComponent("items.archive"))
            let list = try await homepwner(["list", "--data-dir", folder.path])
            #expect(list.status == 0)
            #expect(list.output.hasPrefix("0E8A6F52             -$3  2014-03-08  \\u{1B}[2Jgone  (A1B2-5)  [the name contains control characters; the value -3 is not 0 to 1,000,000,000 dollars]\n"))
            let check = try await homepwner(["check", "--data-dir", folder.path])
            #expect(check.status == 1)
            #expect(check.output.contains("item \(item.itemKey): the value -3 is not 0 to 1,000,000,000 dollars; fix with: homepwner update 0E8A6F52 --value DOLLARS\n"))
            #expect(try await homepwner(["update", "0E8A6F52", "--value", "3", "--name", "gone", "--data-dir", folder.path]).status == 0)
            #expect(try await homepwner(["check", "--data-dir", folder.path]).status == 0)
        }
    }

    @Test("check's fix commands name each item by a start of its key no other key shares, and that command works")
    func unambiguousFixCommands() async throws {
        try await withTemporaryFolder { folder in
            // The two keys differ only in their last character.
            var bad = fixedItem(5)
            bad.valueInDollars = -3
            try ItemArchive(items: [bad, fixedItem(6)]).encoded().write(to: folder.appendingPathComponent("items.archive"))
            let check = try await homepwner(["check", "--data-dir", folder.path])
            #expect(check.status == 1)
            #expect(check.output.contains("fix with: homepwner update \(bad.itemKey) --value DOLLARS\n"))
            #expect(try await homepwner(["update", bad.itemKey, "--value", "3", "--data-dir", folder.path]).status == 0)
            #expect(try await homepwner(["check", "--data-dir", folder.path]).status == 0)
        }
    }

    @Test("a --data-dir that does not exist is refused (66) and not created; --create makes it; the default folder is made without asking")
    func misspelledDataFolder() async throws {
        try await withTemporaryFolder { folder in
            let typo = folder.appendingPathComponent("Documnets")
            for arguments in [["add", "Lamp"], ["serve", "--port", "0"], ["check", "--repair"]] {
                let run = try await homepwner(arguments + ["--data-dir", typo.path])
                #expect(run.status == 66, "\(arguments): \(run.errors)")
                #expect(run.errors == "homepwner: error: there is no data folder at \(typo.path); check the path, or add --create to start a new one there\n")
                #expect(!FileManager.default.fileExists(atPath: typo.path))
            }
            let created = try await homepwner(["add", "Lamp", "--data-dir", typo.path, "--create"])
            #expect(created.status == 0, "\(created.errors)")
            #expect(FileManager.default.fileExists(atPath: typo.appendingPathComponent("items.archive").path))
            let home = folder.appendingPathComponent("xdg")
            #expect(try await homepwner(["add", "Lamp"], environment: ["XDG_DATA_HOME": home.path]).status == 0)
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("homepwner/Documents/items.archive").path))
        }
    }

    @Test("export-csv writes RFC 4180 CSV and defuses cells a spreadsheet would run as formulas")
    func exportCSV() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            #expect(try await homepwner(["add", "=HYPERLINK(\"http://x\")", "--serial", "+1,2", "--value", "5"] + data).status == 0)
            #expect(try await homepwner(["add", "@SUM(A1)"] + data).status == 0)
            let run = try await homepwner(["export-csv"] + data)
            #expect(run.status == 0)
            let lines = run.output.components(separatedBy: "\r\n")
            try #require(lines.count == 4)
            #expect(lines[0] == "Name,Serial Number,Value Each in Dollars,Date Created,Item Key,Has Photo,Location,Labels,Quantity,Purchase Date,Price Paid,Purchased From,Warranty Ends,Warranty Notes,Notes,Model,Manufacturer,Archived,Maintenance,Total Value in Dollars")
            #expect(lines[1].hasPrefix("\"'=HYPERLINK(\"\"http://x\"\")\",\"'+1,2\",5,"))
            #expect(lines[2].hasPrefix("'@SUM(A1),,0,"))
            #expect(lines[3].isEmpty)
        }
    }
}

