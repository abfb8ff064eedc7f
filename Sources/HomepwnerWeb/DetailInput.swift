import Foundation
import Homepwner

/// The details as the create and PATCH bodies carry them (the generated `NewItem` and
/// `ItemPatch` share these fields), turned into ``Homepwner/ItemChanges`` that the store checks
/// against ``Homepwner/ItemRules``.
protocol DetailInput {
    var location: String? { get }
    var labels: [String]? { get }
    var quantity: Int64? { get }
    var purchaseDate: String? { get }
    var pricePaid: Int64? { get }
    var purchasedFrom: String? { get }
    var warrantyEnds: String? { get }
    var warrantyNotes: String? { get }
    var notes: String? { get }
    var modelName: String? { get }
    var manufacturer: String? { get }
    var customFields: [Components.Schemas.CustomField]? { get }
    var archivedDate: String? { get }
}

extension Components.Schemas.NewItem: DetailInput {}
extension Components.Schemas.ItemPatch: DetailInput {}

extension DetailInput {
    /// Sets the details given (null or absent: unchanged) in `changes`.
    ///
    /// - Throws: ``Homepwner/HomepwnerError`` `.invalidValue` for more labels than the rule
    ///   allows (counted before repeats are dropped, as the API document's `maxItems` says) and
    ///   for a day that is not `YYYY-MM-DD`.
    func addDetails(to changes: inout ItemChanges) throws {
        if let labels, labels.count > ItemRules.maxLabels {
            throw HomepwnerError(.invalidValue, "an item can have at most \(ItemRules.maxLabels) labels, not \(labels.count)")
        }
        if let location { changes.location = location }
        if let labels { changes.labels = labels }
        if let quantity { changes.quantity = Int(clamping: quantity) }
        if let purchaseDate { changes.purchaseDate = .some(try ItemRules.day(parsing: purchaseDate, as: "a purchase date")) }
        if let pricePaid { changes.pricePaid = .some(Int(clamping: pricePaid)) }
        if let purchasedFrom { changes.purchasedFrom = purchasedFrom }
        if let warrantyEnds { changes.warrantyEnds = .some(try ItemRules.day(parsing: warrantyEnds, as: "a warranty end")) }
        if let warrantyNotes { changes.warrantyNotes = warrantyNotes }
        if let notes { changes.notes = notes }
        if let modelName { changes.modelName = modelName }
        if let manufacturer { changes.manufacturer = manufacturer }
        if let customFields {
            if customFields.count > ItemRules.maxCustomFields {
                throw HomepwnerError(.invalidValue, "an item can have at most \(ItemRules.maxCustomFields) fields of its own, not \(customFields.count)")
            }
            changes.customFields = customFields.map { CustomField(name: $0.name, value: $0.value) }
        }
        if let archivedDate { changes.archivedDate = .some(try ItemRules.day(parsing: archivedDate, as: "an archive date")) }
    }
}

extension Components.Schemas.ItemPatch {
    /// The changes this PATCH asks for: the fields given, then the details named in `clear`.
    ///
    /// - Throws: ``Homepwner/HomepwnerError`` `.invalidValue` for a detail both given and
    ///   cleared, and as ``DetailInput/addDetails(to:)`` does.
    func changes() throws -> ItemChanges {
        var changes = ItemChanges(name: name, serialNumber: serialNumber, valueInDollars: try valueInDollars.map(ItemsAPI.dollars))
        try addDetails(to: &changes)
        for detail in clear ?? [] {
            func cleared<Value>(_ current: Value?, _ empty: Value) throws -> Value {
                guard current == nil else {
                    throw HomepwnerError(.invalidValue, "\(detail.rawValue) is both given a value and named in clear; send one of them")
                }
                return empty
            }
            switch detail {
            case .location: changes.location = try cleared(changes.location, "")
            case .labels: changes.labels = try cleared(changes.labels, [])
            case .quantity: changes.quantity = try cleared(changes.quantity, 1)
            case .purchaseDate: changes.purchaseDate = try cleared(changes.purchaseDate, Date?.none)
            case .pricePaid: changes.pricePaid = try cleared(changes.pricePaid, Int?.none)
            case .purchasedFrom: changes.purchasedFrom = try cleared(changes.purchasedFrom, "")
            case .warrantyEnds: changes.warrantyEnds = try cleared(changes.warrantyEnds, Date?.none)
            case .warrantyNotes: changes.warrantyNotes = try cleared(changes.warrantyNotes, "")
            case .notes: changes.notes = try cleared(changes.notes, "")
            case .modelName: changes.modelName = try cleared(changes.modelName, "")
            case .manufacturer: changes.manufacturer = try cleared(changes.manufacturer, "")
            case .customFields:
                changes.customFields = try cleared(changes.customFields, [])
                changes.replacesCustomFields = true
            case .archivedDate: changes.archivedDate = try cleared(changes.archivedDate, Date?.none)
            }
        }
        return changes
    }
}
