import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `add NAME [--serial S] [--value V] [--photo FILE]` and the details' options.
struct AddCommand: StoreChangeCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an item; prints it with its key.")

    @Argument(help: "The item's name (1–200 characters).") var name: String
    @Option(help: "Its serial number (up to 64 printable characters).") var serial = ""
    @Option(help: "Its value in whole dollars (0 to 1,000,000,000).") var value: String?
    @Option(help: "A photo (JPEG or PNG).") var photo: String?
    @OptionGroup(title: "Details") var details: DetailOptions
    @OptionGroup var data: DataOptions

    func prepare() async throws -> (draft: NewItem, image: Data?) {
        var draft = NewItem(
            name: try ItemRules.name(name),
            serialNumber: try ItemRules.serialNumber(serial),
            valueInDollars: try parseValue(value) ?? 0
        )
        try details.changes(into: &draft.details)
        var image: Data?
        if let photo { image = try await readPhoto(photo) }
        return (draft, image)
    }

    func change(_ store: ItemStore, _ input: (draft: NewItem, image: Data?)) async throws -> String {
        if let image = input.image { _ = try await store.images.validate(image) }  // before the item exists
        let item = try await store.add(input.draft)
        if let image = input.image { try await store.setImage(image, forKey: item.itemKey) }
        return "\(item.itemKey)  \(ItemRules.dollars(item.valueInDollars))  \(terminalSafe(item.itemName))  added"
    }
}
