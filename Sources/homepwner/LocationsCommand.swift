import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `locations [list|tree|add|rename|remove]`: the list of locations items pick from, kept in
/// `locations.plist` beside `items.archive`, and where things are.
struct LocationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locations",
        abstract: "List, add, rename or remove the locations items are kept in.",
        discussion: "A location is levels separated by › (\"House › Garage › Shelf 2\"). Renaming one renames it in every item there or inside it; removing one leaves the items where they are.",
        subcommands: [ListLocations.self, LocationTree.self, AddLocation.self, RenameLocation.self, RemoveLocation.self],
        defaultSubcommand: ListLocations.self
    )

    /// `locations list [--json]`: each location with how many items are there or inside it.
    struct ListLocations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the locations, with how many items each holds.")
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        struct Entry: Encodable {
            var name: String
            var itemCount: Int
        }

        func run() async throws {
            let store = try await data.openForReading()
            let list = try await store?.locations() ?? LocationList()
            let counts = list.itemCounts(in: try await store?.items() ?? [])
            try await output.write(json: { zip(list.names, counts).map { Entry(name: $0, itemCount: $1) } }) {
                var text = ""
                for (name, count) in zip(list.names, counts) {
                    text += "\(terminalSafe(name))  (\(count) item\(count == 1 ? "" : "s"))\n"
                }
                return text + (list.names.isEmpty ? "no locations yet (add one with: homepwner locations add NAME)\n" : "")
            }
        }
    }

    /// `locations tree [--json]`: every location in use or kept and each parent, indented by
    /// level, with the items at it or inside it (what `search --location` finds) and their total
    /// value; then the items without a location.
    struct LocationTree: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tree",
            abstract: "Show where things are: every location in use or kept, with its parents, the items there and their value."
        )
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        struct Entry: Encodable {
            var name: String
            var depth: Int
            var kept: Bool
            var itemCount: Int
            var quantity: Int
            var totalValueInDollars: Int
        }

        struct Tree: Encodable {
            var places: [Entry]
            var withoutLocation: Entry
        }

        func run() async throws {
            let store = try await data.openForReading()
            let tree = try await store?.placeTree() ?? PlaceTree(ItemCatalog(items: []), kept: [])
            let entries = tree.places.map { place in
                Entry(
                    name: place.name, depth: place.depth, kept: place.isKept, itemCount: place.totals.count,
                    quantity: place.totals.quantity, totalValueInDollars: place.totals.valueInDollars
                )
            }
            let without = tree.withoutLocation
            let none = Entry(name: "", depth: 0, kept: false, itemCount: without.count, quantity: without.quantity, totalValueInDollars: without.valueInDollars)
            try await output.write(json: { Tree(places: entries, withoutLocation: none) }) {
                var text = ""
                for place in tree.places {
                    let indent = String(repeating: "  ", count: place.depth - 1)
                    text += "\(indent)\(terminalSafe(place.levels.last ?? place.name))  \(Self.summary(place.totals))\n"
                }
                if without.count > 0 || tree.places.isEmpty { text += "(no location)  \(Self.summary(without))\n" }
                return text
            }
        }

        /// "3 items, $1,540", "1 item, $0".
        static func summary(_ totals: ItemTotals) -> String {
            "(\(totals.count == 1 ? "1 item" : "\(totals.count.formatted()) items"), \(ItemRules.dollars(totals.valueInDollars)))"
        }
    }

    /// `locations add NAME`.
    struct AddLocation: StoreChangeCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a location to the list.")
        @Argument(help: "The location: levels separated by ›.") var name: String
        @OptionGroup var data: DataOptions

        func change(_ store: ItemStore, _: Void) async throws -> String {
            let list = try await store.addLocation(name)
            return "\(terminalSafe(list.names.last ?? name))  added"
        }
    }

    /// `locations rename OLD NEW`.
    struct RenameLocation: StoreChangeCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a location, in the list and in every item there.")
        @Argument(help: "The location as listed.") var old: String
        @Argument(help: "Its new name.") var new: String
        @OptionGroup var data: DataOptions

        func change(_ store: ItemStore, _: Void) async throws -> String {
            let moved = try await store.renameLocation(old, to: new).movedItems
            let name = (try? ItemRules.location(new)).flatMap { $0 } ?? new
            return "\(terminalSafe(name))  renamed (\(moved) item\(moved == 1 ? "" : "s") moved)"
        }
    }

    /// `locations remove NAME`.
    struct RemoveLocation: StoreChangeCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a location from the list (its items keep it).")
        @Argument(help: "The location as listed.") var name: String
        @OptionGroup var data: DataOptions

        func change(_ store: ItemStore, _: Void) async throws -> String {
            try await store.removeLocation(name)
            return "\(terminalSafe(name))  removed"
        }
    }
}
