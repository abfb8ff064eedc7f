import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `list [--json]`: every item, with the total value. From a damaged archive it lists what could
/// be read, says so, and exits 65.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every item and the total value.")

    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Listing: Encodable {
        var items: [ItemJSON]
        var totalValueInDollars: Int
        var damaged: String?
    }

    func run() async throws {
        let store = try await data.openForReading()
        let items = try await store?.items() ?? []
        var damaged: String?
        if let store, case .damaged(let reason) = await store.status { damaged = reason }
        let withPhotos = try await store?.images.photoKeys() ?? []
        let photos = items.map { withPhotos.contains($0.itemKey) }
        let total = items.reduce(0) { $0.addingReportingOverflow($1.valueInDollars).overflow ? $0 : $0 + $1.valueInDollars }
        if output.json {
            try printJSON(Listing(items: zip(items, photos).map { ItemJSON($0, hasPhoto: $1) }, totalValueInDollars: total, damaged: damaged))
        } else {
            var text = ""
            for (item, hasPhoto) in zip(items, photos) { text += listLine(item, hasPhoto: hasPhoto) + "\n" }
            let count = "\(items.count) item\(items.count == 1 ? "" : "s")"
            if damaged != nil {
                text += "\(count) could be read, total value \(ItemRules.dollars(total)); items.archive is DAMAGED and may hold more (homepwner check says what is wrong)\n"
            } else {
                text += items.isEmpty ? "no items yet (add one with: homepwner add NAME)\n" : "\(count), total value \(ItemRules.dollars(total))\n"
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        if let damaged {
            // What could be read is listed; the status says it is not all.
            throw HomepwnerError(.damagedArchive, damaged)
        }
    }
}
