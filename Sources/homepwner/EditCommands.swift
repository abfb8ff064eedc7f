import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `update KEY [--name N] [--serial S] [--value V]` and the details' options.
struct UpdateCommand: ItemChangeCommand {
    static let configuration = CommandConfiguration(commandName: "update", abstract: "Change an item's name, serial number, value or details.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @Option(help: "A new name.") var name: String?
    @Option(help: "A new serial number (\"\" to clear it).") var serial: String?
    @Option(help: "A new value in whole dollars.") var value: String?
    @OptionGroup(title: "Details") var details: DetailOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        if name == nil && serial == nil && value == nil && details.isEmpty {
            throw ValidationError("give at least one of --name, --serial, --value or a detail's option")
        }
    }

    func prepare() throws -> ItemChanges {
        var changes = ItemChanges(
            name: try name.map(ItemRules.name),
            serialNumber: try serial.map(ItemRules.serialNumber),
            valueInDollars: try parseValue(value)
        )
        try details.changes(into: &changes)
        return changes
    }

    func change(item key: String, in store: ItemStore, _ changes: ItemChanges) async throws -> String {
        let item = try await store.update(key, changes)
        return listLine(item, hasPhoto: await store.images.hasImage(forKey: item.itemKey))
    }
}

/// `set-image KEY FILE`.
struct SetImageCommand: ItemChangeCommand {
    static let configuration = CommandConfiguration(commandName: "set-image", abstract: "Give an item a photo (JPEG or PNG), replacing any it had.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @Argument(help: "The photo file.") var file: String
    @OptionGroup var data: DataOptions

    func prepare() async throws -> Data {
        try await readPhoto(file)
    }

    func change(item key: String, in store: ItemStore, _ photo: Data) async throws -> String {
        try await store.setImage(photo, forKey: key)
        return "\(shortKey(key))  photo set"
    }
}

/// `remove-image KEY`.
struct RemoveImageCommand: ItemChangeCommand {
    static let configuration = CommandConfiguration(commandName: "remove-image", abstract: "Remove an item's photo.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @OptionGroup var data: DataOptions

    func change(item key: String, in store: ItemStore, _: Void) async throws -> String {
        try await store.removeImage(forKey: key)
        return "\(shortKey(key))  photo removed"
    }
}

/// `delete KEY`.
struct DeleteCommand: ItemChangeCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an item and its photo.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @OptionGroup var data: DataOptions

    func change(item key: String, in store: ItemStore, _: Void) async throws -> String {
        let item = try await store.delete(key)
        return "\(shortKey(item.itemKey))  \(terminalSafe(item.itemName))  deleted"
    }
}
