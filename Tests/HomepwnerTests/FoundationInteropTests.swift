import Foundation
import Homepwner
import KeyedArchive
import KeyedArchiveSamples
import Testing
import TestSupport

/// Archives `items` with Foundation's own NSKeyedArchiver in an `NSMutableArray` root, then renames
/// the item class to `BNRItem` in the plist (Foundation on Linux ignores setClassName; see DESIGN.md).
func foundationItemsArchive(_ items: [HomepwnerItem]) throws -> Data {
    try foundationArchive(items.map(FoundationItem.init), renaming: "FoundationItem")
}

/// Archives `objects` with Foundation's NSKeyedArchiver in an `NSMutableArray` root (and, when
/// given, an `NSNumber` `modelVersion` beside it in `$top`), then renames every class whose name
/// ends in `suffix` to `BNRItem` in the plist.
func foundationArchive(_ objects: [NSObject], renaming suffix: String, modelVersion: Int? = nil) throws -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: true)
    archiver.encode(NSMutableArray(array: objects), forKey: "root")
    if let modelVersion { archiver.encode(NSNumber(value: modelVersion), forKey: "modelVersion") }
    archiver.finishEncoding()
    guard var root = try PropertyListSerialization.propertyList(from: archiver.encodedData, format: nil) as? [String: Any],
          var objects = root["$objects"] as? [Any] else { return Data() }
    for (index, object) in objects.enumerated() {
        guard var entry = object as? [String: Any], let name = entry["$classname"] as? String else { continue }
        // A maintenance entry's, a custom field's and a change record's class take the names our archives give them.
        let renamed = name.hasSuffix(suffix) ? "BNRItem"
            : name.hasSuffix("FoundationMaintenanceEntry") ? "HPMaintenanceEntry" : name.hasSuffix("FoundationCustomField") ? "HPCustomField"
            : name.hasSuffix("FoundationChangeRecord") ? "ChangeRecord" : nil
        guard let renamed else { continue }
        entry["$classname"] = renamed
        entry["$classes"] = [renamed, "NSObject"]
        objects[index] = entry
    }
    root["$objects"] = objects
    return try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
}

/// Reads an items.archive with Foundation's NSKeyedUnarchiver as the 2014 app would.
func foundationReadItems(_ data: Data) throws -> [FoundationItem] {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.setClass(FoundationItem.self, forClassName: "BNRItem")
    let root = unarchiver.decodeObject(of: [NSMutableArray.self, FoundationItem.self], forKey: "root") as? NSArray
    return (root ?? NSArray()).compactMap { $0 as? FoundationItem }
}

@Suite("Interoperability with Foundation's NSKeyedArchiver: items.archive both ways")
struct FoundationInteropTests {
    static let samples: [HomepwnerItem] = {
        var items = HomepwnerItem.sample(count: 4)
        items[0].itemName = "e\u{301}clair 😀"
        items[1].dateCreated = Date(timeIntervalSinceReferenceDate: Double(bitPattern: 0x41B8_CB2B_F01F_9ADD))
        items[2].valueInDollars = 1_000_000_000
        items[3].serialNumber = ""
        return items
    }()

    @Test("an items.archive written by Foundation opens here with every field exact, and in a store")
    func foundationToOurs() async throws {
        let data = try foundationItemsArchive(Self.samples)
        let items = try ItemArchive.decode(data).items
        #expect(items.count == Self.samples.count)
        for (got, want) in zip(items, Self.samples) {
            #expect(Array(got.itemName.unicodeScalars) == Array(want.itemName.unicodeScalars))
            #expect(got.serialNumber == want.serialNumber)
            #expect(got.valueInDollars == want.valueInDollars)
            #expect(got.itemKey == want.itemKey)
            #expect(got.dateCreated.timeIntervalSinceReferenceDate.bitPattern == want.dateCreated.timeIntervalSinceReferenceDate.bitPattern)
            #expect(got.otherFields.isEmpty)
            #expect(got.unreadableFields.isEmpty)
        }
        try await withTemporaryFolder { folder in
            try data.write(to: folder.appendingPathComponent("items.archive"))
            let store = ItemStore(storage: .folder(folder))
            #expect(try await store.items().map(\.itemKey) == Self.samples.map(\.itemKey))
            try await store.update(Self.samples[0].itemKey, ItemChanges(valueInDollars: 7))
            try await store.close()
            // Rewritten by us, it still opens in Foundation.
            let back = try foundationReadItems(try Data(contentsOf: folder.appendingPathComponent("items.archive")))
            #expect(back.map(\.valueInDollars) == [7] + Self.samples.dropFirst().map(\.valueInDollars))
        }
    }

    @Test("our items.archive opens in Foundation with every field exact")
    func oursToFoundation() throws {
        let items = Self.samples.map {
            Item(itemName: $0.itemName, serialNumber: $0.serialNumber, valueInDollars: $0.valueInDollars, dateCreated: $0.dateCreated, itemKey: $0.itemKey)
        }
        let decoded = try foundationReadItems(try ItemArchive(items: items).encoded())
        #expect(decoded.count == items.count)
        for (got, want) in zip(decoded, Self.samples) {
            #expect(Array(got.itemName.unicodeScalars) == Array(want.itemName.unicodeScalars))
            #expect(got.serialNumber == want.serialNumber)
            #expect(got.valueInDollars == want.valueInDollars)
            #expect(got.itemKey == want.itemKey)
            #expect(got.dateCreated.timeIntervalSinceReferenceDate.bitPattern == want.dateCreated.timeIntervalSinceReferenceDate.bitPattern)
        }
    }
}
