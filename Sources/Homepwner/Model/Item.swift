import Foundation
import KeyedArchive

/// One possession, archived exactly as the 2014 Homepwner app's `BNRItem`: keys `itemName`,
/// `serialNumber` (strings), `dateCreated` (an `NSDate`), `itemKey` (a UUID string) and
/// `valueInDollars` (an inline integer).
///
/// Keys this version does not know are kept in ``otherFields`` and written back unchanged.
/// Decoding is total: a known key holding a well-formed value of another type reads as the
/// default (empty text, 0, the reference date) and is named in ``unreadableFields``, so the item
/// still lists and `check` can say what was wrong; the value itself is kept in ``otherFields``
/// and written back exactly as it was until that field is set. Values outside ``ItemRules``
/// load as they are.
public struct Item: Archivable, Sendable, Hashable {
    /// The Objective-C class the 2014 app archived.
    public static let archiveClassName = "BNRItem"

    /// The item's name.
    public var itemName: String { didSet { replaceKept("itemName") } }
    /// Its serial number (may be empty).
    public var serialNumber: String { didSet { replaceKept("serialNumber") } }
    /// What it is worth, in whole dollars.
    public var valueInDollars: Int { didSet { replaceKept("valueInDollars") } }
    /// When it was added, to the bit as archived.
    public var dateCreated: Date { didSet { replaceKept("dateCreated") } }
    /// Its key: a UUID string, also the name of its photo file.
    public var itemKey: String { didSet { replaceKept("itemKey") } }
    /// Keys this version does not know, and known keys that held a value of another type, kept
    /// exactly as archived.
    public var otherFields: ArchivedFields
    /// The known keys that held a well-formed value of another type when read; their values are
    /// in ``otherFields`` until the field is set (not archived).
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

    /// Setting a field whose archived value had another type replaces that kept value.
    private mutating func replaceKept(_ key: String) {
        guard !unreadableFields.isEmpty, let index = unreadableFields.firstIndex(of: key) else { return }
        unreadableFields.remove(at: index)
        otherFields = otherFields.removing(key)
    }

    /// The keys this model reads itself, in the order ``init(from:)`` reads them.
    static let knownKeys = ["itemName", "serialNumber", "dateCreated", "itemKey", "valueInDollars"]

    /// Writes the five keys as `-[BNRItem encodeWithCoder:]` did (the value inline, the rest as
    /// objects), then the kept keys as they were (a kept known key in place of its default).
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(itemName, forKey: "itemName")
        coder.encode(serialNumber, forKey: "serialNumber")
        coder.encode(dateCreated, forKey: "dateCreated")
        coder.encode(itemKey, forKey: "itemKey")
        coder.encode(valueInDollars, forKey: "valueInDollars")
        coder.encode(otherFields)
    }

    /// Reads the five keys (missing ones take defaults, well-formed values of another type too:
    /// those are listed in ``unreadableFields`` and kept in ``otherFields``) and keeps every
    /// other key.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` when a field or an unknown key reaches damage in
    ///   the file's structure (a marker that is no marker, an offset past the end, a reference
    ///   to an object that is not there): that is damage to the file, which must not be
    ///   rewritten without the field, not a value of another type.
    public init(from coder: ArchiveDecoder) throws {
        // One pass over the object's keys reads all five fields (no dictionary is built) and
        // shows at once whether there are keys to keep. Keys compare by code point.
        let (raw, otherCount) = try coder.rawValues(forKeys: Self.knownKeys)
        let unarchiver = coder.unarchiver
        var unreadable: [String] = []
        var structural: ArchiveError?
        func read<Value: ArchiveDecodable>(_ type: Value.Type, _ index: Int, default value: Value) -> Value {
            guard let field = raw[index], field != .uid(0) else { return value }
            do {
                return try Value.decodeField(field, in: unarchiver)
            } catch let error as ArchiveError where error.isStructural {
                structural = structural ?? error
                return value
            } catch {
                unreadable.append(Self.knownKeys[index])
                return value
            }
        }
        itemName = read(String.self, 0, default: "")
        serialNumber = read(String.self, 1, default: "")
        dateCreated = read(Date.self, 2, default: Date(timeIntervalSinceReferenceDate: 0))
        itemKey = read(String.self, 3, default: "")
        valueInDollars = read(Int.self, 4, default: 0)
        if let structural { throw structural }
        unreadableFields = unreadable
        otherFields = otherCount > 0 || !unreadable.isEmpty
            ? try coder.decodeFields(except: Self.knownKeys.filter { !unreadable.contains($0) })
            : ArchivedFields()
    }
}
