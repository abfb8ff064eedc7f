import Foundation
import Homepwner

/// What the insurance report shows — the page `GET /report` and the file `homepwner report`
/// write, both from template `report-body`: the items grouped by location (as people read the
/// names, the items without one last), each group with its subtotal, and the grand total.
struct ReportModel: Sendable, Encodable {
    /// One item's row.
    struct Row: Sendable, Encodable {
        var key: String
        var name: String
        var serialNumber: String
        /// The manufacturer and the model, as an insurer asks for them ("Bosch PSB 18").
        var makeModelText: String
        var purchaseDateText: String?
        var purchaseDateISO: String?
        var pricePaidText: String?
        /// How many, `1` when unset.
        var quantityText: String
        /// The value of one.
        var valueText: String
        /// The value times the quantity.
        var totalText: String
        /// The thumbnail's URL (`/api/items/…/thumbnail?v=…`, or a `data:` URL in the file); nil without a photo.
        var photoURL: String?
        /// Its maintenance log, an entry a line (``Homepwner/MaintenanceEntry/summary``).
        var maintenance: [String]
        var hasMaintenance: Bool
    }

    /// The items at one location.
    struct Group: Sendable, Encodable {
        var name: String
        /// The id of the group's heading.
        var headingID: String
        var rows: [Row]
        var countText: String
        var subtotalText: String
    }

    var printedOn: String
    var printedOnISO: String
    var groups: [Group]
    var countText: String
    var totalText: String
    var isEmpty: Bool
    /// Why the report may not hold every item (a damaged archive); nil when it does.
    var notice: String?
    /// The stylesheets inlined in the file (WebSupport's `base.css` and `report.css`); nil on the page.
    var styles: String?
    /// The owner and policy block at the top; nil when nothing is set.
    var owner: InventoryOwner?
    /// The form that sets the block (the page only; nil in the file the command writes).
    var ownerForm: InventoryOwner?
    /// A refused change of the block, in words.
    var formError: String?

    /// The report of `result` — every item, in ``ItemOrder`` by location, with the totals by
    /// location — printed at `printed`; `photoURL` gives an item's thumbnail URL, nil without one.
    ///
    /// One pass over the items: the groups of `result.byLocation` are in the order of the items
    /// sorted by location (both compare names with ``ItemOrder``'s rule), so each group takes its
    /// count of items off the front.
    init(_ result: ItemSearchResult, printed: Date, photoURL: (Item) -> String?) {
        let dates = DateTexts()
        let days = DateTexts(timeZone: TimeZone(identifier: "UTC") ?? .current)
        var groups: [Group] = []
        var next = result.items.startIndex
        for (index, group) in result.byLocation.enumerated() {
            let end = min(next + group.all.count, result.items.endIndex)
            let rows = result.items[next..<end].map { item in
                Row(
                    key: item.itemKey, name: item.itemName, serialNumber: item.serialNumber,
                    makeModelText: [item.manufacturer, item.modelName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "),
                    purchaseDateText: item.purchaseDate.map(days.day), purchaseDateISO: item.purchaseDate.map(days.instant),
                    pricePaidText: item.pricePaid.map(ItemRules.dollars), quantityText: (item.quantity ?? 1).formatted(),
                    valueText: ItemRules.dollars(item.valueInDollars), totalText: ItemRules.dollars(item.totalValueInDollars), photoURL: photoURL(item),
                    maintenance: (item.maintenance ?? []).map(\.summary), hasMaintenance: !(item.maintenance ?? []).isEmpty
                )
            }
            next = end
            groups.append(Group(
                name: group.name ?? "No location", headingID: "group-\(index + 1)", rows: rows,
                countText: group.all.count == 1 ? "1 item" : "\(group.all.count.formatted()) items",
                subtotalText: ItemRules.dollars(group.all.valueInDollars)
            ))
        }
        let count = result.everything.count
        self.printedOn = dates.day(printed)
        self.printedOnISO = dates.instant(printed)
        self.groups = groups
        self.countText = count == 1 ? "1 item" : "\(count.formatted()) items"
        self.totalText = ItemRules.dollars(result.everything.valueInDollars)
        self.isEmpty = count == 0
        self.notice = nil
        self.styles = nil
        self.owner = nil
        self.ownerForm = nil
        self.formError = nil
    }

    /// Every item sorted by location, with the totals by location: what ``init(_:printed:photoURL:)`` groups.
    static let query = ItemQuery(order: ItemOrder(field: .location))
}

/// What the labels page shows: a card per item and per location.
struct LabelsModel: Sendable, Encodable {
    /// One card.
    struct Card: Sendable, Encodable {
        var name: String
        /// The short code in large type (the shortest start of an item's key, 8 characters or
        /// more, that names it alone); nil for a location.
        var code: String?
        /// The item's address to type, in two parts a line may break between: the host (and
        /// path the app is under) and `/items/CODE`; nil for a location.
        var addressHost: String?
        var addressPath: String?
        /// The QR code of the card's page as an SVG element (made here, its label escaped).
        var qr: String?
        var kind: String
    }

    var title: String
    var locationCards: [Card]
    var itemCards: [Card]
    var isEmpty: Bool
}
