import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner
import Imaging

/// `show KEY [--json]`: every field of one item.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one item (KEY: its key or the first 4+ characters).")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let store = try await data.openForReading() else {
            throw HomepwnerError(.notFound, "no item has the key \(key) (there are no items yet)")
        }
        let item = try await store.item(try await store.resolveKey(key))
        let hasPhoto = await store.images.hasImage(forKey: item.itemKey)
        try await output.write(json: { ItemJSON(item, hasPhoto: hasPhoto) }) {
            await lines(item, hasPhoto: hasPhoto, in: store).joined(separator: "\n") + "\n"
        }
    }

    /// The text `show` prints: every field, the photo's format and size, the problems.
    private func lines(_ item: Item, hasPhoto: Bool, in store: ItemStore) async -> [String] {
        var photo = "none"
        if hasPhoto {
            do {
                if let bytes = try await store.images.image(forKey: item.itemKey) {
                    let info = try ImageInfo.read(bytes)
                    photo = "\(info.format.rawValue.uppercased()), \(info.orientedWidth)×\(info.orientedHeight), \(bytes.count) bytes"
                }
            } catch {
                photo = "unreadable (\(error))"
            }
        }
        var lines = [
            "key:            \(terminalSafe(item.itemKey))",
            "name:           \(terminalSafe(item.itemName))",
            "serial number:  \(terminalSafe(item.serialNumber))",
            ItemRules.eachText(of: item).map { "value:          \(ItemRules.dollars(item.totalValueInDollars)) total (\($0))" }
                ?? "value:          \(ItemRules.dollars(item.valueInDollars))",
            "date created:   \(ItemCSV.dateText(item.dateCreated))",
            "photo:          \(terminalSafe(photo))",
        ] + detailLines(item)
        for problem in ItemRules.problems(of: item) { lines.append("problem:        \(problem.message)") }
        return lines
    }
}
