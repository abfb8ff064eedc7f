import Foundation

/// A change to an item: the fields that are not nil get new values, checked by ``ItemRules``.
///
/// For the details (see ``Item``), an empty text or an empty list of labels clears the detail,
/// as does a quantity of 1 (what an unset quantity means); the price paid and the dates are
/// cleared by `.some(nil)`.
public struct ItemChanges: Sendable, Hashable {
    /// A new name.
    public var name: String?
    /// A new serial number.
    public var serialNumber: String?
    /// A new value in dollars.
    public var valueInDollars: Int?
    /// A new location (levels separated by "›"; empty clears it).
    public var location: String?
    /// New labels, replacing all of them (empty clears them).
    public var labels: [String]?
    /// A new quantity (1 clears it).
    public var quantity: Int?
    /// A new purchase date (`.some(nil)` clears it).
    public var purchaseDate: Date??
    /// A new price paid in whole dollars (`.some(nil)` clears it).
    public var pricePaid: Int??
    /// Where it was bought (empty clears it).
    public var purchasedFrom: String?
    /// A new end of the warranty (`.some(nil)` clears it).
    public var warrantyEnds: Date??
    /// New warranty notes (empty clears them).
    public var warrantyNotes: String?
    /// New notes (empty clears them).
    public var notes: String?
    /// A new model name (empty clears it).
    public var modelName: String?
    /// A new manufacturer (empty clears it).
    public var manufacturer: String?
    /// Custom fields to set, in order: one with an empty value removes the field of its name
    /// (see ``ItemRules/applying(_:to:)``); the item's other fields stay.
    public var customFields: [CustomField]?
    /// Whether ``customFields`` replace all the item's fields (an empty list clears them)
    /// instead of being set among them.
    public var replacesCustomFields = false
    /// The day it was archived (`.some(nil)` brings it back into the inventory).
    public var archivedDate: Date??

    /// Creates a change of the 2014 fields; set the details' properties to change them too.
    public init(name: String? = nil, serialNumber: String? = nil, valueInDollars: Int? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
    }

    /// Whether the change changes nothing.
    public var isEmpty: Bool { name == nil && serialNumber == nil && valueInDollars == nil && !changesDetails }

    /// Whether the change changes a detail.
    public var changesDetails: Bool {
        location != nil || labels != nil || quantity != nil || purchaseDate != nil || pricePaid != nil
            || purchasedFrom != nil || warrantyEnds != nil || warrantyNotes != nil || notes != nil
            || modelName != nil || manufacturer != nil || customFields != nil || archivedDate != nil
    }
}
