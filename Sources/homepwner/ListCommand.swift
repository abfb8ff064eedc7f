import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `list [--archived hide|include|only] [--json]`: every item in the inventory (archived ones
/// only when asked for), with the total value (each item's value times its quantity). From a damaged archive it lists what could
/// be read, says so, and exits 65. From an archive of a newer model version it lists every item
/// and says, after the total, that the inventory is read-only here (exit 0).
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every item and the total value.")

    @Option(help: "Archived items: hide (the default; out of the list and the total), include or only.")
    var archived: ArchivedItems = .hidden
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
        let stored = try await store?.items() ?? []
        let items = stored.filter(archived.takes)
        let leftOut = stored.filter { $0.isArchived && !archived.takes($0) }.count
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
                text += items.isEmpty && leftOut == 0 ? "no items yet (add one with: homepwner add NAME)\n" : "\(count), total value \(ItemRules.dollars(total))\n"
            }
            if leftOut > 0 { text += "\(leftOut) archived item\(leftOut == 1 ? "" : "s") not shown (list --archived include shows them)\n" }
            if let newer { text += "\(newer)\n" }
            return text
        }
        if let damaged {
            // What could be read is listed; the status says it is not all.
            throw HomepwnerError(.damagedArchive, damaged)
        }
    }
}
