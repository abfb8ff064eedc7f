import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `list [--json]`: every item, with the total value (each item's value times its quantity). From a damaged archive it lists what could
/// be read, says so, and exits 65. From an archive of a newer model version it lists every item
/// and says, after the total, that the inventory is read-only here (exit 0).
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every item and the total value.")

    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Listing: Encodable {
        var items: [ItemJSON]
        var totalValueInDollars: Int
        var damaged: String?
        /// Why the inventory is read-only here: written by a newer model version.
        var newerModel: String?
    }

    func run() async throws {
        let store = try await data.openForReading()
        let items = try await store?.items() ?? []
        var damaged: String?
        var newer: String?
        if let store {
            switch await store.status {
            case .damaged(let reason): damaged = reason
            case .newerModel(let reason): newer = reason
            case .ready, .readOnly: break
            }
        }
        let withPhotos = try await store?.images.photoKeys() ?? []
        let photos = items.map { withPhotos.contains($0.itemKey) }
        let total = ItemTotals(items).valueInDollars
        try await output.write(json: { Listing(items: zip(items, photos).map { ItemJSON($0, hasPhoto: $1) }, totalValueInDollars: total, damaged: damaged, newerModel: newer) }) {
            var text = ""
            for (item, hasPhoto) in zip(items, photos) { text += listLine(item, hasPhoto: hasPhoto) + "\n" }
            let count = "\(items.count) item\(items.count == 1 ? "" : "s")"
            if damaged != nil {
                text += "\(count) could be read, total value \(ItemRules.dollars(total)); items.archive is DAMAGED and may hold more (homepwner check says what is wrong)\n"
            } else {
                text += items.isEmpty ? "no items yet (add one with: homepwner add NAME)\n" : "\(count), total value \(ItemRules.dollars(total))\n"
            }
            if let newer { text += "\(newer)\n" }
            return text
        }
        if let damaged {
            // What could be read is listed; the status says it is not all.
            throw HomepwnerError(.damagedArchive, damaged)
        }
    }
}
