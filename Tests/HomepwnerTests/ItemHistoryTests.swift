import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing
import TestSupport

@Suite("An item records who added it, who changed it last and its last changes")
struct ItemHistoryTests {
    /// The history's records as (person, action, fields).
    static func summary(_ item: Item) -> [String] {
        (item.history ?? []).map { "\($0.person ?? "-") \($0.action) \($0.fields.joined(separator: ","))" }
    }

    @Test("a person's add names them; each change by a person names its fields exactly; a change that changes nothing is not recorded; a change without a person joins the history and clears updatedBy; all of it is saved", arguments: StorageKind.allCases)
    func changesAreRecorded(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let added = try await ChangeAuthor.$person.withValue("anna") { try await store.add(NewItem(name: "Lamp", valueInDollars: 10)) }
            #expect(added.createdBy == "anna" && added.updatedBy == "anna")
            #expect(Self.summary(added) == ["anna created "])
            #expect(added.history?.first?.date == ItemStoreTests.date)
            let key = added.itemKey

            var renamed = ItemChanges(name: "Desk lamp", valueInDollars: 40)
            renamed.location = "Study"
            let byBen = try await ChangeAuthor.$person.withValue("ben") { try await store.update(key, renamed) }
            #expect(byBen.createdBy == "anna" && byBen.updatedBy == "ben")
            #expect(Self.summary(byBen) == ["anna created ", "ben changed name,valueInDollars,location"])

            // The same values again (the name decomposed is another name: compared by code point).
            let same = try await ChangeAuthor.$person.withValue("cleo") { try await store.update(key, ItemChanges(name: "Desk lamp", valueInDollars: 40)) }
            #expect(same.updatedBy == "ben" && Self.summary(same) == Self.summary(byBen))
            let maintained = try await ChangeAuthor.$person.withValue("cleo") {
                try await store.addMaintenance(MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: 757_382_400), note: "New bulb"), toItem: key)
            }
            #expect(maintained.updatedBy == "cleo" && Self.summary(maintained).last == "cleo changed maintenance")

            // The command line has no person: recorded, and updatedBy cleared.
            var notes = ItemChanges()
            notes.notes = "Wobbly"
            let bare = try await store.update(key, notes)
            #expect(bare.updatedBy == nil && bare.createdBy == "anna")
            #expect(Self.summary(bare).last == "- changed notes")

            _ = try await store.addLocation("Study")
            let moved = try await ChangeAuthor.$person.withValue("dora") { try await store.renameLocation("Study", to: "Office") }
            #expect(moved.movedItems == 1)
            let after = try await store.item(key)
            #expect(after.updatedBy == "dora" && Self.summary(after).last == "dora changed location")
            try await store.close()

            let reopened = ItemStoreTests.store(place.storage)
            let read = try await reopened.item(key)
            #expect(read.createdBy == "anna" && read.updatedBy == "dora")
            #expect(Self.summary(read) == ["anna created ", "ben changed name,valueInDollars,location", "cleo changed maintenance", "- changed notes", "dora changed location"])
            #expect(read.history?.allSatisfy { $0.date == ItemStoreTests.date } == true)
            #expect(read.version == after.version)
            try await reopened.close()
        }
    }

    @Test("an item no person has changed keeps no history: added and changed without accounts, it is archived with exactly the 2014 keys")
    func withoutPeopleNothingIsRecorded() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            let added = try await store.add(NewItem(name: "Lamp", valueInDollars: 10))
            let changed = try await store.update(added.itemKey, ItemChanges(name: "Desk lamp"))
            #expect(changed.createdBy == nil && changed.updatedBy == nil && changed.history == nil)
            #expect(!changed.hasDetails)
            try await store.close()
            let fields = try firstItemFields(try Data(contentsOf: folder.appendingPathComponent("items.archive")))
            #expect(Set(fields.keys.map(\.string)) == Set(["$class"] + Item.classicKeys))
        }
    }

    @Test("a history keeps the last 20 changes: the oldest go, createdBy stays")
    func historyIsBounded() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            let added = try await ChangeAuthor.$person.withValue("anna") { try await store.add(NewItem(name: "Lamp")) }
            for value in 1...25 {
                _ = try await ChangeAuthor.$person.withValue("ben") { try await store.update(added.itemKey, ItemChanges(valueInDollars: value)) }
            }
            let item = try await store.item(added.itemKey)
            #expect(ChangeHistory.limit == 20)
            #expect(item.history?.count == 20)
            #expect(Self.summary(item) == Array(repeating: "ben changed valueInDollars", count: 20))
            #expect(item.createdBy == "anna" && item.updatedBy == "ben")
            try await store.close()
        }
    }

    @Test("a CSV import by a person records the rows it adds as created and the rows it changes with their fields")
    func importRecordsItsPerson() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            let lamp = try await store.add(NewItem(name: "Lamp", valueInDollars: 10))
            var edited = lamp
            edited.valueInDollars = 99
            let spork = Item(itemName: "Spork", valueInDollars: 3, dateCreated: ItemStoreTests.date, itemKey: "0B1C2D3E-4F50-4617-8293-A4B5C6D7E8F9")
            let plan = try await store.planImport(ItemCSV.data([edited, spork], byteOrderMark: false))
            let result = try await ChangeAuthor.$person.withValue("erin") { try await store.applyImport(plan) }
            #expect(result.added.count == 1 && result.changed.count == 1)
            let items = try await store.items()
            #expect(items.map(Self.summary) == [["erin changed valueInDollars"], ["erin created "]])
            #expect(items.map(\.createdBy) == [nil, "erin"])
            try await store.close()
        }
    }

    @Test("a change record is total: a person that is not text reads as none, an unknown key is kept, and both are written back as they were")
    func recordDecodingIsTotal() throws {
        var record = ChangeRecord(date: Date(timeIntervalSinceReferenceDate: 1), person: "anna", action: ChangeRecord.changed, fields: ["name"])
        var item = Item(itemName: "Lamp", dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: "6A8F4F3E-7C1B-4E55-9A61-0D2B3C4D5E6F")
        item.history = [record]
        let data = try ItemArchive(items: [item]).encoded()
        // The record's person becomes a number, and it gains a key this version does not know.
        guard case .dictionary(var plist) = try PropertyList(data: data), case .array(var objects) = plist["$objects"] else { throw CocoaError(.coderReadCorrupt) }
        let index = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["action"] != nil } else { false } })
        guard case .dictionary(var fields) = objects[index] else { return }
        fields["person"] = .integer(7)
        fields["device"] = .integer(3)
        objects[index] = .dictionary(fields)
        plist["$objects"] = .array(objects)
        let changed = try PropertyList.dictionary(plist).encoded(as: .binary)
        let read = try #require(try ItemArchive.decode(changed).items.first?.history?.first)
        #expect(read.person == nil && read.action == ChangeRecord.changed && read.fields == ["name"])
        #expect(Set(read.otherFields.keys) == ["person", "device"])
        record.person = nil
        let back = try #require(try ItemArchive.decode(try ItemArchive(items: [try ItemArchive.decode(changed).items[0]]).encoded()).items.first?.history?.first)
        #expect(try back.otherFields.value(forKey: "person") == .integer(7))
        #expect(try back.otherFields.value(forKey: "device") == .integer(3))
    }
}
