import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing

/// `item` with every detail set, to awkward but valid values.
func itemWithEveryDetail(_ index: Int = 0) -> Item {
    var item = fixedItem(index)
    item.location = "House › Garage › Shelf \(index)"
    // Not "$null": Foundation itself writes that string as a plain "$null", which reads as nil;
    // not both "e\u{301}clair" and "éclair": Foundation on Linux sometimes shares the two.
    item.labels = ["tools", "e\u{301}clair", "garage"]
    item.quantity = 3 + index
    item.purchaseDate = Date(timeIntervalSinceReferenceDate: Double(bitPattern: 0x41B8_CB2B_F01F_9ADD))
    item.pricePaid = 1_000_000_000
    item.purchasedFrom = "Hardware Store"
    item.warrantyEnds = Date(timeIntervalSinceReferenceDate: 800_000_000.000_000_1)
    item.warrantyNotes = "Call 555-0100\nKeep the receipt"
    item.notes = "Bought for the move.\n\tSpare blade in the drawer. 😀"
    item.modelName = "XR-7"
    item.manufacturer = "Spork & Sons"
    item.maintenance = [
        MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: 757_382_400), note: "Sharpened\nthe blade", cost: 25, nextDue: Date(timeIntervalSinceReferenceDate: 788_918_400)),
        MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: 788_918_400 + Double(index) * 86_400), note: "Oiled"),
    ]
    item.customFields = [CustomField(name: "Colour", value: "Walnut \(index)"), CustomField(name: "Insurance policy", value: "HO-3 4471 😀")]
    item.archivedDate = Date(timeIntervalSinceReferenceDate: 820_454_400 + Double(index) * 86_400)
    item.createdBy = "alice"
    item.updatedBy = "Bøb\(index)"
    item.history = [
        ChangeRecord(date: Date(timeIntervalSinceReferenceDate: 757_382_400.5), person: "alice", action: ChangeRecord.created),
        ChangeRecord(date: Date(timeIntervalSinceReferenceDate: 0x1p-1074), person: nil, action: ChangeRecord.changed, fields: ["notes"]),
        ChangeRecord(date: Date(timeIntervalSinceReferenceDate: 788_918_400 + Double(index)), person: "Bøb\(index)", action: ChangeRecord.changed, fields: ["name", "valueInDollars"]),
    ]
    return item
}

/// The archived fields of the first item in an archive.
func firstItemFields(_ data: Data) throws -> [PropertyListKey: PropertyList] {
    guard case .dictionary(let top) = try PropertyList(data: data), case .array(let objects)? = top["$objects"] else { return [:] }
    for case .dictionary(let fields) in objects where fields["itemKey"] != nil { return fields }
    return [:]
}

/// Whether two items have the same details, dates to the bit and strings by code point.
func sameDetails(_ a: Item, _ b: Item) -> Bool {
    func text(_ x: String?, _ y: String?) -> Bool {
        switch (x, y) {
        case (nil, nil): true
        case (let x?, let y?): ExactString.equal(x, y)
        default: false
        }
    }
    func date(_ x: Date?, _ y: Date?) -> Bool {
        x?.timeIntervalSinceReferenceDate.bitPattern == y?.timeIntervalSinceReferenceDate.bitPattern
    }
    let labels = a.labels?.count == b.labels?.count
        && zip(a.labels ?? [], b.labels ?? []).allSatisfy { ExactString.equal($0, $1) }
    return text(a.location, b.location) && labels && a.quantity == b.quantity
        && date(a.purchaseDate, b.purchaseDate) && a.pricePaid == b.pricePaid
        && text(a.purchasedFrom, b.purchasedFrom) && date(a.warrantyEnds, b.warrantyEnds)
        && text(a.warrantyNotes, b.warrantyNotes) && text(a.notes, b.notes)
        && text(a.modelName, b.modelName) && text(a.manufacturer, b.manufacturer)
        && a.maintenance?.count == b.maintenance?.count
        && zip(a.maintenance ?? [], b.maintenance ?? []).allSatisfy { x, y in
            date(x.date, y.date) && text(x.note, y.note) && x.cost == y.cost && date(x.nextDue, y.nextDue)
        }
        && text(a.createdBy, b.createdBy) && text(a.updatedBy, b.updatedBy)
        && a.history?.count == b.history?.count
        && zip(a.history ?? [], b.history ?? []).allSatisfy { x, y in
            date(x.date, y.date) && text(x.person, y.person) && text(x.action, y.action)
                && x.fields.count == y.fields.count && zip(x.fields, y.fields).allSatisfy { ExactString.equal($0, $1) }
        }
}

/// Expects `changed` to be `item` after a change of `fields` made without an account: the change
/// joined the item's history with no person and cleared `updatedBy`; then makes `item` say so.
func expectJoinedHistoryWithoutPerson(_ changed: Item, _ item: inout Item, fields: [String]) {
    #expect(changed.updatedBy == nil)
    #expect(changed.createdBy == item.createdBy)
    #expect(changed.history?.count == (item.history?.count ?? 0) + 1)
    #expect(changed.history?.dropLast().elementsEqual(item.history ?? []) == true)
    #expect(changed.history?.last?.person == nil)
    #expect(changed.history?.last?.action == ChangeRecord.changed)
    #expect(changed.history?.last?.fields == fields)
    item.updatedBy = nil
    item.history = changed.history
}

@Suite("An item's details are further keys of its BNRItem, written only when set")
struct ItemDetailsTests {
    @Test("every detail set reads back exactly: dates to the bit, labels in order by code point, integers inline")
    func everyDetailRoundTrips() throws {
        var item = itemWithEveryDetail()
        item.labels = ["e\u{301}clair", "éclair", "$null", "e\u{301}clair"]
        let data = try ItemArchive(items: [item]).encoded()
        let back = try #require(try ItemArchive.decode(data).items.first)
        #expect(sameDetails(back, item) == true)
        #expect(back == item)
        #expect(back.unreadableFields.isEmpty)
        #expect(back.otherFields.isEmpty)
        let fields = try firstItemFields(data)
        #expect(Set(fields.keys.map(\.string)) == Set(["$class"] + Item.classicKeys + Item.detailKeys))
        #expect(fields["quantity"] == .integer(3))
        #expect(fields["pricePaid"] == .integer(1_000_000_000))
        for key in ["location", "labels", "purchaseDate", "purchasedFrom", "warrantyEnds", "warrantyNotes", "notes", "modelName", "manufacturer"] {
            guard case .uid? = fields[PropertyListKey(key)] else {
                Issue.record("\(key) is not an object reference")
                continue
            }
        }
    }

    @Test("an item without details is archived with exactly the five 2014 keys, and rewritten byte for byte")
    func noDetailsWritesThe2014Keys() throws {
        let items = [fixedItem(0), fixedItem(1)]
        let data = try ItemArchive(items: items).encoded()
        #expect(try firstItemFields(data).keys.map(\.string).sorted() == ["$class", "dateCreated", "itemKey", "itemName", "serialNumber", "valueInDollars"])
        let decoded = try ItemArchive.decode(data)
        #expect(decoded.items.allSatisfy { !$0.hasDetails && $0.otherFields.isEmpty })
        #expect(try decoded.encoded() == data)
    }

    @Test("some details set: only those keys are written, the others read as not set")
    func someDetailsWriteOnlyTheirKeys() throws {
        var item = fixedItem(2)
        item.labels = []
        item.quantity = 1
        item.notes = ""
        let data = try ItemArchive(items: [item]).encoded()
        #expect(try firstItemFields(data).keys.map(\.string).sorted() == ["$class", "dateCreated", "itemKey", "itemName", "labels", "notes", "quantity", "serialNumber", "valueInDollars"])
        let back = try #require(try ItemArchive.decode(data).items.first)
        #expect(back.labels == [])
        #expect(back.quantity == 1)
        #expect(back.notes == "")
        #expect(back.location == nil && back.purchaseDate == nil && back.pricePaid == nil && back.manufacturer == nil)
        #expect(try ItemArchive(items: [back]).encoded() == data)
    }

    @Test("a detail holding a well-formed value of another type reads as not set, is named, is written back as it was, and is replaced once set")
    func wrongTypesAreKept() throws {
        let archiver = KeyedArchiver()
        archiver.encode(ItemArchive(items: [fixedItem(3)]), forKey: "root")
        guard case .dictionary(var plist) = archiver.propertyList, case .array(var objects) = plist["$objects"] else { return }
        let index = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["valueInDollars"] != nil } else { false } })
        guard case .dictionary(var fields) = objects[index] else { return }
        objects.append(.string("three"))
        fields["quantity"] = .uid(UInt32(objects.count - 1))
        fields["location"] = .integer(12)
        fields["labels"] = .real(1.5)
        fields["warrantyEnds"] = .uid(0)  // $null: not set, kept, not named
        objects[index] = .dictionary(fields)
        plist["$objects"] = .array(objects)
        let data = try PropertyList.dictionary(plist).encoded(as: .binary)
        let item = try #require(try ItemArchive.decode(data).items.first)
        #expect(item.location == nil && item.labels == nil && item.quantity == nil && item.warrantyEnds == nil)
        #expect(item.unreadableFields == ["location", "labels", "quantity"])
        #expect(item.otherFields.keys.sorted() == ["labels", "location", "quantity", "warrantyEnds"])
        #expect(ItemRules.problems(of: item).map(\.field) == [.location, .labels, .quantity])

        // An edit of another field writes the odd values back exactly.
        var edited = item
        edited.valueInDollars = 5
        let saved = try firstItemFields(try ItemArchive(items: [edited]).encoded())
        #expect(saved["location"] == .integer(12))
        #expect(saved["labels"] == .real(1.5))
        #expect(saved["warrantyEnds"] == .uid(0))
        let reread = try #require(try ItemArchive.decode(try ItemArchive(items: [edited]).encoded()).items.first)
        #expect(try reread.otherFields.value(forKey: "quantity") == .string("three"))

        // Setting a detail replaces its kept value; the others stay kept.
        edited.quantity = 4
        edited.warrantyEnds = Date(timeIntervalSinceReferenceDate: 1)
        #expect(edited.unreadableFields == ["location", "labels"])
        #expect(edited.otherFields.keys.sorted() == ["labels", "location"])
        let replaced = try firstItemFields(try ItemArchive(items: [edited]).encoded())
        #expect(replaced["quantity"] == .integer(4))
        #expect(replaced["location"] == .integer(12))
    }

    @Test("a label list holding a non-string is a value of another type, not damage")
    func labelsOfAnotherType() throws {
        let archiver = KeyedArchiver()
        archiver.encode(ItemArchive(items: [fixedItem(4)]), forKey: "root")
        guard case .dictionary(var plist) = archiver.propertyList, case .array(var objects) = plist["$objects"] else { return }
        let index = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["valueInDollars"] != nil } else { false } })
        guard case .dictionary(var fields) = objects[index], case .dictionary(let itemFields) = objects[index] else { return }
        // An NSArray holding a date: borrow the item's dateCreated object as the element.
        let classIndex = objects.count
        objects.append(.dictionary(["$classname": .string("NSArray"), "$classes": .array([.string("NSArray"), .string("NSObject")])]))
        objects.append(.dictionary(["NS.objects": .array([itemFields["dateCreated"] ?? .uid(0)]), "$class": .uid(UInt32(classIndex))]))
        fields["labels"] = .uid(UInt32(objects.count - 1))
        objects[index] = .dictionary(fields)
        plist["$objects"] = .array(objects)
        let item = try #require(try ItemArchive.decode(try PropertyList.dictionary(plist).encoded(as: .binary)).items.first)
        #expect(item.labels == nil)
        #expect(item.unreadableFields == ["labels"])
        #expect(item.itemName == fixedItem(4).itemName)
    }

    @Test("a detail referring to an object the archive does not have is damage to the file, as in the five fields")
    func brokenReferenceInADetail() throws {
        let data = try ItemArchive(items: [itemWithEveryDetail(0)]).encoded()
        guard case .dictionary(var root) = try PropertyList(data: data), case .array(var objects) = root["$objects"] else {
            Issue.record("not a keyed archive")
            return
        }
        let index = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["labels"] != nil } else { false } })
        guard case .dictionary(var fields) = objects[index] else { return }
        fields["labels"] = .uid(9999)
        objects[index] = .dictionary(fields)
        root["$objects"] = .array(objects)
        let damaged = try PropertyList.dictionary(root).encoded(as: .binary)
        let error = #expect(throws: ArchiveError.self) { try ItemArchive.decode(damaged) }
        #expect(error?.isStructural == true)
    }

    @Test("the version of an item without details is what it was before details existed; each detail changes it")
    func versionCoversDetails() {
        let plain = fixedItem(0)
        #expect(plain.version == Self.classicVersion(plain))
        var versions: Set<String> = [plain.version]
        var item = plain
        item.location = "Attic"
        #expect(versions.insert(item.version).inserted)
        item.location = nil
        #expect(item.version == plain.version)
        for step in 0..<11 {
            var changed = plain
            switch step {
            case 0: changed.location = ""
            case 1: changed.labels = []
            case 2: changed.quantity = 1
            case 3: changed.purchaseDate = Date(timeIntervalSinceReferenceDate: 0)
            case 4: changed.pricePaid = 0
            case 5: changed.purchasedFrom = ""
            case 6: changed.warrantyEnds = Date(timeIntervalSinceReferenceDate: 0)
            case 7: changed.warrantyNotes = ""
            case 8: changed.notes = ""
            case 9: changed.modelName = ""
            default: changed.manufacturer = ""
            }
            #expect(versions.insert(changed.version).inserted, "detail \(step)")
        }
    }

    /// The version as it was computed before details existed: FNV-1a 64 over the five fields
    /// (texts as their UTF-8 length, then bytes; integers as 8 little-endian bytes).
    static func classicVersion(_ item: Item) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func addBytes(_ bytes: [UInt8]) { for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 } }
        func addWord(_ word: UInt64) { addBytes((0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) }) }
        func addText(_ text: String) { addWord(UInt64(text.utf8.count)); addBytes(Array(text.utf8)) }
        addText(item.itemName)
        addText(item.serialNumber)
        addWord(UInt64(bitPattern: Int64(item.valueInDollars)))
        addWord(item.dateCreated.timeIntervalSinceReferenceDate.bitPattern)
        addText(item.itemKey)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
