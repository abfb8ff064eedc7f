import Foundation
import KeyedArchive

/// One possession, archived exactly as the 2014 Homepwner app's `BNRItem`: keys `itemName`,
/// `serialNumber` (strings), `dateCreated` (an `NSDate`), `itemKey` (a UUID string) and
/// `valueInDollars` (an inline integer).
///
/// Keys this version does not know are kept in ``otherFields`` and written back unchanged.
/// Decoding is total: a known key holding the wrong type reads as the default (empty text, 0,
/// the reference date) and is named in ``unreadableFields``, so the item still lists and
/// `check` can say what was wrong. Values outside ``ItemRules`` load as they are.
public struct Item: Archivable, Sendable, Hashable {
    /// The Objective-C class the 2014 app archived.
    public static let archiveClassName = "BNRItem"

    /// The item's name.
    public var itemName: String
    /// Its serial number (may be empty).
    public var serialNumber: String
    /// What it is worth, in whole dollars.
    public var valueInDollars: Int
    /// When it was added, to the bit as archived.
    public var dateCreated: Date
    /// Its key: a UUID string, also the name of its photo file.
    public var itemKey: String
    /// Keys this version does not know, kept exactly as archived.
    public var otherFields: ArchivedFields
    /// The known keys that held a value of the wrong type when read (not archived).
    public var unreadableFields: [String]

    /// Creates an item without checking the rules (see ``ItemRules``).
    public init(
        itemName: String,
        serialNumber: String = "",
        valueInDollars: Int = 0,
        dateCreated: Date,
        itemKey: String,
        otherFields: ArchivedFields = ArchivedFields()
    ) {
        self.itemName = itemName
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.dateCreated = dateCreated
        self.itemKey = itemKey
        self.otherFields = otherFields
        self.unreadableFields = []
    }

    /// The keys this model reads itself.
    static let knownKeys = ["itemName", "serialNumber", "dateCreated", "itemKey", "valueInDollars"]
    /// The known keys as archive keys (compared by code point).
    static let knownKeySet: Set<PropertyListKey> = Set(knownKeys.map { PropertyListKey($0) })

    /// Writes the five keys as `-[BNRItem encodeWithCoder:]` did (the value inline, the rest as
    /// objects), then the unknown keys as they were.
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(itemName, forKey: "itemName")
        coder.encode(serialNumber, forKey: "serialNumber")
        coder.encode(dateCreated, forKey: "dateCreated")
        coder.encode(itemKey, forKey: "itemKey")
        coder.encode(valueInDollars, forKey: "valueInDollars")
        coder.encode(otherFields)
    }

    /// Reads the five keys (missing ones take defaults, wrong-typed ones too, and are listed in
    /// ``unreadableFields``) and keeps every other key.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` only when the unknown keys reach corrupt objects.
    public init(from coder: ArchiveDecoder) throws {
        // One parse of the object's dictionary serves every key (instead of a lookup per key)
        // and shows at once whether there are keys to keep. Keys compare by code point.
        let fields = try coder.fields()
        let unarchiver = coder.unarchiver
        var unreadable: [String] = []
        func read<Value: ArchiveDecodable>(_ type: Value.Type, _ key: PropertyListKey, default value: Value) -> Value {
            guard let raw = fields[key], raw != .uid(0) else { return value }
            do {
                return try Value.decodeField(raw, in: unarchiver)
            } catch {
                unreadable.append(key.string)
                return value
            }
        }
        itemName = read(String.self, "itemName", default: "")
        serialNumber = read(String.self, "serialNumber", default: "")
        dateCreated = read(Date.self, "dateCreated", default: Date(timeIntervalSinceReferenceDate: 0))
        itemKey = read(String.self, "itemKey", default: "")
        valueInDollars = read(Int.self, "valueInDollars", default: 0)
        unreadableFields = unreadable
        let hasOtherKeys = fields.keys.contains { $0 != "$class" && !Self.knownKeySet.contains($0) }
        otherFields = hasOtherKeys ? try coder.decodeFields(except: Self.knownKeys) : ArchivedFields()
    }
}
