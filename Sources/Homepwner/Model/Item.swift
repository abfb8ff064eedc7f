import DocumentStore
import Foundation
import KeyedArchive

/// One possession, archived exactly as the 2014 Homepwner app's `BNRItem`: keys `itemName`,
/// `serialNumber` (strings), `dateCreated` (an `NSDate`), `itemKey` (a UUID string) and
/// `valueInDollars` (an inline integer).
///
/// The details this app adds (``location``, ``labels``, ``quantity``, the purchase, the
/// warranty, ``notes``, ``modelName``, ``manufacturer``, the ``maintenance`` log, the
/// ``customFields``, the ``archivedDate``, and who added and last changed it with its
/// ``history``) are further keys of the same object,
/// written only when set (nil: not set, and no key), so an item that has none is archived with
/// exactly the 2014 keys and the 2014 app, which decodes only its five keys, reads every item.
///
/// Keys this version does not know are kept in ``otherFields`` and written back unchanged.
/// Decoding is total: a known key holding a well-formed value of another type reads as the
/// default (empty text, 0, the reference date) and is named in ``unreadableFields``, so the item
/// still lists and `check` can say what was wrong; the value itself is kept in ``otherFields``
/// and written back exactly as it was until that field is set. Values outside ``ItemRules``
/// load as they are.
public struct Item: Archivable, Sendable, Hashable, KeepsUnreadFields {
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
    /// Where it is kept: levels from the outside in, joined by " › " ("House › Garage ›
    /// Shelf 2"); archived as the string `location` (see ``ItemRules/location(_:)``).
    public var location: String? { didSet { replaceKept("location") } }
    /// Its labels, in the order given (`labels`, an `NSArray` of strings).
    public var labels: [String]? { didSet { replaceKept("labels") } }
    /// How many of it there are (`quantity`, an inline integer); nil means one.
    public var quantity: Int? { didSet { replaceKept("quantity") } }
    /// When it was bought (`purchaseDate`, an `NSDate`), to the bit as archived.
    public var purchaseDate: Date? { didSet { replaceKept("purchaseDate") } }
    /// What was paid for it, in whole dollars (`pricePaid`, an inline integer).
    public var pricePaid: Int? { didSet { replaceKept("pricePaid") } }
    /// Where it was bought (`purchasedFrom`).
    public var purchasedFrom: String? { didSet { replaceKept("purchasedFrom") } }
    /// When its warranty ends (`warrantyEnds`, an `NSDate`).
    public var warrantyEnds: Date? { didSet { replaceKept("warrantyEnds") } }
    /// What the warranty covers, whom to call (`warrantyNotes`; may have line breaks).
    public var warrantyNotes: String? { didSet { replaceKept("warrantyNotes") } }
    /// Free text about it (`notes`; may have line breaks).
    public var notes: String? { didSet { replaceKept("notes") } }
    /// Its model name or number (`modelName`).
    public var modelName: String? { didSet { replaceKept("modelName") } }
    /// Who made it (`manufacturer`).
    public var manufacturer: String? { didSet { replaceKept("manufacturer") } }
    /// Its maintenance log, oldest first (`maintenance`, an `NSArray` of
    /// ``MaintenanceEntry`` objects); nil when it has none.
    public var maintenance: [MaintenanceEntry]? { didSet { replaceKept("maintenance") } }
    /// Named text fields of its own, in the order added (`customFields`, an `NSArray` of
    /// ``CustomField`` objects); nil when it has none.
    public var customFields: [CustomField]? { didSet { replaceKept("customFields") } }
    /// When it was archived — sold, given away, gone — (`archivedDate`, an `NSDate` at midnight
    /// UTC of the day); nil while it is in the inventory. Archived items are left out of the
    /// list and the totals unless asked for, and kept in exports.
    public var archivedDate: Date? { didSet { replaceKept("archivedDate") } }
    /// The person who added it (`createdBy`); nil when it was added without an account, or
    /// before people existed.
    public var createdBy: String? { didSet { replaceKept("createdBy") } }
    /// The person of its last change (`updatedBy`); nil when that change was made without an
    /// account.
    public var updatedBy: String? { didSet { replaceKept("updatedBy") } }
    /// Its last changes, oldest first (`history`, an `NSArray` of `ChangeRecord` objects; at
    /// most ``DocumentStore/ChangeHistory/limit``); nil until a person first changes it.
    public var history: [ChangeRecord]? { didSet { replaceKept("history") } }
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

    /// The keys of the 2014 app's five fields, in the order ``init(from:)`` reads them.
    static let classicKeys = ["itemName", "serialNumber", "dateCreated", "itemKey", "valueInDollars"]
    /// The keys of the details this app adds, in the order they are written.
    public static let detailKeys = [
        "location", "labels", "quantity", "purchaseDate", "pricePaid", "purchasedFrom",
        "warrantyEnds", "warrantyNotes", "notes", "modelName", "manufacturer", "maintenance",
        "customFields", "archivedDate", "createdBy", "updatedBy", "history",
    ]
    /// The keys this model reads itself, in the order ``init(from:)`` reads them.
    static let knownKeys = classicKeys + detailKeys

    /// Whether any detail is set (an item from the 2014 app has none).
    public var hasDetails: Bool {
        location != nil || labels != nil || quantity != nil || purchaseDate != nil || pricePaid != nil
            || purchasedFrom != nil || warrantyEnds != nil || warrantyNotes != nil || notes != nil
            || modelName != nil || manufacturer != nil || maintenance != nil || customFields != nil || archivedDate != nil
            || createdBy != nil || updatedBy != nil || history != nil
    }

    /// Whether it is archived (``archivedDate`` is set).
    public var isArchived: Bool { archivedDate != nil }

    /// Writes the five keys as `-[BNRItem encodeWithCoder:]` did (the value inline, the rest as
    /// objects), then each detail that is set in ``detailKeys`` order (integers inline), then
    /// the kept keys as they were (a kept known key in place of its default).
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(itemName, forKey: "itemName")
        coder.encode(serialNumber, forKey: "serialNumber")
        coder.encode(dateCreated, forKey: "dateCreated")
        coder.encode(itemKey, forKey: "itemKey")
        coder.encode(valueInDollars, forKey: "valueInDollars")
        if hasDetails {
            if let location { coder.encode(location, forKey: "location") }
            if let labels { coder.encode(labels, forKey: "labels") }
            if let quantity { coder.encode(quantity, forKey: "quantity") }
            if let purchaseDate { coder.encode(purchaseDate, forKey: "purchaseDate") }
            if let pricePaid { coder.encode(pricePaid, forKey: "pricePaid") }
            if let purchasedFrom { coder.encode(purchasedFrom, forKey: "purchasedFrom") }
            if let warrantyEnds { coder.encode(warrantyEnds, forKey: "warrantyEnds") }
            if let warrantyNotes { coder.encode(warrantyNotes, forKey: "warrantyNotes") }
            if let notes { coder.encode(notes, forKey: "notes") }
            if let modelName { coder.encode(modelName, forKey: "modelName") }
            if let manufacturer { coder.encode(manufacturer, forKey: "manufacturer") }
            if let maintenance { coder.encode(maintenance, forKey: "maintenance") }
            if let customFields { coder.encode(customFields, forKey: "customFields") }
            if let archivedDate { coder.encode(archivedDate, forKey: "archivedDate") }
            if let createdBy { coder.encode(createdBy, forKey: "createdBy") }
            if let updatedBy { coder.encode(updatedBy, forKey: "updatedBy") }
            if let history { coder.encode(history, forKey: "history") }
        }
        coder.encode(otherFields)
    }

    /// Reads the five keys (missing ones take defaults, well-formed values of another type too:
    /// those are listed in ``unreadableFields`` and kept in ``otherFields``) and the details
    /// (missing ones are not set; a well-formed value of another type is not set, listed and
    /// kept the same way; a `$null` is not set and kept), and keeps every other key.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` when a field or an unknown key reaches damage in
    ///   the file's structure (a marker that is no marker, an offset past the end, a reference
    ///   to an object that is not there): that is damage to the file, which must not be
    ///   rewritten without the field, not a value of another type.
    public init(from coder: ArchiveDecoder) throws {
        // One pass over the object's keys reads all twenty-two fields (no dictionary is built) and
        // shows at once whether there are keys to keep. Keys compare by code point.
        var fields = try TotalFieldReader(coder, keys: Self.knownKeys)
        itemName = fields.read(String.self, 0, default: "")
        serialNumber = fields.read(String.self, 1, default: "")
        dateCreated = fields.read(Date.self, 2, default: Date(timeIntervalSinceReferenceDate: 0))
        itemKey = fields.read(String.self, 3, default: "")
        valueInDollars = fields.read(Int.self, 4, default: 0)
        location = fields.optional(String.self, 5)
        labels = fields.optional([String].self, 6)
        quantity = fields.optional(Int.self, 7)
        purchaseDate = fields.optional(Date.self, 8)
        pricePaid = fields.optional(Int.self, 9)
        purchasedFrom = fields.optional(String.self, 10)
        warrantyEnds = fields.optional(Date.self, 11)
        warrantyNotes = fields.optional(String.self, 12)
        notes = fields.optional(String.self, 13)
        modelName = fields.optional(String.self, 14)
        manufacturer = fields.optional(String.self, 15)
        maintenance = fields.optional([MaintenanceEntry].self, 16)
        customFields = fields.optional([CustomField].self, 17)
        archivedDate = fields.optional(Date.self, 18)
        createdBy = fields.optional(String.self, 19)
        updatedBy = fields.optional(String.self, 20)
        history = fields.optional([ChangeRecord].self, 21)
        otherFields = try fields.keptFields(of: coder)
        unreadableFields = fields.unreadable
    }
}
