import Foundation
import KeyedArchive

extension ItemCSV {
    /// The export's columns, in order, each with the text it writes for an item: written once,
    /// for the export and for the import that compares a file's cells with it.
    enum Column: String, CaseIterable {
        case name = "Name", serialNumber = "Serial Number", value = "Value Each in Dollars", date = "Date Created", key = "Item Key", hasPhoto = "Has Photo"
        case location = "Location", labels = "Labels", quantity = "Quantity", purchaseDate = "Purchase Date", pricePaid = "Price Paid"
        case purchasedFrom = "Purchased From", warrantyEnds = "Warranty Ends", warrantyNotes = "Warranty Notes", notes = "Notes"
        case modelName = "Model", manufacturer = "Manufacturer"
        /// The day the item was archived (sold, given away); empty while it is in the inventory.
        case archived = "Archived"
        /// The maintenance log, an entry a line: written for people and spreadsheets, never read
        /// back (an import leaves an item's log as it is; the inventory export carries it whole).
        case maintenance = "Maintenance"
        /// The value times the quantity: written for people and spreadsheets, never read back.
        case total = "Total Value in Dollars"

        /// The columns an import sets on an item, in the export's order.
        static let fields: [Column] = allCases.filter { $0 != .key && $0 != .hasPhoto && $0 != .total && $0 != .maintenance }

        /// The column a header cell names: its title, or the title it had before (exports made
        /// before quantities counted in totals said "Value in Dollars"); compared by code point.
        static func named(_ title: String) -> Column? {
            if ExactString.equal(title, "Value in Dollars") { return .value }
            return allCases.first { ExactString.equal($0.rawValue, title) }
        }

        /// Whether the column holds text a person typed (guarded against formulas, ``safeText(_:)``);
        /// numbers and dates are written by us.
        var isText: Bool {
            switch self {
            case .value, .total, .date, .hasPhoto, .quantity, .purchaseDate, .pricePaid, .warrantyEnds, .archived: false
            default: true
            }
        }

        /// The cell the export writes for `item`: ``text(of:hasPhoto:)``, guarded when it is text.
        func cell(of item: Item, hasPhoto: Bool = false) -> String {
            isText ? safeText(text(of: item, hasPhoto: hasPhoto)) : text(of: item, hasPhoto: hasPhoto)
        }

        /// The column's text for `item`, before the formula guard.
        func text(of item: Item, hasPhoto: Bool = false) -> String {
            func day(_ date: Date?) -> String { date.map { ItemRules.dayText($0) ?? "invalid date" } ?? "" }
            switch self {
            case .name: return item.itemName
            case .serialNumber: return item.serialNumber
            case .value: return String(item.valueInDollars)
            case .date: return dateText(item.dateCreated)
            case .key: return item.itemKey
            case .hasPhoto: return hasPhoto ? "yes" : "no"
            case .location: return item.location ?? ""
            case .labels: return (item.labels ?? []).joined(separator: labelSeparator)
            case .quantity: return String(item.quantity ?? 1)
            case .purchaseDate: return day(item.purchaseDate)
            case .pricePaid: return item.pricePaid.map(String.init) ?? ""
            case .purchasedFrom: return item.purchasedFrom ?? ""
            case .warrantyEnds: return day(item.warrantyEnds)
            case .warrantyNotes: return item.warrantyNotes ?? ""
            case .notes: return item.notes ?? ""
            case .modelName: return item.modelName ?? ""
            case .manufacturer: return item.manufacturer ?? ""
            case .archived: return day(item.archivedDate)
            case .total: return String(item.totalValueInDollars)
            case .maintenance: return (item.maintenance ?? []).map(\.summary).joined(separator: "\n")
            }
        }

    }
}

extension ItemCSV {
    /// What starts the title of a column holding a field of the items' own: `Field: Colour`.
    public static let customFieldPrefix = "Field: "

    /// The names of the items' own fields, each once (by code point), in the order they first
    /// appear: the export's columns after the fixed ones.
    static func customFieldNames(of items: [Item]) -> [String] {
        var seen = Set<PropertyListKey>(), names: [String] = []
        for item in items {
            for field in item.customFields ?? [] where seen.insert(PropertyListKey(field.name)).inserted { names.append(field.name) }
        }
        return names
    }

    /// The value of `item`'s field `name` (by code point), empty when it has none.
    static func customFieldValue(_ name: String, of item: Item) -> String {
        item.customFields?.first { ExactString.equal($0.name, name) }?.value ?? ""
    }

    /// The name of the field a column title names (`Field: Colour` → `Colour`); nil for a title
    /// that does not start with ``customFieldPrefix`` or names nothing after it.
    static func customFieldName(inTitle title: String) -> String? {
        guard title.hasPrefix(customFieldPrefix) else { return nil }
        let name = title.dropFirst(customFieldPrefix.count).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }
}
