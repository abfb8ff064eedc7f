import Foundation
import KeyedArchive

/// A Homepwner possession as our `Archivable` writes it (class `BNRItem`), shared by the tests
/// and the benchmarks.
public struct HomepwnerItem: Archivable, Equatable, Sendable {
    /// The Objective-C class name the 2014 app archived.
    public static let archiveClassName = "BNRItem"

    /// The item's name.
    public var itemName: String
    /// Its serial number.
    public var serialNumber: String
    /// When it was added.
    public var dateCreated: Date
    /// Its key (a UUID string), also the name of its photo file.
    public var itemKey: String
    /// What it is worth, in dollars.
    public var valueInDollars: Int

    /// Creates an item.
    public init(itemName: String, serialNumber: String, dateCreated: Date, itemKey: String, valueInDollars: Int) {
        self.itemName = itemName
        self.serialNumber = serialNumber
        self.dateCreated = dateCreated
        self.itemKey = itemKey
        self.valueInDollars = valueInDollars
    }

    /// Writes the five keys as `BNRItem` did: the integer inline, the rest as objects.
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(itemName, forKey: "itemName")
        coder.encode(serialNumber, forKey: "serialNumber")
        coder.encode(dateCreated, forKey: "dateCreated")
        coder.encode(itemKey, forKey: "itemKey")
        coder.encode(valueInDollars, forKey: "valueInDollars")
    }

    /// Reads the five keys; missing ones take defaults.
    public init(from coder: ArchiveDecoder) throws {
        itemName = try coder.decode(String.self, forKey: "itemName") ?? ""
        serialNumber = try coder.decode(String.self, forKey: "serialNumber") ?? ""
        dateCreated = try coder.decode(Date.self, forKey: "dateCreated") ?? Date(timeIntervalSinceReferenceDate: 0)
        itemKey = try coder.decode(String.self, forKey: "itemKey") ?? ""
        valueInDollars = try coder.decode(Int.self, forKey: "valueInDollars") ?? 0
    }

    /// `count` items with realistic names, serial numbers, dates and UUID keys.
    public static func sample(count: Int) -> [HomepwnerItem] {
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

/// The same possession as Foundation's `NSKeyedArchiver` sees it: an `NSObject` with `NSSecureCoding`.
public final class FoundationItem: NSObject, NSSecureCoding {
    /// Secure coding is supported.
    public static let supportsSecureCoding = true

    /// The item's name.
    public let itemName: String
    /// Its serial number.
    public let serialNumber: String
    /// When it was added.
    public let dateCreated: Date
    /// Its key.
    public let itemKey: String
    /// What it is worth.
    public let valueInDollars: Int

    /// Copies an item.
    public init(_ item: HomepwnerItem) {
        itemName = item.itemName
        serialNumber = item.serialNumber
        dateCreated = item.dateCreated
        itemKey = item.itemKey
        valueInDollars = item.valueInDollars
    }

    /// Decodes as the 2014 app's `-initWithCoder:` did.
    public init?(coder: NSCoder) {
        itemName = coder.decodeObject(of: NSString.self, forKey: "itemName") as String? ?? ""
        serialNumber = coder.decodeObject(of: NSString.self, forKey: "serialNumber") as String? ?? ""
        dateCreated = coder.decodeObject(of: NSDate.self, forKey: "dateCreated") as Date? ?? Date(timeIntervalSinceReferenceDate: 0)
        itemKey = coder.decodeObject(of: NSString.self, forKey: "itemKey") as String? ?? ""
        valueInDollars = coder.decodeInteger(forKey: "valueInDollars")
    }

    /// Encodes as the 2014 app's `-encodeWithCoder:` did.
    public func encode(with coder: NSCoder) {
        coder.encode(itemName, forKey: "itemName")
        coder.encode(serialNumber, forKey: "serialNumber")
        coder.encode(dateCreated, forKey: "dateCreated")
        coder.encode(itemKey, forKey: "itemKey")
        coder.encode(valueInDollars, forKey: "valueInDollars")
    }
}

/// The same possession for `PropertyListEncoder`.
public struct CodableItem: Codable, Sendable {
    /// The item's name.
    public var itemName: String
    /// Its serial number.
    public var serialNumber: String
    /// When it was added.
    public var dateCreated: Date
    /// Its key.
    public var itemKey: String
    /// What it is worth.
    public var valueInDollars: Int

    /// Copies an item.
    public init(_ item: HomepwnerItem) {
        itemName = item.itemName
        serialNumber = item.serialNumber
        dateCreated = item.dateCreated
        itemKey = item.itemKey
        valueInDollars = item.valueInDollars
    }
}

extension HomepwnerItem {
    /// Copies an item Foundation decoded.
    public init(_ item: FoundationItem) {
        self.init(itemName: item.itemName, serialNumber: item.serialNumber, dateCreated: item.dateCreated, itemKey: item.itemKey, valueInDollars: item.valueInDollars)
    }
}
