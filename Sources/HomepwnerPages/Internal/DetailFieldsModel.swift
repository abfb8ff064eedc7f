import Foundation
import Homepwner
import WebSupport

/// An item's details as the pages' fields hold them (the item page's form and the add form):
/// text as typed, labels separated by commas, days as a date input's `YYYY-MM-DD`.
struct DetailFieldsModel: Sendable, Encodable {
    /// Put before each field's `id` ("new-" in the add form), so both forms can be on a page.
    var idPrefix = ""
    /// The item page saves each field as it is typed: each gets a state line.
    var autosave = false
    var location = ""
    var labels = ""
    var quantity = ""
    var purchaseDate = ""
    var pricePaid = ""
    var purchasedFrom = ""
    var warrantyEnds = ""
    var warrantyNotes = ""
    var notes = ""
    var modelName = ""
    var manufacturer = ""
    /// The names the location field offers (its datalist): the user's locations.
    var locations: [String] = []

    /// What separates labels in the labels field.
    static let labelSeparator = ","

    /// The fields of `item`'s details; an unset detail is an empty field.
    init(_ item: Item, idPrefix: String = "", autosave: Bool = false, locations: [String] = []) {
        self.idPrefix = idPrefix
        self.autosave = autosave
        self.locations = locations
        location = item.location ?? ""
        labels = (item.labels ?? []).joined(separator: Self.labelSeparator + " ")
        quantity = item.quantity.map(String.init) ?? ""
        purchaseDate = item.purchaseDate.flatMap(ItemRules.dayText) ?? ""
        pricePaid = item.pricePaid.map(String.init) ?? ""
        purchasedFrom = item.purchasedFrom ?? ""
        warrantyEnds = item.warrantyEnds.flatMap(ItemRules.dayText) ?? ""
        warrantyNotes = item.warrantyNotes ?? ""
        notes = item.notes ?? ""
        modelName = item.modelName ?? ""
        manufacturer = item.manufacturer ?? ""
    }

    /// Empty fields.
    init(idPrefix: String = "", locations: [String] = []) {
        self.idPrefix = idPrefix
        self.locations = locations
    }

    /// The fields as posted in `form`, cut to what the rules could accept (and a little more,
    /// so the refusal still names the problem), for showing again after a refusal.
    init(typedIn form: HTMLForm, idPrefix: String) {
        self.idPrefix = idPrefix
        func typed(_ name: String, _ limit: Int) -> String { String((form[name] ?? "").prefix(limit + 20)) }
        location = typed("location", ItemRules.maxLocationLength)
        labels = typed("labels", ItemRules.maxLabels * (ItemRules.maxLabelLength + 2))
        quantity = typed("quantity", 10)
        purchaseDate = typed("purchaseDate", 10)
        pricePaid = typed("pricePaid", 20)
        purchasedFrom = typed("purchasedFrom", ItemRules.maxPurchasedFromLength)
        warrantyEnds = typed("warrantyEnds", 10)
        warrantyNotes = typed("warrantyNotes", ItemRules.maxWarrantyNotesLength)
        notes = typed("notes", ItemRules.maxNotesLength)
        modelName = typed("modelName", ItemRules.maxModelLength)
        manufacturer = typed("manufacturer", ItemRules.maxModelLength)
    }

    /// Sets in `changes` each detail field that `form` has: an empty field clears its detail.
    ///
    /// - Throws: ``Homepwner/HomepwnerError`` `.invalidValue` for a quantity, price or day that
    ///   does not parse (the rules are checked by the store).
    static func addChanges(from form: HTMLForm, to changes: inout ItemChanges) throws {
        changes.location = form["location"]
        changes.labels = form["labels"].map(labels(in:))
        changes.quantity = try form["quantity"].map(ItemRules.quantity(parsing:))
        changes.purchaseDate = try form["purchaseDate"].map { try ItemRules.day(parsing: $0, as: "a purchase date") }
        changes.pricePaid = try form["pricePaid"].map(ItemRules.pricePaid(parsing:))
        changes.purchasedFrom = form["purchasedFrom"]
        changes.warrantyEnds = try form["warrantyEnds"].map { try ItemRules.day(parsing: $0, as: "a warranty end") }
        changes.warrantyNotes = form["warrantyNotes"]
        changes.notes = form["notes"]
        changes.modelName = form["modelName"]
        changes.manufacturer = form["manufacturer"]
    }

    /// The labels in a labels field: split at each comma (an empty list clears them; the rules
    /// trim each and drop empty ones and repeats).
    static func labels(in text: String) -> [String] {
        text.split(separator: Character(labelSeparator), omittingEmptySubsequences: false).map(String.init)
    }
}

/// One detail shown as text (the read-only page).
struct ShownDetail: Sendable, Encodable {
    var label: String
    var value: String
}

extension DetailFieldsModel {
    /// The details that are set, as label and text, in the order of the form.
    var shown: [ShownDetail] {
        [
            ("Location", location), ("Labels", labels), ("Quantity", quantity), ("Purchase date", purchaseDate),
            ("Price paid", pricePaid.isEmpty ? "" : "$" + pricePaid), ("Purchased from", purchasedFrom),
            ("Warranty ends", warrantyEnds), ("Warranty notes", warrantyNotes), ("Notes", notes),
            ("Model", modelName), ("Manufacturer", manufacturer),
        ].filter { !$0.1.isEmpty }.map { ShownDetail(label: $0.0, value: $0.1) }
    }
}
