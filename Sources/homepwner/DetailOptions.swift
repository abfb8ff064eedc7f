import ArgumentParser
import Foundation
import Homepwner

/// The options that set an item's details, shared by `add` and `update`: each one given is
/// checked by ``ItemRules`` (a bad value is one line on stderr, exit 65).
struct DetailOptions: ParsableArguments {
    @Option(help: "Where it is kept: levels separated by › (\"House › Garage › Shelf 2\"; \"\" clears it).") var location: String?
    @Option(name: .customLong("label"), help: "A label (repeat for more; on update they replace all labels, a single --label \"\" clears them).") var labels: [String] = []
    @Option(help: "How many (1 to 1,000,000).") var quantity: String?
    @Option(help: "When it was bought: YYYY-MM-DD, UTC (\"\" clears it).") var purchaseDate: String?
    @Option(help: "What was paid, in whole dollars (\"\" clears it).") var pricePaid: String?
    @Option(help: "Where it was bought (\"\" clears it).") var purchasedFrom: String?
    @Option(help: "When the warranty ends: YYYY-MM-DD, UTC (\"\" clears it).") var warrantyEnds: String?
    @Option(help: "Warranty notes (\"\" clears them).") var warrantyNotes: String?
    @Option(help: "Notes (\"\" clears them).") var notes: String?
    @Option(name: .customLong("model"), help: "The model name or number (\"\" clears it).") var modelName: String?
    @Option(help: "The manufacturer (\"\" clears it).") var manufacturer: String?
    @Option(name: .customLong("field"), help: "A field of its own as NAME=VALUE (\"Colour=Walnut\"; repeat for more; NAME= removes it).") var fields: [String] = []
    @Option(help: "The day it was sold, given away or lost: YYYY-MM-DD, UTC; archived items leave the list and the totals (\"\" brings it back).") var archived: String?

    /// Whether any detail option was given.
    var isEmpty: Bool {
        location == nil && labels.isEmpty && quantity == nil && purchaseDate == nil && pricePaid == nil
            && purchasedFrom == nil && warrantyEnds == nil && warrantyNotes == nil && notes == nil
            && modelName == nil && manufacturer == nil && fields.isEmpty && archived == nil
    }

    /// The options as changes, parsed; the store checks them against the rules.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for a quantity, price or date that does not parse.
    func changes(into changes: inout ItemChanges) throws {
        changes.location = location
        if !labels.isEmpty { changes.labels = labels }
        changes.quantity = try quantity.map(Self.quantity)
        changes.purchaseDate = try purchaseDate.map { try Self.date($0, as: "a purchase date") }
        changes.pricePaid = try pricePaid.map(Self.price)
        changes.purchasedFrom = purchasedFrom
        changes.warrantyEnds = try warrantyEnds.map { try Self.date($0, as: "a warranty end") }
        changes.warrantyNotes = warrantyNotes
        changes.notes = notes
        changes.modelName = modelName
        changes.manufacturer = manufacturer
        if !fields.isEmpty { changes.customFields = try fields.map(ItemRules.customField(parsing:)) }
        changes.archivedDate = try archived.map { try Self.date($0, as: "an archive date") }
    }

    /// A quantity typed as plain digits (the rule's range is checked by the store).
    static func quantity(_ text: String) throws -> Int {
        // An empty option is no quantity, not 1.
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw HomepwnerError(.invalidValue, "a quantity must be a whole number from 1 to 1,000,000, not \"\(text)\"")
        }
        return try ItemRules.quantity(parsing: text)
    }

    /// A price typed as a value is (`1200`, `$1,200`); nil for an empty text (clear the price).
    static func price(_ text: String) throws -> Int? {
        try ItemRules.pricePaid(parsing: text)
    }

    /// Midnight UTC of a `YYYY-MM-DD` date; nil for an empty text (clear the date).
    static func date(_ text: String, as what: String) throws -> Date? {
        try ItemRules.day(parsing: text, as: what)
    }
}
