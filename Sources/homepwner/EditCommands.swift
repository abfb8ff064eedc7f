import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `update KEY [--name N] [--serial S] [--value V]` and the details' options.
struct UpdateCommand: AsyncParsableCommand {
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

    func run() async throws {
        var changes = ItemChanges(
            name: try name.map(ItemRules.name),
            serialNumber: try serial.map(ItemRules.serialNumber),
            valueInDollars: try parseValue(value)
        )
        try details.changes(into: &changes)
        let store = try await data.open()
        let item = try await store.update(try await store.resolveKey(key), changes)
        try await store.close()
        print(listLine(item, hasPhoto: await store.images.hasImage(forKey: item.itemKey)))
    }
}

/// `set-image KEY FILE`.
struct SetImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set-image", abstract: "Give an item a photo (JPEG or PNG), replacing any it had.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @Argument(help: "The photo file.") var file: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let photo = try await readPhoto(file)
        let store = try await data.open()
        let key = try await store.resolveKey(key)
        try await store.setImage(photo, forKey: key)
        try await store.close()
        print("\(shortKey(key))  photo set")
    }
}

/// `remove-image KEY`.
struct RemoveImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove-image", abstract: "Remove an item's photo.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let store = try await data.open()
        let key = try await store.resolveKey(key)
        try await store.removeImage(forKey: key)
        try await store.close()
        print("\(shortKey(key))  photo removed")
    }
}

/// `delete KEY`.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an item and its photo.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let store = try await data.open()
        let item = try await store.delete(try await store.resolveKey(key))
        try await store.close()
        print("\(shortKey(item.itemKey))  \(terminalSafe(item.itemName))  deleted")
    }
}
