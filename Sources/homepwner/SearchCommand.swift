import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `search [WORDS…] [--location L | --no-location] [--label L] [--sort FIELD] [--desc] [--offset N] [--limit N] [--json]`:
/// the items a search and filters find, as `list` shows them, with the totals of the matches and
/// of everything. Nothing found is not a failure (exit 0); a query over its limits is (exit 64).
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find items by words, location and label.",
        discussion: """
            Every word must occur in the item's name, serial number, model, manufacturer, notes, \
            location or labels, in any case and with or without accents ("eclair" finds "Éclair"). \
            --location finds that location and what is inside it ("House › Garage" also finds \
            "House › Garage › Shelf 2"); --no-location the items without one; --label finds items \
            with exactly that label. A label's code (the start of an item's key, 8 characters or \
            more, any case) finds that item alone.
            """
    )

    @Argument(help: "The words to find (none: every item the filters let through).")
    var words: [String] = []
    @Option(help: "Only items at this location or inside it.")
    var location: String?
    @Option(help: "Only items with this label.")
    var label: String?
    @Flag(help: "Only items without a location.")
    var noLocation = false
    @Option(help: "Sort by name, value, date or location (default: the archive's order).")
    var sort: ItemOrder.Field?
    @Flag(help: "Largest, latest or Z first.")
    var desc = false
    @Option(help: "Skip this many matches.")
    var offset = 0
    @Option(help: "Show at most this many matches (1 to \(ItemQuery.maxLimit)).")
    var limit: Int?
    @Option(help: "Archived items: hide (the default; out of the matches and totals), include or only.")
    var archived: ArchivedItems = .hidden

    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Found: Encodable {
        var items: [ItemJSON]
        var shownCount: Int
        var shownTotalValueInDollars: Int
        var count: Int
        var totalValueInDollars: Int
        var damaged: String?
    }

    func run() async throws {
        let query = ItemQuery(
            text: words.joined(separator: " "), location: location, label: label,
            order: ItemOrder(field: sort, descending: desc), offset: offset, limit: limit, withoutLocation: noLocation, archived: archived
        )
        do {
            _ = try query.validated()
        } catch let error as HomepwnerError {
            throw ValidationError(error.message)
        }
        let store = try await data.openForReading()
        let result = try await store?.search(query) ?? ItemCatalog(items: []).search(query)
        var damaged: String?
        if let store, case .damaged(let reason) = await store.status { damaged = reason }
        let withPhotos = try await store?.images.photoKeys() ?? []
        let answer = {
            Found(
                items: result.items.map { ItemJSON($0, hasPhoto: withPhotos.contains($0.itemKey)) },
                shownCount: result.shown.count, shownTotalValueInDollars: result.shown.valueInDollars,
                count: result.everything.count, totalValueInDollars: result.everything.valueInDollars, damaged: damaged
            )
        }
        try await output.write(json: answer) {
            var text = ""
            for item in result.items { text += listLine(item, hasPhoto: withPhotos.contains(item.itemKey)) + "\n" }
            let all = "\(result.everything.count) item\(result.everything.count == 1 ? "" : "s")"
            let matches = result.shown.count == 1 ? "1 of \(all) matches" : "\(result.shown.count) of \(all) match"
            text += "\(matches), worth \(ItemRules.dollars(result.shown.valueInDollars)) of \(ItemRules.dollars(result.everything.valueInDollars))"
            if result.items.count < result.shown.count {
                text += result.items.isEmpty ? "; none shown from \(offset + 1) on" : "; shown: \(offset + 1) to \(offset + result.items.count)"
            }
            if result.archivedLeftOut > 0 {
                text += "; \(result.archivedLeftOut) archived item\(result.archivedLeftOut == 1 ? "" : "s") left out (--archived include shows them)"
            }
            text += damaged != nil ? "; items.archive is DAMAGED and may hold more (homepwner check says what is wrong)\n" : "\n"
            return text
        }
        if let damaged { throw HomepwnerError(.damagedArchive, damaged) }
    }
}

extension ItemOrder.Field: ExpressibleByArgument {}
extension ArchivedItems: ExpressibleByArgument {}
