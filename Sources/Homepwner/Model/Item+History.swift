import DocumentStore
import Foundation
import KeyedArchive

extension Item: RecordsChanges {
    /// The fields whose values differ between `old` and this item, by their names in the API
    /// and in its order: text by code point, dates and amounts to the bit, lists element by element.
    public func changedFields(from old: Item) -> [String] {
        var fields: [String] = []
        func text(_ name: String, _ new: String?, _ was: String?) {
            if !Self.same(new, was) { fields.append(name) }
        }
        func day(_ name: String, _ new: Date?, _ was: Date?) {
            if new?.timeIntervalSinceReferenceDate.bitPattern != was?.timeIntervalSinceReferenceDate.bitPattern { fields.append(name) }
        }
        text("name", itemName, old.itemName)
        text("serialNumber", serialNumber, old.serialNumber)
        if valueInDollars != old.valueInDollars { fields.append("valueInDollars") }
        text("location", location, old.location)
        if !Self.same(labels, old.labels, by: { Self.same($0, $1) }) { fields.append("labels") }
        if quantity != old.quantity { fields.append("quantity") }
        day("purchaseDate", purchaseDate, old.purchaseDate)
        if pricePaid != old.pricePaid { fields.append("pricePaid") }
        text("purchasedFrom", purchasedFrom, old.purchasedFrom)
        day("warrantyEnds", warrantyEnds, old.warrantyEnds)
        text("warrantyNotes", warrantyNotes, old.warrantyNotes)
        text("notes", notes, old.notes)
        text("modelName", modelName, old.modelName)
        text("manufacturer", manufacturer, old.manufacturer)
        if !Self.same(maintenance, old.maintenance, by: Self.sameEntry) { fields.append("maintenance") }
        if !Self.same(customFields, old.customFields, by: { Self.same($0.name, $1.name) && Self.same($0.value, $1.value) }) { fields.append("customFields") }
        day("archivedDate", archivedDate, old.archivedDate)
        return fields
    }

    private static func same(_ new: String?, _ old: String?) -> Bool {
        switch (new, old) {
        case (nil, nil): true
        case (let new?, let old?): ExactString.equal(new, old)
        default: false
        }
    }

    private static func same<Element>(_ new: [Element]?, _ old: [Element]?, by equal: (Element, Element) -> Bool) -> Bool {
        switch (new, old) {
        case (nil, nil): true
        case (let new?, let old?): new.count == old.count && zip(new, old).allSatisfy(equal)
        default: false
        }
    }

    private static func sameEntry(_ new: MaintenanceEntry, _ old: MaintenanceEntry) -> Bool {
        new.date.timeIntervalSinceReferenceDate.bitPattern == old.date.timeIntervalSinceReferenceDate.bitPattern
            && same(new.note, old.note) && new.cost == old.cost
            && new.nextDue?.timeIntervalSinceReferenceDate.bitPattern == old.nextDue?.timeIntervalSinceReferenceDate.bitPattern
    }
}
