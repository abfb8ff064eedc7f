import CommandLineSupport
import Foundation
import Homepwner

/// The first 8 characters of a key, enough to name an item on the command line.
func shortKey(_ key: String) -> String {
    terminalSafe(String(key.prefix(8)))
}

/// An item as the CLI prints it in JSON: every field, the date both as ISO 8601 and as the
/// exact seconds since 2001-01-01 archived (null when not finite), what breaks the rules, and
/// the details that are set.
struct ItemJSON: Encodable {
    /// The fields every item has.
    struct Fields: Encodable {
        var itemKey: String
        var itemName: String
        var serialNumber: String
        var valueInDollars: Int
        /// The value times the quantity.
        var totalValueInDollars: Int
        var dateCreated: String
        @NullEncoded var dateCreatedSinceReferenceDate: Double?
        var hasPhoto: Bool
        var problems: [String]
    }

    var fields: Fields
    /// The details that are set (see ``Item``), dates as ISO 8601.
    var item: Item

    init(_ item: Item, hasPhoto: Bool) {
        let seconds = item.dateCreated.timeIntervalSinceReferenceDate
        fields = Fields(
            itemKey: item.itemKey, itemName: item.itemName, serialNumber: item.serialNumber, valueInDollars: item.valueInDollars,
            totalValueInDollars: item.totalValueInDollars, dateCreated: ItemCSV.dateText(item.dateCreated), dateCreatedSinceReferenceDate: seconds.isFinite ? seconds : nil,
            hasPhoto: hasPhoto, problems: ItemRules.problems(of: item).map(\.message)
        )
        self.item = item
    }

    func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
        // Details only when set, under their archive keys.
        var container = encoder.container(keyedBy: DetailKeys.self)
        try container.encodeIfPresent(item.location, forKey: .location)
        try container.encodeIfPresent(item.labels, forKey: .labels)
        try container.encodeIfPresent(item.quantity, forKey: .quantity)
        try container.encodeIfPresent(item.purchaseDate.map(ItemCSV.dateText), forKey: .purchaseDate)
        try container.encodeIfPresent(item.pricePaid, forKey: .pricePaid)
        try container.encodeIfPresent(item.purchasedFrom, forKey: .purchasedFrom)
        try container.encodeIfPresent(item.warrantyEnds.map(ItemCSV.dateText), forKey: .warrantyEnds)
        try container.encodeIfPresent(item.warrantyNotes, forKey: .warrantyNotes)
        try container.encodeIfPresent(item.notes, forKey: .notes)
        try container.encodeIfPresent(item.modelName, forKey: .modelName)
        try container.encodeIfPresent(item.manufacturer, forKey: .manufacturer)
        try container.encodeIfPresent(item.customFields.map { $0.map { Field(name: $0.name, value: $0.value) } }, forKey: .customFields)
        try container.encodeIfPresent(item.archivedDate.map(ItemCSV.dateText), forKey: .archivedDate)
    }

    /// A custom field as JSON: its name and value, in the item's order.
    private struct Field: Encodable {
        var name: String
        var value: String
    }

    private enum DetailKeys: String, CodingKey {
        case location, labels, quantity, purchaseDate, pricePaid, purchasedFrom, warrantyEnds, warrantyNotes, notes, modelName, manufacturer
        case customFields, archivedDate
    }
}

/// The `show` lines of the details that are set ("label:  value"), each made safe for a terminal.
func detailLines(_ item: Item) -> [String] {
    var lines: [(String, String)] = []
    if let location = item.location { lines.append(("location", location)) }
    if let labels = item.labels { lines.append(("labels", labels.joined(separator: ", "))) }
    if let quantity = item.quantity { lines.append(("quantity", String(quantity))) }
    if let date = item.purchaseDate { lines.append(("purchase date", ItemCSV.dateText(date))) }
    if let price = item.pricePaid { lines.append(("price paid", ItemRules.dollars(price))) }
    if let from = item.purchasedFrom { lines.append(("purchased from", from)) }
    if let date = item.warrantyEnds { lines.append(("warranty ends", ItemCSV.dateText(date))) }
    if let text = item.warrantyNotes { lines.append(("warranty notes", text)) }
    if let text = item.notes { lines.append(("notes", text)) }
    if let text = item.modelName { lines.append(("model", text)) }
    if let text = item.manufacturer { lines.append(("manufacturer", text)) }
    for field in item.customFields ?? [] { lines.append((field.name, field.value)) }
    if let date = item.archivedDate { lines.append(("archived", ItemCSV.dateText(date))) }
    return lines.map { label, value in
        // A field's own name may be longer than the column: it is never cut.
        let name = terminalSafe(label) + ":"
        return (name.count < 16 ? name.padding(toLength: 16, withPad: " ", startingAt: 0) : name + " ") + terminalSafe(value)
    }
}

/// One line of `list`: short key, total value, date, name, serial number, the value of one when
/// there are several, photo mark and problems.
func listLine(_ item: Item, hasPhoto: Bool) -> String {
    let date = String(ItemCSV.dateText(item.dateCreated).prefix(10))
    var line = "\(shortKey(item.itemKey))  \(ItemRules.dollars(item.totalValueInDollars).leftPadded(to: 14))  \(date)  \(terminalSafe(item.itemName))"
    if !item.serialNumber.isEmpty { line += "  (\(terminalSafe(item.serialNumber)))" }
    if let each = ItemRules.eachText(of: item) { line += "  [\(each)]" }
    if hasPhoto { line += "  [photo]" }
    if let date = item.archivedDate { line += "  [archived \(ItemRules.dayText(date) ?? "on an invalid date")]" }
    let problems = ItemRules.problems(of: item).map(\.message)
    if !problems.isEmpty { line += "  [\(problems.joined(separator: "; "))]" }
    return line
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
