import Foundation

extension ItemChanges {
    /// The detail changes checked by ``ItemRules``, as a step that applies them to an item.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for the first detail breaking its rule.
    func checkedDetails() throws -> DetailEdit {
        var edit = DetailEdit()
        guard changesDetails else { return edit }
        if let location { edit.location = .some(try ItemRules.location(location)) }
        if let labels { edit.labels = .some(try ItemRules.labels(labels)) }
        if let quantity { edit.quantity = .some(try ItemRules.quantity(quantity) == 1 ? nil : quantity) }
        if let purchaseDate { edit.purchaseDate = .some(try purchaseDate.map { try ItemRules.detailDate($0, as: "a purchase date") }) }
        if let pricePaid { edit.pricePaid = .some(try pricePaid.map(ItemRules.pricePaid)) }
        if let purchasedFrom { edit.purchasedFrom = .some(try ItemRules.purchasedFrom(purchasedFrom)) }
        if let warrantyEnds { edit.warrantyEnds = .some(try warrantyEnds.map { try ItemRules.detailDate($0, as: "a warranty end") }) }
        if let warrantyNotes { edit.warrantyNotes = .some(try ItemRules.warrantyNotes(warrantyNotes)) }
        if let notes { edit.notes = .some(try ItemRules.notes(notes)) }
        if let modelName { edit.modelName = .some(try ItemRules.modelName(modelName)) }
        if let manufacturer { edit.manufacturer = .some(try ItemRules.manufacturer(manufacturer)) }
        if let customFields {
            // Checked here, applied to the item's fields as they are when the change is made.
            _ = try ItemRules.applying(customFields, to: nil)
            edit.customFields = customFields
            edit.replacesCustomFields = replacesCustomFields
        }
        if let archivedDate { edit.archivedDate = .some(try archivedDate.map { try ItemRules.detailDate($0, as: "an archive date") }) }
        return edit
    }
}

/// Checked detail changes: each non-nil property is the detail's new value (nil inside: cleared).
struct DetailEdit: Sendable {
    var location: String??
    var labels: [String]??
    var quantity: Int??
    var purchaseDate: Date??
    var pricePaid: Int??
    var purchasedFrom: String??
    var warrantyEnds: Date??
    var warrantyNotes: String??
    var notes: String??
    var modelName: String??
    var manufacturer: String??
    var customFields: [CustomField]?
    var replacesCustomFields = false
    var archivedDate: Date??

    /// Sets each changed detail of `item` (setting one replaces a kept value of another type).
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` when the custom fields set would be more than
    ///   an item may have.
    func apply(to item: inout Item) throws {
        if let location { item.location = location }
        if let labels { item.labels = labels }
        if let quantity { item.quantity = quantity }
        if let purchaseDate { item.purchaseDate = purchaseDate }
        if let pricePaid { item.pricePaid = pricePaid }
        if let purchasedFrom { item.purchasedFrom = purchasedFrom }
        if let warrantyEnds { item.warrantyEnds = warrantyEnds }
        if let warrantyNotes { item.warrantyNotes = warrantyNotes }
        if let notes { item.notes = notes }
        if let modelName { item.modelName = modelName }
        if let manufacturer { item.manufacturer = manufacturer }
        if let customFields { item.customFields = try ItemRules.applying(customFields, to: replacesCustomFields ? nil : item.customFields) }
        if let archivedDate { item.archivedDate = archivedDate }
    }
}
