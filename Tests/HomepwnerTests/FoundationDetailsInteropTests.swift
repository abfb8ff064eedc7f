import DocumentStore
import Foundation
import Homepwner
import KeyedArchive
import KeyedArchiveSamples
import Testing
import TestSupport

/// An item as a newer app would archive it with Foundation: the five 2014 keys, then each
/// detail that is set under its key (integers inline, dates as `NSDate`, labels an `NSArray`).
final class FoundationRicherItem: NSObject, NSSecureCoding {
    static let supportsSecureCoding = true

    let item: Item

    init(_ item: Item) {
        self.item = item
    }

    init?(coder: NSCoder) {
        // Foundation on Linux traps on a secure decode of a missing key: ask first.
        func text(_ key: String) -> String? { coder.containsValue(forKey: key) ? coder.decodeObject(of: NSString.self, forKey: key) as String? : nil }
        func date(_ key: String) -> Date? { coder.containsValue(forKey: key) ? coder.decodeObject(of: NSDate.self, forKey: key) as Date? : nil }
        func integer(_ key: String) -> Int? { coder.containsValue(forKey: key) ? coder.decodeInteger(forKey: key) : nil }
        var item = Item(
            itemName: text("itemName") ?? "",
            serialNumber: text("serialNumber") ?? "",
            valueInDollars: coder.decodeInteger(forKey: "valueInDollars"),
            dateCreated: date("dateCreated") ?? Date(timeIntervalSinceReferenceDate: 0),
            itemKey: text("itemKey") ?? ""
        )
        item.location = text("location")
        if coder.containsValue(forKey: "labels") {
            item.labels = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "labels") as? [String]
        }
        item.quantity = integer("quantity")
        item.purchaseDate = date("purchaseDate")
        item.pricePaid = integer("pricePaid")
        item.purchasedFrom = text("purchasedFrom")
        item.warrantyEnds = date("warrantyEnds")
        item.warrantyNotes = text("warrantyNotes")
        item.notes = text("notes")
        item.modelName = text("modelName")
        item.manufacturer = text("manufacturer")
        if coder.containsValue(forKey: "maintenance") {
            let log = coder.decodeObject(of: [NSArray.self, FoundationMaintenanceEntry.self], forKey: "maintenance") as? [FoundationMaintenanceEntry]
            item.maintenance = log?.map(\.entry)
        }
        if coder.containsValue(forKey: "customFields") {
            let fields = coder.decodeObject(of: [NSArray.self, FoundationCustomField.self], forKey: "customFields") as? [FoundationCustomField]
            item.customFields = fields?.map(\.field)
        }
        item.archivedDate = date("archivedDate")
        item.createdBy = text("createdBy")
        item.updatedBy = text("updatedBy")
        if coder.containsValue(forKey: "history") {
            let records = coder.decodeObject(of: [NSArray.self, FoundationChangeRecord.self], forKey: "history") as? [FoundationChangeRecord]
            item.history = records?.map(\.record)
        }
        self.item = item
    }

    func encode(with coder: NSCoder) {
        coder.encode(item.itemName, forKey: "itemName")
        coder.encode(item.serialNumber, forKey: "serialNumber")
        coder.encode(item.dateCreated, forKey: "dateCreated")
        coder.encode(item.itemKey, forKey: "itemKey")
        coder.encode(item.valueInDollars, forKey: "valueInDollars")
        if let location = item.location { coder.encode(location, forKey: "location") }
        if let labels = item.labels { coder.encode(NSArray(array: labels.map { NSString(string: $0) }), forKey: "labels") }
        if let quantity = item.quantity { coder.encode(quantity, forKey: "quantity") }
        if let purchaseDate = item.purchaseDate { coder.encode(purchaseDate, forKey: "purchaseDate") }
        if let pricePaid = item.pricePaid { coder.encode(pricePaid, forKey: "pricePaid") }
        if let purchasedFrom = item.purchasedFrom { coder.encode(purchasedFrom, forKey: "purchasedFrom") }
        if let warrantyEnds = item.warrantyEnds { coder.encode(warrantyEnds, forKey: "warrantyEnds") }
        if let warrantyNotes = item.warrantyNotes { coder.encode(warrantyNotes, forKey: "warrantyNotes") }
        if let notes = item.notes { coder.encode(notes, forKey: "notes") }
        if let modelName = item.modelName { coder.encode(modelName, forKey: "modelName") }
        if let manufacturer = item.manufacturer { coder.encode(manufacturer, forKey: "manufacturer") }
        if let log = item.maintenance { coder.encode(NSArray(array: log.map(FoundationMaintenanceEntry.init)), forKey: "maintenance") }
        if let fields = item.customFields { coder.encode(NSArray(array: fields.map(FoundationCustomField.init)), forKey: "customFields") }
        if let archivedDate = item.archivedDate { coder.encode(archivedDate, forKey: "archivedDate") }
        if let createdBy = item.createdBy { coder.encode(createdBy, forKey: "createdBy") }
        if let updatedBy = item.updatedBy { coder.encode(updatedBy, forKey: "updatedBy") }
        if let history = item.history { coder.encode(NSArray(array: history.map(FoundationChangeRecord.init)), forKey: "history") }
    }
}

/// A change record as a newer app would archive it with Foundation (class `ChangeRecord` once
/// renamed): `date`, `person` when set, `action`, `fields` (an `NSArray` of strings).
final class FoundationChangeRecord: NSObject, NSSecureCoding {
    static let supportsSecureCoding = true

    let record: ChangeRecord

    init(_ record: ChangeRecord) {
        self.record = record
    }

    init?(coder: NSCoder) {
        func text(_ key: String) -> String? { coder.containsValue(forKey: key) ? coder.decodeObject(of: NSString.self, forKey: key) as String? : nil }
        record = ChangeRecord(
            date: coder.containsValue(forKey: "date") ? (coder.decodeObject(of: NSDate.self, forKey: "date") as Date?) ?? Date(timeIntervalSinceReferenceDate: 0) : Date(timeIntervalSinceReferenceDate: 0),
            person: text("person"),
            action: text("action") ?? "",
            fields: coder.containsValue(forKey: "fields") ? (coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "fields") as? [String]) ?? [] : []
        )
    }

    func encode(with coder: NSCoder) {
        coder.encode(record.date, forKey: "date")
        if let person = record.person { coder.encode(person, forKey: "person") }
        coder.encode(record.action, forKey: "action")
        coder.encode(NSArray(array: record.fields.map { NSString(string: $0) }), forKey: "fields")
    }
}

/// A custom field as a newer app would archive it with Foundation (class `HPCustomField` once
/// renamed): `name` and `value`.
final class FoundationCustomField: NSObject, NSSecureCoding {
    static let supportsSecureCoding = true

    let field: CustomField

    init(_ field: CustomField) {
        self.field = field
    }

    init?(coder: NSCoder) {
        func text(_ key: String) -> String { coder.containsValue(forKey: key) ? (coder.decodeObject(of: NSString.self, forKey: key) as String?) ?? "" : "" }
        field = CustomField(name: text("name"), value: text("value"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(field.name, forKey: "name")
        coder.encode(field.value, forKey: "value")
    }
}

/// A maintenance entry as a newer app would archive it with Foundation (class `HPMaintenanceEntry`
/// once renamed): `date`, `note`, `cost` inline when set, `nextDue` when set.
final class FoundationMaintenanceEntry: NSObject, NSSecureCoding {
    static let supportsSecureCoding = true

    let entry: MaintenanceEntry

    init(_ entry: MaintenanceEntry) {
        self.entry = entry
    }

    init?(coder: NSCoder) {
        func date(_ key: String) -> Date? { coder.containsValue(forKey: key) ? coder.decodeObject(of: NSDate.self, forKey: key) as Date? : nil }
        entry = MaintenanceEntry(
            date: date("date") ?? Date(timeIntervalSinceReferenceDate: 0),
            note: coder.containsValue(forKey: "note") ? (coder.decodeObject(of: NSString.self, forKey: "note") as String?) ?? "" : "",
            cost: coder.containsValue(forKey: "cost") ? coder.decodeInteger(forKey: "cost") : nil,
            nextDue: date("nextDue")
        )
    }

    func encode(with coder: NSCoder) {
        coder.encode(entry.date, forKey: "date")
        coder.encode(entry.note, forKey: "note")
        if let cost = entry.cost { coder.encode(cost, forKey: "cost") }
        if let nextDue = entry.nextDue { coder.encode(nextDue, forKey: "nextDue") }
    }
}

/// Reads an items.archive with Foundation as a newer app would, details included.
func foundationReadRicherItems(_ data: Data) throws -> [Item] {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.setClass(FoundationRicherItem.self, forClassName: "BNRItem")
    unarchiver.setClass(FoundationMaintenanceEntry.self, forClassName: "HPMaintenanceEntry")
    unarchiver.setClass(FoundationCustomField.self, forClassName: "HPCustomField")
    unarchiver.setClass(FoundationChangeRecord.self, forClassName: "ChangeRecord")
    let root = unarchiver.decodeObject(of: [NSMutableArray.self, FoundationRicherItem.self], forKey: "root") as? NSArray
    return (root ?? NSArray()).compactMap { ($0 as? FoundationRicherItem)?.item }
}

@Suite("Items with details and Foundation's NSKeyedArchiver, both ways")
struct FoundationDetailsInteropTests {
    /// Every detail, some details, none.
    static let items: [Item] = {
        var some = fixedItem(1)
        some.labels = ["garage"]
        some.warrantyEnds = Date(timeIntervalSinceReferenceDate: 900_000_000.5)
        some.notes = "e\u{301}clair 😀"
        return [itemWithEveryDetail(0), some, fixedItem(2), itemWithEveryDetail(3)]
    }()

    @Test("our archive with details opens in the 2014 app's BNRItem (five keys only): every item and its five fields exact")
    func oursTo2014Foundation() throws {
        let data = try ItemArchive(items: Self.items).encoded()
        let decoded = try foundationReadItems(data)
        #expect(decoded.count == Self.items.count)
        for (got, want) in zip(decoded, Self.items) {
            #expect(Array(got.itemName.unicodeScalars) == Array(want.itemName.unicodeScalars))
            #expect(got.serialNumber == want.serialNumber)
            #expect(got.valueInDollars == want.valueInDollars)
            #expect(got.itemKey == want.itemKey)
            #expect(got.dateCreated.timeIntervalSinceReferenceDate.bitPattern == want.dateCreated.timeIntervalSinceReferenceDate.bitPattern)
        }
    }

    @Test("our archive with details opens in a newer app's BNRItem with every detail exact")
    func oursToNewerFoundation() throws {
        let decoded = try foundationReadRicherItems(try ItemArchive(items: Self.items).encoded())
        #expect(decoded.count == Self.items.count)
        for (got, want) in zip(decoded, Self.items) {
            #expect(sameDetails(got, want) == true, "item \(want.itemKey)")
            #expect(got.version == want.version)
        }
    }

    @Test("an archive a newer app wrote with Foundation opens here with every detail exact; edited in a store, its details survive for Foundation")
    func newerFoundationToOurs() async throws {
        let data = try foundationArchive(Self.items.map(FoundationRicherItem.init), renaming: "FoundationRicherItem")
        let items = try ItemArchive.decode(data).items
        #expect(items.count == Self.items.count)
        for (got, want) in zip(items, Self.items) {
            #expect(sameDetails(got, want) == true, "item \(want.itemKey)")
            #expect(got.version == want.version)
            #expect(got.unreadableFields.isEmpty)
            #expect(got.otherFields.isEmpty)
        }
        try await withTemporaryFolder { folder in
            try data.write(to: folder.appendingPathComponent("items.archive"))
            let store = ItemStore(storage: .folder(folder))
            try await store.update(Self.items[0].itemKey, ItemChanges(name: "Renamed", valueInDollars: 7))
            try await store.close()
            let back = try foundationReadRicherItems(try Data(contentsOf: folder.appendingPathComponent("items.archive")))
            #expect(back.map(\.itemName) == ["Renamed"] + Self.items.dropFirst().map(\.itemName))
            #expect(back.first?.valueInDollars == 7)
            var first = Self.items[0]
            expectJoinedHistoryWithoutPerson(back[0], &first, fields: ["name", "valueInDollars"])
            for (got, want) in zip(back, [first] + Self.items.dropFirst()) { #expect(sameDetails(got, want) == true, "item \(want.itemKey)") }
        }
    }

    @Test("a 2014 archive written by Foundation loads without details, and what we save of it is the archive of its five fields, read alike by Foundation")
    func archiveOf2014StillLoadsAndSaves() throws {
        let samples = HomepwnerItem.sample(count: 3)
        let original = try ItemArchive.decode(try foundationItemsArchive(samples))
        #expect(original.items.allSatisfy { !$0.hasDetails && $0.otherFields.isEmpty && $0.unreadableFields.isEmpty })
        let saved = try original.encoded()
        #expect(try firstItemFields(saved).keys.map(\.string).sorted() == ["$class", "dateCreated", "itemKey", "itemName", "serialNumber", "valueInDollars"])
        #expect(try ItemArchive.decode(saved) == original)
        #expect(try ItemArchive.decode(saved).encoded() == saved)
        #expect(try foundationReadItems(saved).map(\.itemKey) == samples.map(\.itemKey))
    }
}
