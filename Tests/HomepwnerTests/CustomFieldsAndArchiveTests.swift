import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing
import TestSupport

@Suite("An item's own fields and its archive day: rules, the store, the filters and totals, the CSV both ways")
struct CustomFieldsAndArchiveTests {
    static func fields(_ pairs: [(String, String)]) -> [CustomField] { pairs.map { CustomField(name: $0.0, value: $0.1) } }

    @Test("fields are set in order: a name already there changes in place, an empty value removes, names compare by code point; bad names, values and too many fields are refused")
    func rules() throws {
        var fields = try ItemRules.applying(Self.fields([("Colour", " Walnut "), ("Room", "Study")]), to: nil)
        #expect(fields == Self.fields([("Colour", "Walnut"), ("Room", "Study")]))
        fields = try ItemRules.applying(Self.fields([("Room", "Hall"), ("e\u{301}clair", "1"), ("éclair", "2"), ("Colour", "")]), to: fields)
        #expect(fields?.map(\.name) == ["Room", "e\u{301}clair", "éclair"])
        #expect(fields?.first?.value == "Hall")
        #expect(try ItemRules.applying(Self.fields([("Room", ""), ("e\u{301}clair", ""), ("éclair", "")]), to: fields) == nil)
        for bad in [("", "x"), ("   ", "x"), ("two\nlines", "x"), (String(repeating: "n", count: 61), "x"), ("Colour", "a\nb"), ("Colour", String(repeating: "v", count: 501)), ("Colour", "bell\u{7}")] {
            #expect(throws: HomepwnerError.self, "\(bad)") { try ItemRules.applying(Self.fields([bad]), to: nil) }
        }
        let many = (1...31).map { CustomField(name: "F\($0)", value: "v") }
        let error = #expect(throws: HomepwnerError.self) { try ItemRules.applying(many, to: nil) }
        #expect(error?.message == "an item can have at most 30 fields of its own, not 31")
        #expect(try ItemRules.customField(parsing: "Policy=HO-3=44") == CustomField(name: "Policy", value: "HO-3=44"))
        #expect(throws: HomepwnerError.self) { try ItemRules.customField(parsing: "no equals sign") }
    }

    @Test("the store sets and removes fields and archives an item; each change changes the version; what is kept stays", arguments: StorageKind.allCases)
    func store(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Piano"))
            var changes = ItemChanges()
            changes.customFields = Self.fields([("Colour", "Walnut"), ("Policy", "HO-3")])
            let withFields = try await store.update(item.itemKey, changes)
            #expect(withFields.customFields == Self.fields([("Colour", "Walnut"), ("Policy", "HO-3")]))
            #expect(withFields.version != item.version)
            var more = ItemChanges()
            more.customFields = Self.fields([("Policy", "")])
            more.archivedDate = .some(try ItemRules.day(parsing: "2026-11-01", as: "an archive date"))
            let archived = try await store.update(item.itemKey, more)
            #expect(archived.customFields == Self.fields([("Colour", "Walnut")]))
            #expect(archived.archivedDate.flatMap(ItemRules.dayText) == "2026-11-01")
            #expect(archived.isArchived && archived.version != withFields.version)
            var bad = ItemChanges()
            bad.archivedDate = .some(Date(timeIntervalSinceReferenceDate: -10_000_000_000))
            await #expect(throws: HomepwnerError.self) { try await store.update(item.itemKey, bad) }
            try await store.close()
            let reopened = ItemStoreTests.store(place.storage)
            #expect(try await reopened.item(item.itemKey) == archived)
            let archive = try ItemArchive.decode(try #require(try await place.read("items.archive")))
            #expect(archive.modelVersion == ItemArchive.modelVersions.current)
            var back = ItemChanges()
            back.archivedDate = .some(nil)
            back.customFields = []
            back.replacesCustomFields = true
            let restored = try await reopened.update(item.itemKey, back)
            #expect(restored.archivedDate == nil && restored.customFields == nil)
            #expect(restored.version == item.version, "no fields and not archived: the version of the plain item")
            try await reopened.close()
        }
    }

    @Test("a field whose value is no string reads as empty, is named by check, and is written back as it was")
    func totalDecoding() throws {
        var item = fixedItem(1)
        item.customFields = Self.fields([("Colour", "Walnut")])
        let data = try ItemArchive(items: [item]).encoded()
        guard case .dictionary(var root) = try PropertyList(data: data), case .array(var objects) = root["$objects"] else {
            Issue.record("not an archive")
            return
        }
        for index in objects.indices {
            guard case .dictionary(var fields) = objects[index], fields["value"] != nil, fields["name"] != nil else { continue }
            fields["value"] = .integer(7)
            objects[index] = .dictionary(fields)
        }
        root["$objects"] = .array(objects)
        let changed = try PropertyList.dictionary(root).encoded(as: .binary)
        let read = try ItemArchive.decode(changed).items[0]
        #expect(read.customFields?.first?.value == "")
        #expect(read.customFields?.first?.unreadableFields == ["value"])
        let written = try ItemArchive(items: [read]).encoded()
        #expect(try ItemArchive.decode(written).items[0].customFields?.first?.otherFields == read.customFields?.first?.otherFields)
        #expect(try read.customFields?.first?.otherFields.value(forKey: "value") == .integer(7), "written back as it was read")
        #expect(ItemRules.problems(of: read).map(\.message) == ["the field Colour: value holds a value of another type; it is kept as it is until the field is set"])
    }

    @Test("archived items are out of the list, the searches and every total unless asked for; their fields are searched")
    func filtersAndTotals() throws {
        var piano = fixedItem(1, name: "Piano"), bike = fixedItem(2, name: "Bike"), sofa = fixedItem(3, name: "Sofa")
        piano.customFields = Self.fields([("Colour", "Walnut")])
        piano.location = "House › Study"
        sofa.archivedDate = Date(timeIntervalSinceReferenceDate: 788_918_400)
        sofa.location = "House › Study"
        let catalog = ItemCatalog(items: [piano, bike, sofa])
        let hidden = catalog.search(ItemQuery())
        #expect(hidden.items.map(\.itemName) == ["Piano", "Bike"])
        #expect(hidden.everything == ItemTotals([piano, bike]))
        #expect(hidden.archivedLeftOut == 1)
        #expect(hidden.byPlace.first { $0.name == "House › Study" }?.all.count == 1)
        let included = catalog.search(ItemQuery(archived: .included))
        #expect(included.items.count == 3 && included.archivedLeftOut == 0)
        #expect(included.everything == ItemTotals([piano, bike, sofa]))
        let only = catalog.search(ItemQuery(archived: .only))
        #expect(only.items.map(\.itemName) == ["Sofa"])
        #expect(ItemQuery(archived: .only).narrows)
        #expect(catalog.search(ItemQuery(text: "walnut")).items.map(\.itemName) == ["Piano"])
        #expect(catalog.search(ItemQuery(text: "colour")).items.map(\.itemName) == ["Piano"])
        let board = ItemDashboard(catalog, now: Date(timeIntervalSinceReferenceDate: 800_000_000))
        #expect(board.everything.count == 2)
        #expect(!board.recentlyAdded.entries.contains { $0.item.itemName == "Sofa" })
    }

    @Test("the CSV writes Archived and a Field: column per name; imported back it changes only what was edited, an empty Field: cell removing that field")
    func csvBothWays() throws {
        var piano = fixedItem(1, name: "Piano"), bike = fixedItem(2, name: "Bike")
        piano.customFields = Self.fields([("Colour", "=Walnut"), ("Policy", "HO-3")])
        bike.customFields = Self.fields([("Frame", "Steel")])
        bike.archivedDate = Date(timeIntervalSinceReferenceDate: 788_918_400)
        let csv = ItemCSV.csv([piano, bike])
        let rows = csv.components(separatedBy: "\r\n")
        #expect(rows[0].hasSuffix(",Manufacturer,Archived,Maintenance,Total Value in Dollars,Field: Colour,Field: Policy,Field: Frame"))
        #expect(rows[1].hasSuffix(",,,28,'=Walnut,HO-3,"))
        #expect(rows[2].hasSuffix(",2026-01-01,,53,,,Steel"))
        let unedited = try ItemImportPlan.plan(try CSVTable(Data(csv.utf8)), against: [piano, bike])
        #expect(unedited.changes.isEmpty && unedited.unchangedCount == 2 && unedited.refusals.isEmpty)

        let edited = csv.replacingOccurrences(of: "'=Walnut,HO-3,", with: "Oak,,").replacingOccurrences(of: ",2026-01-01,,53,", with: ",,,53,")
        let plan = try ItemImportPlan.plan(try CSVTable(Data(edited.utf8)), against: [piano, bike])
        #expect(plan.refusals.isEmpty)
        #expect(plan.changes.map(\.columns) == [["Field: Colour", "Field: Policy"], ["Archived"]])
        #expect(plan.changes[0].item.customFields == Self.fields([("Colour", "Oak")]))
        #expect(plan.changes[1].item.archivedDate == nil)
        #expect(plan.changes[1].item.customFields == Self.fields([("Frame", "Steel")]))

        let added = try ItemImportPlan.plan(try CSVTable(Data("Name,Archived,Field: Room,Field:  \r\nLamp,2025-05-05,Hall,x\r\nMug,not a day,,\r\n".utf8)), against: [])
        #expect(added.ignoredColumns == ["Field:"])
        #expect(added.additions.map(\.item.itemName) == ["Lamp"])
        #expect(added.additions.first?.item.customFields == Self.fields([("Room", "Hall")]))
        #expect(added.additions.first?.item.archivedDate.flatMap(ItemRules.dayText) == "2025-05-05")
        #expect(added.refusals.map(\.line) == [3])
    }
}
