import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `locations [list|add|rename|remove]`: the list of locations items pick from, kept in
/// `locations.plist` beside `items.archive`.
struct LocationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locations",
        abstract: "List, add, rename or remove the locations items are kept in.",
        discussion: "A location is levels separated by › (\"House › Garage › Shelf 2\"). Renaming one renames it in every item there or inside it; removing one leaves the items where they are.",
        subcommands: [ListLocations.self, AddLocation.self, RenameLocation.self, RemoveLocation.self],
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
