import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import KeyedArchiveSamples
import Testing

/// The `items.archive` of each model version, checked in under `Fixtures/model-versions/` and
/// made by the functions here (run `HOMEPWNER_WRITE_FIXTURES=1 swift test --filter
/// ModelVersionFixtureTests` to write them again):
/// - `items-v1.archive`: version 1, as the 2014 app wrote it — Foundation's `NSKeyedArchiver`
///   on an `NSMutableArray` of items, the class renamed `BNRItem` in the plist; no version.
/// - `items-v2.archive`: version 2, as this homepwner's writer writes it with the version
///   recorded as 2: the same items, the first with details; `$top` `modelVersion` 2.
/// - `items-v3.archive`: version 3, as the homepwner of version 3 wrote it (the version recorded as 3): the
///   version 2 items, the first with a maintenance log of two entries too.
/// - `items-v4.archive`: version 4, as the homepwner of version 4 wrote it (the version
///   recorded as 4): the version 3 items, the first with two fields of its own, the last archived.
/// - `items-v5.archive`: version 5, as this homepwner writes it: the version 4 items, the first
///   naming who added it and changed it last, with its history of three changes.
/// - `items-v9.archive`: a version from the future, hand-built from the version 3 file's plist:
///   `$top` `modelVersion` 9, and every item a key `condition` (an `NSString`) this model does
///   not know.
enum ModelVersionFixtures {
    /// The three items every fixture holds (the five 2014 fields).
    static let items: [HomepwnerItem] = [
        HomepwnerItem(itemName: "Mac Mini", serialNumber: "C07XYZ", dateCreated: Date(timeIntervalSinceReferenceDate: 417_000_000.25), itemKey: "6A8F4F3E-7C1B-4E55-9A61-0D2B3C4D5E6F", valueInDollars: 1_200),
        HomepwnerItem(itemName: "e\u{301}clair 😀", serialNumber: "", dateCreated: Date(timeIntervalSinceReferenceDate: 417_100_000.5), itemKey: "0B1C2D3E-4F50-4617-8293-A4B5C6D7E8F9", valueInDollars: 0),
        HomepwnerItem(itemName: "Spork", serialNumber: "SP-1", dateCreated: Date(timeIntervalSinceReferenceDate: 417_200_000), itemKey: "F0E1D2C3-B4A5-4697-8877-665544332211", valueInDollars: 3),
    ]

    /// The details of the first item in the version 2 and 3 fixtures.
    static func withDetails(_ item: Item) -> Item {
        var item = item
        item.location = "House › Garage"
        item.labels = ["computers", "office"]
        item.quantity = 2
        return item
    }

    /// The version 2 model of ``items``: the first with details.
    static var modelItems: [Item] {
        items.enumerated().map { index, sample in
            let item = Item(itemName: sample.itemName, serialNumber: sample.serialNumber, valueInDollars: sample.valueInDollars, dateCreated: sample.dateCreated, itemKey: sample.itemKey)
            return index == 0 ? withDetails(item) : item
        }
    }

    /// The version 1 file: the 2014 app's, written by Foundation.
    static func makeV1() throws -> Data {
        try foundationItemsArchive(items)
    }

    /// The maintenance log of the first item in the version 3 fixture.
    static let maintenance = [
        MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: 757_382_400), note: "New fan\nand thermal paste", cost: 35, nextDue: Date(timeIntervalSinceReferenceDate: 788_918_400)),
        MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: 788_918_400), note: "Dusted"),
    ]

    /// The version 3 model of ``items``: ``modelItems``, the first with ``maintenance`` too.
    static var modelItemsV3: [Item] {
        var items = modelItems
        items[0].maintenance = maintenance
        return items
    }

    /// The fields of the first item and the archive day of the last in the version 4 fixture.
    static let customFields = [CustomField(name: "Colour", value: "Space grey"), CustomField(name: "Insurance policy", value: "HO-3 4471")]
    static let archivedDate = Date(timeIntervalSinceReferenceDate: 788_918_400)

    /// The version 4 model of ``items``: ``modelItemsV3``, the first with ``customFields``, the
    /// last archived on ``archivedDate``.
    static var modelItemsV4: [Item] {
        var items = modelItemsV3
        items[0].customFields = customFields
        items[items.count - 1].archivedDate = archivedDate
        return items
    }

    /// The version 4 file: written by this homepwner.
    static func makeV4() throws -> Data {
        try recording(version: 4, in: try ItemArchive(items: modelItemsV4).encoded())
    }

    /// Who added the first item of the version 5 fixture and changed it, and its history: added
    /// by alice, its notes changed without an account, its name and value by Bøb.
    static let history = [
        ChangeRecord(date: Date(timeIntervalSinceReferenceDate: 417_000_000.25), person: "alice", action: ChangeRecord.created),
        ChangeRecord(date: Date(timeIntervalSinceReferenceDate: 788_918_400.125), person: nil, action: ChangeRecord.changed, fields: ["notes"]),
        ChangeRecord(date: Date(timeIntervalSinceReferenceDate: 820_454_400.5), person: "Bøb", action: ChangeRecord.changed, fields: ["name", "valueInDollars"]),
    ]

    /// The version 5 model of ``items``: ``modelItemsV4``, the first added by alice and last
    /// changed by Bøb with its ``history``.
    static var modelItemsV5: [Item] {
        var items = modelItemsV4
        items[0].createdBy = "alice"
        items[0].updatedBy = "Bøb"
        items[0].history = history
        return items
    }

    /// The version 5 file: written by this homepwner.
    static func makeV5() throws -> Data {
        try ItemArchive(items: modelItemsV5).encoded()
    }

    /// The version 2 file: written by this homepwner's writer, the version recorded as 2.
    static func makeV2() throws -> Data {
        try recording(version: 2, in: try ItemArchive(items: modelItems).encoded())
    }

    /// The version 3 file: as this homepwner wrote it at version 3 (the version recorded as 3).
    static func makeV3() throws -> Data {
        try recording(version: 3, in: try ItemArchive(items: modelItemsV3).encoded())
    }

    /// The version 9 file: the version 3 file with `modelVersion` 9 and a `condition` per item.
    static func makeV9() throws -> Data {
        try recording(version: 9, in: try makeV3()) { objects in
            for index in objects.indices {
                guard case .dictionary(var fields) = objects[index], fields["itemKey"] != nil else { continue }
                objects.append(.string("like new"))
                fields["condition"] = .uid(UInt32(objects.count - 1))
                objects[index] = .dictionary(fields)
            }
        }
    }

    /// `data` (an archive this homepwner wrote) with its `modelVersion` object set to `version`,
    /// and its `$objects` changed by `change`.
    static func recording(version: Int, in data: Data, _ change: (inout [PropertyList]) -> Void = { _ in }) throws -> Data {
        guard case .dictionary(var root) = try PropertyList(data: data),
              case .dictionary(let top) = root["$top"], case .array(var objects) = root["$objects"],
              case .uid(let uid) = top["modelVersion"] else { throw FixtureError() }
        objects[Int(uid)] = .integer(Int64(version))
        change(&objects)
        root["$objects"] = .array(objects)
        return try PropertyList.dictionary(root).encoded(as: .binary)
    }

    struct FixtureError: Error {}

    /// The checked-in fixture of `version`.
    static func data(version: Int) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/model-versions/items-v\(version).archive", withExtension: nil), "fixture items-v\(version).archive is missing")
        return try Data(contentsOf: url)
    }

    /// Where the fixtures are in the source tree (for writing them again).
    static var sourceFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/model-versions", isDirectory: true)
    }

    /// Checks that `items` are ``items`` with every one of the five fields exact.
    static func expectFiveFields(_ got: [(name: String, serial: String, date: Date, key: String, value: Int)], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(got.count == items.count, sourceLocation: sourceLocation)
        for (got, want) in zip(got, items) {
            #expect(got.name.unicodeScalars.elementsEqual(want.itemName.unicodeScalars), sourceLocation: sourceLocation)
            #expect(got.serial.unicodeScalars.elementsEqual(want.serialNumber.unicodeScalars), sourceLocation: sourceLocation)
            #expect(got.key.unicodeScalars.elementsEqual(want.itemKey.unicodeScalars), sourceLocation: sourceLocation)
            #expect(got.date.timeIntervalSinceReferenceDate.bitPattern == want.dateCreated.timeIntervalSinceReferenceDate.bitPattern, sourceLocation: sourceLocation)
            #expect(got.value == want.valueInDollars, sourceLocation: sourceLocation)
        }
    }
}

extension Item {
    /// The five 2014 fields, for ``ModelVersionFixtures/expectFiveFields(_:sourceLocation:)``.
    var fiveFields: (name: String, serial: String, date: Date, key: String, value: Int) {
        (itemName, serialNumber, dateCreated, itemKey, valueInDollars)
    }
}

extension FoundationItem {
    /// The five 2014 fields, for ``ModelVersionFixtures/expectFiveFields(_:sourceLocation:)``.
    var fiveFields: (name: String, serial: String, date: Date, key: String, value: Int) {
        (itemName, serialNumber, dateCreated, itemKey, valueInDollars)
    }
}
