import CommandLineSupport
import Foundation
import Homepwner

/// The first 8 characters of a key, enough to name an item on the command line.
func shortKey(_ key: String) -> String {
    terminalSafe(String(key.prefix(8)))
}

/// An item as the CLI prints it in JSON: every field, the date both as ISO 8601 and as the
/// exact seconds since 2001-01-01 archived, and what breaks the rules.
struct ItemJSON: Encodable {
    var itemKey: String
    var itemName: String
    var serialNumber: String
    var valueInDollars: Int
    var dateCreated: String
    var dateCreatedSinceReferenceDate: Double?
    var hasPhoto: Bool
    var problems: [String]

    init(_ item: Item, hasPhoto: Bool) {
        itemKey = item.itemKey
        itemName = item.itemName
        serialNumber = item.serialNumber
        valueInDollars = item.valueInDollars
        dateCreated = ItemCSV.dateText(item.dateCreated)
        let seconds = item.dateCreated.timeIntervalSinceReferenceDate
        dateCreatedSinceReferenceDate = seconds.isFinite ? seconds : nil
        self.hasPhoto = hasPhoto
        problems = ItemRules.problems(of: item).map(\.message)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(itemKey, forKey: .itemKey)
        try container.encode(itemName, forKey: .itemName)
        try container.encode(serialNumber, forKey: .serialNumber)
        try container.encode(valueInDollars, forKey: .valueInDollars)
        try container.encode(dateCreated, forKey: .dateCreated)
        try container.encode(dateCreatedSinceReferenceDate, forKey: .dateCreatedSinceReferenceDate)
        try container.encode(hasPhoto, forKey: .hasPhoto)
        try container.encode(problems, forKey: .problems)
    }

    private enum CodingKeys: String, CodingKey {
        case itemKey, itemName, serialNumber, valueInDollars, dateCreated, dateCreatedSinceReferenceDate, hasPhoto, problems
    }
}

/// One line of `list`: short key, value, date, name, serial number, photo mark and problems.
func listLine(_ item: Item, hasPhoto: Bool) -> String {
    let date = String(ItemCSV.dateText(item.dateCreated).prefix(10))
    var line = "\(shortKey(item.itemKey))  \(ItemRules.dollars(item.valueInDollars).leftPadded(to: 14))  \(date)  \(terminalSafe(item.itemName))"
    if !item.serialNumber.isEmpty { line += "  (\(terminalSafe(item.serialNumber)))" }
    if hasPhoto { line += "  [photo]" }
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
