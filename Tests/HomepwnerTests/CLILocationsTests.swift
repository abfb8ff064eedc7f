import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command keeps the list of locations", .timeLimit(.minutes(4)))
struct CLILocationsTests {
    @Test("locations add, list (text and --json), rename (moving the items), tree (every location in use or kept) and remove, and search --no-location, as a real process")
    func addListRenameRemove() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let empty = try await homepwner(["locations"] + data)
            #expect(empty.status == 0, "\(empty.errors)")
            #expect(empty.output == "no locations yet (add one with: homepwner locations add NAME)\n")
            let added = try await homepwner(["locations", "add", "House›Garage"] + data)
            #expect(added.status == 0, "\(added.errors)")
            #expect(added.output == "House › Garage  added\n")
            #expect(try await homepwner(["locations", "add", "Attic"] + data).status == 0)
            #expect(try await homepwner(["add", "Drill", "--location", "House › Garage › Shelf 2"] + data).status == 0)
            let listed = try await homepwner(["locations", "list"] + data)
            #expect(listed.output == "House › Garage  (1 item)\nAttic  (0 items)\n")
            let renamed = try await homepwner(["locations", "rename", "House › Garage", "Home › Garage"] + data)
            #expect(renamed.status == 0, "\(renamed.errors)")
            #expect(renamed.output == "Home › Garage  renamed (1 item moved)\n")
            // The tree: every location in use or kept, parents first, each with what is there or inside it.
            let tree = try await homepwner(["locations", "tree"] + data)
            #expect(tree.status == 0, "\(tree.errors)")
            #expect(tree.output == "Attic  (0 items, $0)\nHome  (1 item, $0)\n  Garage  (1 item, $0)\n    Shelf 2  (1 item, $0)\n")
            let json = try await homepwner(["locations", "list", "--json"] + data)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            #expect(entries.map { $0["name"] as? String } == ["Home › Garage", "Attic"])
            #expect(entries.map { $0["itemCount"] as? Int } == [1, 0])
            let listing = try #require(try JSONSerialization.jsonObject(with: Data(try await homepwner(["list", "--json"] + data).output.utf8)) as? [String: Any])
            let items = try #require(listing["items"] as? [[String: Any]])
            #expect(items.map { $0["location"] as? String } == ["Home › Garage › Shelf 2"])
            #expect(try await homepwner(["locations", "remove", "Attic"] + data).output == "Attic  removed\n")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("locations.plist").path))
            // The items without a location close the tree; --no-location finds them.
            let nowhere = try await homepwner(["add", "Lamp", "--value", "5"] + data)
            #expect(nowhere.status == 0, "\(nowhere.errors)")
            #expect(try await homepwner(["locations", "tree"] + data).output.hasSuffix("(no location)  (1 item, $5)\n"))
            let treeJSON = try #require(try JSONSerialization.jsonObject(with: Data(try await homepwner(["locations", "tree", "--json"] + data).output.utf8)) as? [String: Any])
            #expect((treeJSON["places"] as? [[String: Any]])?.map { $0["depth"] as? Int } == [1, 2, 3])
            #expect((treeJSON["withoutLocation"] as? [String: Any])?["itemCount"] as? Int == 1)
            let unplaced = try await homepwner(["search", "--no-location"] + data)
            #expect(unplaced.output.split(separator: "\n").last == "1 of 2 items matches, worth $5 of $5")
            let conflicting = try await homepwner(["search", "--no-location", "--location", "Home"] + data)
            #expect(conflicting.status == 64)
            #expect(conflicting.errors == "homepwner: error: ask for a location or for items without one, not both\n")
        }
    }

    @Test("a repeated or broken location is one line on stderr and exit 65; an unknown one exit 66")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            #expect(try await homepwner(["locations", "add", "Attic"] + data).status == 0)
            let repeated = try await homepwner(["locations", "add", "Attic"] + data)
            #expect(repeated.status == 65)
            #expect(repeated.errors == "homepwner: error: \"Attic\" is already in the list of locations\n")
            let broken = try await homepwner(["locations", "add", "A ›› B"] + data)
            #expect(broken.status == 65)
            let unknown = try await homepwner(["locations", "remove", "Cellar"] + data)
            #expect(unknown.status == 66)
            #expect(unknown.errors == "homepwner: error: \"Cellar\" is not in the list of locations\n")
        }
    }

    @Test("a locations.plist that is not a list is reported by check (exit 1) and refused by locations (exit 65), never a crash")
    func damagedList() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            #expect(try await homepwner(["add", "Lamp"] + data).status == 0)
            try Data("not a plist".utf8).write(to: folder.appendingPathComponent("locations.plist"))
            let check = try await homepwner(["check"] + data)
            #expect(check.status == 1)
            #expect(check.output.contains("locations: locations.plist is not a property list with a list of locations (check --repair moves it aside and starts an empty list)\n"))
            let list = try await homepwner(["locations"] + data)
            #expect(list.status == 65)
            #expect(list.errors == "homepwner: error: locations.plist is not a property list with a list of locations\n")
            let repair = try await homepwner(["check", "--repair"] + data)
            #expect(repair.status == 0, "\(repair.output)")
            #expect(repair.output.contains("moved the list of locations, which cannot be read, to locations.plist.damaged-"))
            #expect(try await homepwner(["locations"] + data).status == 0)
            #expect(try fileNames(in: folder).contains { $0.hasPrefix("locations.plist.damaged-") })
        }
    }
}
