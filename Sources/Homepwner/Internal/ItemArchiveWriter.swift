import DocumentStore
import Foundation
import KeyedArchive

/// Writes an ``ItemArchive`` of plain items straight into a binary plist, without building the
/// generic archiver's tree: the save path of a server that rewrites `items.archive` after
/// every burst of changes.
///
/// It makes the same `$objects`, in the same order and with the same strings shared, as
/// `KeyedArchiver` makes of the archive (the two files parse to equal plists; only the order of
/// objects in the file and the sharing of plist scalars differ, which no reader sees). It takes
/// archives whose every entry is an item with no kept unknown keys — the usual archive; any
/// other archive is written by the generic archiver (``ItemArchive/encoded()`` chooses).
///
/// A writer kept and used again (``withData(of:_:)``) keeps the memory its tables and output
/// have grown to, so writing the archive once more allocates almost nothing.
struct ItemArchiveWriter {
    private typealias Reference = BinaryPlistBuilder.Reference

    private var plist: BinaryPlistBuilder
    /// The plist object of each `$objects` entry (-1 while an object's fields are being written).
    private var objects: [Reference] = []
    /// The plist object of each UID value written so far (-1: none yet); UIDs are shared.
    private var uidObjects: [Reference] = []
    /// Strings already in `$objects`, by exact scalars (as `KeyedArchiver` shares them).
    private var stringUIDs: [PropertyListKey: UInt32] = [:]
    /// The `NSString` object of the string `"$null"`, once written.
    private var nullString: UInt32?
    /// The classes written so far: name and UID.
    private var classUIDs: [(name: StaticString, uid: UInt32)] = []
    /// The plist strings used as dictionary keys, each written once.
    private var keyStrings: [(key: StaticString, object: Reference)] = []
    /// The key objects of a date's and an item's dictionary and their classes, once written
    /// (at the first item: the date's class after its strings, the item's after its date).
    private var dateKeys: [Reference] = []
    private var dateClass: UInt32 = 0
    private var itemKeys: [Reference] = []
    private var itemClass: UInt32 = 0
    /// The value references of the dictionary being written (kept to reuse its memory).
    private var values: [Reference] = []
    /// The keys and values of the details of the item being written (kept to reuse their memory).
    private var detailKeys: [StaticString] = []
    private var detailValues: [Reference] = []
    /// The values of the date being written (kept to reuse its memory).
    private var dateValues: [Reference] = []

    /// Whether ``write(_:)`` can write `archive`: every entry is an item without unknown keys.
    static func canWrite(_ archive: ItemArchive) -> Bool {
        archive.entries.allSatisfy { entry in
            guard case .item(let item) = entry else { return false }
            return item.otherFields.isEmpty && (item.maintenance ?? []).allSatisfy(\.otherFields.isEmpty)
                && (item.customFields ?? []).allSatisfy(\.otherFields.isEmpty)
                && (item.history ?? []).allSatisfy(\.otherFields.isEmpty)
        }
    }

    /// The archive file's bytes (`$top` key `root`); `archive` must pass ``canWrite(_:)``.
    static func write(_ archive: ItemArchive) -> Data {
        var writer = ItemArchiveWriter(expectedItems: archive.entries.count)
        let root = writer.build(archive)
        return writer.plist.data(root: root)
    }

    /// A writer whose tables are sized for `expectedItems` items.
    init(expectedItems: Int = 0) {
        plist = BinaryPlistBuilder(expectedObjects: expectedItems * 10 + 32)
        objects.reserveCapacity(expectedItems * 5 + 8)
        uidObjects.reserveCapacity(expectedItems * 5 + 8)
        stringUIDs.reserveCapacity(expectedItems * 3)
    }

    /// Calls `body` with the archive file's bytes (the same as ``write(_:)``'s), borrowed from
    /// this writer's memory: `body` must not keep the `Data`. `archive` must pass ``canWrite(_:)``.
    mutating func withData<Result>(of archive: ItemArchive, _ body: (Data) throws -> Result) rethrows -> Result {
        removeAll()
        let root = build(archive)
        return try plist.withData(root: root, body)
    }

    /// Forgets the last archive written, keeping the memory.
    private mutating func removeAll() {
        plist.removeAll()
        objects.removeAll(keepingCapacity: true)
        uidObjects.removeAll(keepingCapacity: true)
        stringUIDs.removeAll(keepingCapacity: true)
        nullString = nil
        classUIDs.removeAll(keepingCapacity: true)
        keyStrings.removeAll(keepingCapacity: true)
        dateKeys = []
        dateClass = 0
        itemKeys = []
        itemClass = 0
    }

    /// Adds the whole archive to the plist and returns its top object.
    private mutating func build(_ archive: ItemArchive) -> Reference {
        objects.append(plist.string("$null"))
        var itemUIDs: [Reference] = []
        itemUIDs.reserveCapacity(archive.entries.count)
        for entry in archive.entries {
            guard case .item(let item) = entry else { continue }
            itemUIDs.append(uid(append(item)))
        }
        let arrayClass = classUID("NSMutableArray", superclasses: ["NSArray", "NSObject"])
        let array = reserveObject()
        objects[Int(array)] = dictionary(["NS.objects", "$class"], [plist.array(itemUIDs), uid(arrayClass)])
        // The model version, an NSNumber object after the root's (as `KeyedArchiver` appends it).
        let version = appendObject(plist.integer(Int64(ItemArchive.modelVersions.current)))
        let top = dictionary(["root", "modelVersion"], [uid(array), uid(version)])
        return dictionary(
            ["$archiver", "$version", "$top", "$objects"],
            [plist.string("NSKeyedArchiver"), plist.integer(100_000), top, plist.array(objects)]
        )
    }

    /// Appends `item` as `-[BNRItem encodeWithCoder:]` and ``Item/encode(with:)`` do: the item's
    /// object first, then its strings and date in key order, then its details' objects in
    /// ``Item/detailKeys`` order, then (once) the class.
    private mutating func append(_ item: Item) -> UInt32 {
        let object = reserveObject()
        let name = stringUID(item.itemName)
        let serial = stringUID(item.serialNumber)
        let date = dateUID(item.dateCreated)
        let key = stringUID(item.itemKey)
        let value = plist.integer(Int64(item.valueInDollars))
        detailKeys.removeAll(keepingCapacity: true)
        detailValues.removeAll(keepingCapacity: true)
        if item.hasDetails { appendDetails(of: item) }
        if itemKeys.isEmpty {
            itemClass = classUID("BNRItem", superclasses: ["NSObject"])
            itemKeys = keyObjects(["itemName", "serialNumber", "dateCreated", "itemKey", "valueInDollars", "$class"])
        }
        values.removeAll(keepingCapacity: true)
        values.append(uid(name))
        values.append(uid(serial))
        values.append(uid(date))
        values.append(uid(key))
        values.append(value)
        values.append(uid(itemClass))
        if detailKeys.isEmpty {
            objects[Int(object)] = plist.dictionary(keys: itemKeys, values: values)
        } else {
            values.append(contentsOf: detailValues)
            objects[Int(object)] = plist.dictionary(keys: itemKeys + keyObjects(detailKeys), values: values)
        }
        return object
    }

    /// Appends the objects of the details `item` has, in ``Item/detailKeys`` order, and collects
    /// their keys and values (integers inline) in ``detailKeys`` and ``detailValues``.
    private mutating func appendDetails(of item: Item) {
        if let location = item.location { addDetail("location", uid(stringUID(location))) }
        if let labels = item.labels { addDetail("labels", uid(arrayUID(labels))) }
        if let quantity = item.quantity { addDetail("quantity", plist.integer(Int64(quantity))) }
        if let purchaseDate = item.purchaseDate { addDetail("purchaseDate", uid(dateUID(purchaseDate))) }
        if let pricePaid = item.pricePaid { addDetail("pricePaid", plist.integer(Int64(pricePaid))) }
        if let purchasedFrom = item.purchasedFrom { addDetail("purchasedFrom", uid(stringUID(purchasedFrom))) }
        if let warrantyEnds = item.warrantyEnds { addDetail("warrantyEnds", uid(dateUID(warrantyEnds))) }
        if let warrantyNotes = item.warrantyNotes { addDetail("warrantyNotes", uid(stringUID(warrantyNotes))) }
        if let notes = item.notes { addDetail("notes", uid(stringUID(notes))) }
        if let modelName = item.modelName { addDetail("modelName", uid(stringUID(modelName))) }
        if let manufacturer = item.manufacturer { addDetail("manufacturer", uid(stringUID(manufacturer))) }
        if let maintenance = item.maintenance { addDetail("maintenance", uid(maintenanceUID(maintenance))) }
        if let customFields = item.customFields { addDetail("customFields", uid(customFieldsUID(customFields))) }
        if let archivedDate = item.archivedDate { addDetail("archivedDate", uid(dateUID(archivedDate))) }
        if let createdBy = item.createdBy { addDetail("createdBy", uid(stringUID(createdBy))) }
        if let updatedBy = item.updatedBy { addDetail("updatedBy", uid(stringUID(updatedBy))) }
        if let history = item.history { addDetail("history", uid(historyUID(history))) }
    }

    /// Appends an `NSArray` of custom fields as ``CustomField/encode(with:)`` writes each: every
    /// field's object first, then its name and value, then (once) its class; after the fields,
    /// the array's class (once) and the array object.
    private mutating func customFieldsUID(_ fields: [CustomField]) -> UInt32 {
        var elements: [Reference] = []
        elements.reserveCapacity(fields.count)
        for field in fields {
            let object = reserveObject()
            let values = [uid(stringUID(field.name)), uid(stringUID(field.value)), uid(classUID("HPCustomField", superclasses: ["NSObject"]))]
            objects[Int(object)] = dictionary(["name", "value", "$class"], values)
            elements.append(uid(object))
        }
        let arrayClass = classUID("NSArray", superclasses: ["NSObject"])
        return appendObject(dictionary(["NS.objects", "$class"], [plist.array(elements), uid(arrayClass)]))
    }

    /// Appends an `NSArray` of change records as `ChangeRecord.encode(with:)` writes each: every
    /// record's object first, then its date, person, action and fields, then (once) its class;
    /// after the records, the array's class (once) and the array object.
    private mutating func historyUID(_ records: [ChangeRecord]) -> UInt32 {
        var elements: [Reference] = []
        elements.reserveCapacity(records.count)
        for record in records {
            let object = reserveObject()
            var keys: [StaticString] = ["date"]
            var fields = [uid(dateUID(record.date))]
            if let person = record.person {
                keys.append("person")
                fields.append(uid(stringUID(person)))
            }
            keys.append(contentsOf: ["action", "fields", "$class"])
            fields.append(uid(stringUID(record.action)))
            fields.append(uid(arrayUID(record.fields)))
            fields.append(uid(classUID("ChangeRecord", superclasses: ["NSObject"])))
            objects[Int(object)] = dictionary(keys, fields)
            elements.append(uid(object))
        }
        let arrayClass = classUID("NSArray", superclasses: ["NSObject"])
        return appendObject(dictionary(["NS.objects", "$class"], [plist.array(elements), uid(arrayClass)]))
    }

    /// Appends an `NSArray` of maintenance entries as ``MaintenanceEntry/encode(with:)`` writes
    /// each: every entry's object first, then its date, note and next-due date, then (once) its
    /// class; after the entries, the array's class (once) and the array object.
    private mutating func maintenanceUID(_ entries: [MaintenanceEntry]) -> UInt32 {
        var elements: [Reference] = []
        elements.reserveCapacity(entries.count)
        for entry in entries {
            let object = reserveObject()
            var keys: [StaticString] = ["date", "note"]
            var fields = [uid(dateUID(entry.date)), uid(stringUID(entry.note))]
            if let cost = entry.cost {
                keys.append("cost")
                fields.append(plist.integer(Int64(cost)))
            }
            if let nextDue = entry.nextDue {
                keys.append("nextDue")
                fields.append(uid(dateUID(nextDue)))
            }
            keys.append("$class")
            fields.append(uid(classUID("HPMaintenanceEntry", superclasses: ["NSObject"])))
            objects[Int(object)] = dictionary(keys, fields)
            elements.append(uid(object))
        }
        let arrayClass = classUID("NSArray", superclasses: ["NSObject"])
        return appendObject(dictionary(["NS.objects", "$class"], [plist.array(elements), uid(arrayClass)]))
    }

    private mutating func addDetail(_ key: StaticString, _ value: Reference) {
        detailKeys.append(key)
        detailValues.append(value)
    }

    /// Appends an `NSDate` object: its class first (once), then the object.
    private mutating func dateUID(_ date: Date) -> UInt32 {
        if dateKeys.isEmpty {
            dateClass = classUID("NSDate", superclasses: ["NSObject"])
            dateKeys = keyObjects(["NS.time", "$class"])
        }
        dateValues.removeAll(keepingCapacity: true)
        dateValues.append(plist.real(date.timeIntervalSinceReferenceDate))
        dateValues.append(uid(dateClass))
        return appendObject(plist.dictionary(keys: dateKeys, values: dateValues))
    }

    /// Appends an `NSArray` of strings: the strings first (shared), then its class (once), then
    /// the array object.
    private mutating func arrayUID(_ strings: [String]) -> UInt32 {
        let elements = strings.map { uid(stringUID($0)) }
        let arrayClass = classUID("NSArray", superclasses: ["NSObject"])
        return appendObject(dictionary(["NS.objects", "$class"], [plist.array(elements), uid(arrayClass)]))
    }

    // MARK: `$objects`

    private mutating func reserveObject() -> UInt32 {
        objects.append(-1)
        return UInt32(objects.count - 1)
    }

    private mutating func appendObject(_ object: Reference) -> UInt32 {
        objects.append(object)
        return UInt32(objects.count - 1)
    }

    /// The UID of a string entry, shared by equal strings; `"$null"` itself is written as an
    /// `NSString` object (a plain `"$null"` entry would read as nil), as `KeyedArchiver` does.
    private mutating func stringUID(_ text: String) -> UInt32 {
        if ExactString.equal(text, "$null") { return nullStringUID() }
        let next = UInt32(objects.count)
        let uid = Self.update(&stringUIDs[PropertyListKey(text), default: next])
        if uid == next { objects.append(plist.string(text)) }
        return uid
    }

    /// The `NSString` object holding `"$null"`: its class first (once), then the object.
    private mutating func nullStringUID() -> UInt32 {
        if let nullString { return nullString }
        let stringClass = classUID("NSString", superclasses: ["NSObject"])
        let uid = appendObject(dictionary(["NS.string", "$class"], [plist.string("$null"), self.uid(stringClass)]))
        nullString = uid
        return uid
    }

    @inline(__always)
    private static func update(_ slot: inout UInt32) -> UInt32 { slot }

    /// The UID of a class description, written once per class.
    private mutating func classUID(_ name: StaticString, superclasses: [StaticString]) -> UInt32 {
        for known in classUIDs where Self.same(known.name, name) { return known.uid }
        let chain = ([name] + superclasses).map { plist.string($0.description) }
        let uid = appendObject(dictionary(["$classname", "$classes"], [plist.string(name.description), plist.array(chain)]))
        classUIDs.append((name, uid))
        return uid
    }

    // MARK: Plist objects

    /// The plist object of the UID `value`, written the first time it is needed.
    private mutating func uid(_ value: UInt32) -> Reference {
        let index = Int(value)
        if index >= uidObjects.count { uidObjects.append(contentsOf: repeatElement(-1, count: index + 1 - uidObjects.count)) }
        if uidObjects[index] < 0 { uidObjects[index] = plist.uid(value) }
        return uidObjects[index]
    }

    /// A dictionary of `keys` (each written once in the whole plist) and the objects `values`.
    private mutating func dictionary(_ keys: [StaticString], _ values: [Reference]) -> Reference {
        plist.dictionary(keys: keyObjects(keys), values: values)
    }

    /// The plist strings of `keys`, each written the first time it is used.
    private mutating func keyObjects(_ keys: [StaticString]) -> [Reference] {
        keys.map { key in
            if let known = keyStrings.first(where: { Self.same($0.key, key) }) { return known.object }
            let object = plist.string(key.description)
            keyStrings.append((key, object))
            return object
        }
    }

    /// Whether two of our constant names have the same bytes.
    private static func same(_ a: StaticString, _ b: StaticString) -> Bool {
        a.utf8CodeUnitCount == b.utf8CodeUnitCount && memcmp(a.utf8Start, b.utf8Start, a.utf8CodeUnitCount) == 0
    }
}
