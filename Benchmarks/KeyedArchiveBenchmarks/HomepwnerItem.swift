import Foundation
import KeyedArchive

/// A Homepwner possession as our `Archivable` writes it (class `BNRItem`).
struct HomepwnerItem: Archivable, Equatable {
    static let archiveClassName = "BNRItem"

    var itemName: String
    var serialNumber: String
    var dateCreated: Date
    var itemKey: String
    var valueInDollars: Int

    init(itemName: String, serialNumber: String, dateCreated: Date, itemKey: String, valueInDollars: Int) {
        self.itemName = itemName
        self.serialNumber = serialNumber
        self.dateCreated = dateCreated
        self.itemKey = itemKey
        self.valueInDollars = valueInDollars
    }

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(itemName, forKey: "itemName")
        coder.encode(serialNumber, forKey: "serialNumber")
        coder.encode(dateCreated, forKey: "dateCreated")
        coder.encode(itemKey, forKey: "itemKey")
        coder.encode(valueInDollars, forKey: "valueInDollars")
    }

    init(from coder: ArchiveDecoder) throws {
        itemName = try coder.decode(String.self, forKey: "itemName") ?? ""
        serialNumber = try coder.decode(String.self, forKey: "serialNumber") ?? ""
        dateCreated = try coder.decode(Date.self, forKey: "dateCreated") ?? Date(timeIntervalSinceReferenceDate: 0)
        itemKey = try coder.decode(String.self, forKey: "itemKey") ?? ""
        valueInDollars = try coder.decode(Int.self, forKey: "valueInDollars") ?? 0
    }

    /// `count` items with realistic names, serial numbers, dates and UUID keys.
    static func sample(count: Int) -> [HomepwnerItem] {
        let adjectives = ["Fluffy", "Rusty", "Shiny"]
        let nouns = ["Bear", "Spork", "Mac"]
        return (0..<count).map { index in
            HomepwnerItem(
                itemName: "\(adjectives[index % 3]) \(nouns[(index / 3) % 3]) \(index)",
                serialNumber: String(format: "%05X", index * 7919 % 0xFFFFF),
                dateCreated: Date(timeIntervalSinceReferenceDate: 400_000_000 + Double(index) * 37.25),
                itemKey: UUID().uuidString,
                valueInDollars: index * 13 % 100
            )
        }
    }
}

/// The same possession as Foundation's `NSKeyedArchiver` sees it: an `NSObject` with `NSCoding`.
final class FoundationItem: NSObject, NSSecureCoding {
    static let supportsSecureCoding = true

    let itemName: String
    let serialNumber: String
    let dateCreated: Date
    let itemKey: String
    let valueInDollars: Int

    init(_ item: HomepwnerItem) {
        itemName = item.itemName
        serialNumber = item.serialNumber
        dateCreated = item.dateCreated
        itemKey = item.itemKey
        valueInDollars = item.valueInDollars
    }

    init?(coder: NSCoder) {
        itemName = coder.decodeObject(of: NSString.self, forKey: "itemName") as String? ?? ""
        serialNumber = coder.decodeObject(of: NSString.self, forKey: "serialNumber") as String? ?? ""
        dateCreated = coder.decodeObject(of: NSDate.self, forKey: "dateCreated") as Date? ?? Date(timeIntervalSinceReferenceDate: 0)
        itemKey = coder.decodeObject(of: NSString.self, forKey: "itemKey") as String? ?? ""
        valueInDollars = coder.decodeInteger(forKey: "valueInDollars")
    }

    func encode(with coder: NSCoder) {
        coder.encode(itemName, forKey: "itemName")
        coder.encode(serialNumber, forKey: "serialNumber")
        coder.encode(dateCreated, forKey: "dateCreated")
        coder.encode(itemKey, forKey: "itemKey")
        coder.encode(valueInDollars, forKey: "valueInDollars")
    }
}

/// The same possession for `PropertyListEncoder`.
struct CodableItem: Codable {
    var itemName: String
    var serialNumber: String
    var dateCreated: Date
    var itemKey: String
    var valueInDollars: Int

    init(_ item: HomepwnerItem) {
        itemName = item.itemName
        serialNumber = item.serialNumber
        dateCreated = item.dateCreated
        itemKey = item.itemKey
        valueInDollars = item.valueInDollars
    }
}
