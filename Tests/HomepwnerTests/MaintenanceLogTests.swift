import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing
import TestSupport

/// A UTC day as a date.
func utcDay(_ text: String) -> Date {
    (try? ItemRules.day(parsing: text, as: "a day")).flatMap { $0 } ?? Date(timeIntervalSinceReferenceDate: .nan)
}

@Suite("An item's maintenance log: its rules, its order, its archive and the store's changes")
struct MaintenanceLogTests {
    @Test("an entry is checked: the note trimmed and required, the cost whole dollars from 0, both days 1900–2199, the next one not before the work's")
    func rules() throws {
        let entry = try ItemRules.maintenanceEntry(date: utcDay("2026-03-01"), note: "  Changed the filter\r\nand the belt ", cost: 40, nextDue: utcDay("2026-09-01"))
        #expect(entry == MaintenanceEntry(date: utcDay("2026-03-01"), note: "Changed the filter\nand the belt", cost: 40, nextDue: utcDay("2026-09-01")))
        let sameDay = try ItemRules.maintenanceEntry(date: utcDay("2026-03-01"), note: "x", cost: nil, nextDue: utcDay("2026-03-01"))
        #expect(sameDay.nextDue == utcDay("2026-03-01"))
        func refusal(_ date: Date, _ note: String, _ cost: Int?, _ next: Date?) -> String? {
            do {
                _ = try ItemRules.maintenanceEntry(date: date, note: note, cost: cost, nextDue: next)
                return nil
            } catch let error as HomepwnerError {
                #expect(error.code == .invalidValue)
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal(utcDay("2026-03-01"), "  \n ", nil, nil) == "a maintenance entry needs a note saying what was done")
        #expect(refusal(utcDay("2026-03-01"), "x", -1, nil)?.hasPrefix("a maintenance cost ") == true)
        #expect(refusal(utcDay("2026-03-01"), "x", nil, utcDay("2026-02-28")) == "the next-due date 2026-02-28 is before the work's date 2026-03-01")
        #expect(refusal(utcDay("1899-12-31"), "x", nil, nil) == "a maintenance date must be from 1900-01-01 to 2199-12-31, not 1899-12-31T00:00:00.000Z")
        #expect(refusal(Date(timeIntervalSinceReferenceDate: .infinity), "x", nil, nil) == "a maintenance date must be from 1900-01-01 to 2199-12-31, not inf seconds from 2001-01-01")
        #expect(refusal(utcDay("2026-03-01"), String(repeating: "a", count: 2_001), nil, nil)?.hasPrefix("a maintenance note ") == true)
        #expect(refusal(utcDay("2026-03-01"), "bell\u{7}", nil, nil)?.hasPrefix("a maintenance note ") == true)
    }

    @Test("an entry goes after every entry of its day or earlier: the log stays oldest first, one day's entries in the order added")
    func insertionOrder() {
        let log = [
            MaintenanceEntry(date: utcDay("2026-01-01"), note: "a"),
            MaintenanceEntry(date: utcDay("2026-02-01"), note: "b"),
            MaintenanceEntry(date: utcDay("2026-02-01"), note: "c"),
            MaintenanceEntry(date: utcDay("2026-05-01"), note: "d"),
        ]
        #expect(ItemRules.maintenanceIndex(for: MaintenanceEntry(date: utcDay("2025-12-31"), note: "x"), in: log) == 0)
        #expect(ItemRules.maintenanceIndex(for: MaintenanceEntry(date: utcDay("2026-02-01"), note: "x"), in: log) == 3)
        #expect(ItemRules.maintenanceIndex(for: MaintenanceEntry(date: utcDay("2026-06-01"), note: "x"), in: log) == 4)
        #expect(ItemRules.maintenanceIndex(for: MaintenanceEntry(date: utcDay("2026-06-01"), note: "x"), in: []) == 0)
    }

    @Test("the next maintenance is the latest entry's next-due date: none when that entry gives none, or the date is not finite")
    func nextMaintenance() {
        var item = fixedItem(0)
        #expect(ItemRules.nextMaintenance(of: item) == nil)
        item.maintenance = [MaintenanceEntry(date: utcDay("2026-01-01"), note: "a", nextDue: utcDay("2026-07-01"))]
        #expect(ItemRules.nextMaintenance(of: item) == utcDay("2026-07-01"))
        item.maintenance?.append(MaintenanceEntry(date: utcDay("2026-06-01"), note: "b", nextDue: utcDay("2027-06-01")))
        #expect(ItemRules.nextMaintenance(of: item) == utcDay("2027-06-01"))
        item.maintenance?.append(MaintenanceEntry(date: utcDay("2026-06-02"), note: "c"))
        #expect(ItemRules.nextMaintenance(of: item) == nil)
        item.maintenance = [MaintenanceEntry(date: utcDay("2026-01-01"), note: "a", nextDue: Date(timeIntervalSinceReferenceDate: .nan))]
        #expect(ItemRules.nextMaintenance(of: item) == nil)
    }

    @Test("a log is archived as an NSArray of HPMaintenanceEntry objects, cost inline and only the keys set; it changes the item's version")
    func archivedForm() throws {
        var item = fixedItem(0)
        let plainVersion = item.version
        item.maintenance = [MaintenanceEntry(date: utcDay("2026-01-01"), note: "Oiled", cost: 12, nextDue: utcDay("2026-07-01")), MaintenanceEntry(date: utcDay("2026-02-01"), note: "Dusted")]
        #expect(item.version != plainVersion)
        var cheaper = item
        cheaper.maintenance?[0].cost = 11
        #expect(cheaper.version != item.version)
        var noCost = item
        noCost.maintenance?[0].cost = 0
        var costZero = item
        costZero.maintenance?[0].cost = nil
        #expect(noCost.version != costZero.version)
        let data = try ItemArchive(items: [item]).encoded()
        guard case .dictionary(let root) = try PropertyList(data: data), case .array(let objects)? = root["$objects"] else {
            Issue.record("no $objects")
            return
        }
        let fields = try firstItemFields(data)
        guard case .uid(let logUID)? = fields["maintenance"], case .dictionary(let array) = objects[Int(logUID)], case .array(let entryUIDs)? = array["NS.objects"] else {
            Issue.record("no maintenance array")
            return
        }
        #expect(entryUIDs.count == 2)
        var entries: [[String]] = []
        for case .uid(let uid) in entryUIDs {
            guard case .dictionary(let entry) = objects[Int(uid)], case .uid(let classUID)? = entry["$class"], case .dictionary(let classInfo) = objects[Int(classUID)] else { continue }
            #expect(classInfo["$classname"] == .string("HPMaintenanceEntry"))
            entries.append(entry.keys.map(\.string).sorted())
            if entry["cost"] != nil { #expect(entry["cost"] == .integer(12)) }
        }
        #expect(entries == [["$class", "cost", "date", "nextDue", "note"], ["$class", "date", "note"]])
        #expect(try ItemArchive.decode(data).items == [item])
        // The direct writer and the generic archiver agree on it.
        #expect(try PropertyList(data: ItemArchive(items: [item]).encodedByArchiver()) == PropertyList(data: data))
    }

    @Test("a log holding something else, or entries with values of other types, reads as far as it can: kept as it was and named, written back unchanged")
    func oddLogsAreKept() throws {
        var item = fixedItem(1)
        item.maintenance = [MaintenanceEntry(date: utcDay("2026-01-01"), note: "Oiled")]
        let archiver = KeyedArchiver()
        archiver.encode(ItemArchive(items: [item]), forKey: "root")
        guard case .dictionary(var plist) = archiver.propertyList, case .array(var objects) = plist["$objects"] else { return }
        // The entry's note becomes a number and it gains a key no version knows.
        let entryIndex = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["note"] != nil } else { false } })
        guard case .dictionary(var entry) = objects[entryIndex] else { return }
        entry["note"] = .integer(5)
        entry["mileage"] = .integer(80_000)
        objects[entryIndex] = .dictionary(entry)
        plist["$objects"] = .array(objects)
        let data = try PropertyList.dictionary(plist).encoded(as: .binary)
        let read = try #require(try ItemArchive.decode(data).items.first)
        let readEntry = try #require(read.maintenance?.first)
        #expect(readEntry.note == "")
        #expect(readEntry.unreadableFields == ["note"])
        #expect(readEntry.otherFields.keys.sorted() == ["mileage", "note"])
        #expect(ItemRules.problems(of: read).map(\.field) == [.maintenance])
        let written = try ItemArchive(items: [read]).encoded()
        let again = try #require(try ItemArchive.decode(written).items.first?.maintenance?.first)
        #expect(try again.otherFields.value(forKey: "mileage") == .integer(80_000))
        #expect(try again.otherFields.value(forKey: "note") == .integer(5))

        // A `maintenance` key holding a string: no log, the value kept and named.
        let itemIndex = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["itemKey"] != nil } else { false } })
        guard case .dictionary(var itemFields) = objects[itemIndex] else { return }
        objects.append(.string("see the binder"))
        itemFields["maintenance"] = .uid(UInt32(objects.count - 1))
        objects[itemIndex] = .dictionary(itemFields)
        plist["$objects"] = .array(objects)
        let odd = try #require(try ItemArchive.decode(try PropertyList.dictionary(plist).encoded(as: .binary)).items.first)
        #expect(odd.maintenance == nil)
        #expect(odd.unreadableFields == ["maintenance"])
        #expect(try firstItemFields(try ItemArchive(items: [odd]).encoded())["maintenance"].map { _ in true } == true)
        #expect(try ItemArchive.decode(try ItemArchive(items: [odd]).encoded()).items.first?.otherFields.value(forKey: "maintenance") == .string("see the binder"))
    }

    @Test("the store adds entries in date order and removes them by number, each a durable change of the item's version; the last removed leaves no key", arguments: StorageKind.allCases)
    func storeAddsAndRemoves(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let added = try await store.add(NewItem(name: "Furnace"))
            let key = added.itemKey
            let first = try await store.addMaintenance(MaintenanceEntry(date: utcDay("2026-03-01"), note: " New filter ", cost: 30, nextDue: utcDay("2026-09-01")), toItem: key)
            #expect(first.maintenance?.map(\.note) == ["New filter"])
            #expect(first.version != added.version)
            let second = try await store.addMaintenance(MaintenanceEntry(date: utcDay("2025-10-01"), note: "Inspected"), toItem: key, ifVersion: first.version)
            #expect(second.maintenance?.map(\.note) == ["Inspected", "New filter"])
            await #expect(throws: HomepwnerError.self) {
                try await store.addMaintenance(MaintenanceEntry(date: utcDay("2026-04-01"), note: "late"), toItem: key, ifVersion: first.version)
            }
            await #expect(throws: HomepwnerError(.invalidValue, "a maintenance entry needs a note saying what was done")) {
                try await store.addMaintenance(MaintenanceEntry(date: utcDay("2026-04-01"), note: " "), toItem: key)
            }
            await #expect(throws: HomepwnerError(.notFound, "no item has the key NOPE")) {
                try await store.addMaintenance(MaintenanceEntry(date: utcDay("2026-04-01"), note: "x"), toItem: "NOPE")
            }
            try await store.close()
            let reopened = ItemStoreTests.store(place.storage)
            #expect(try await reopened.item(key).maintenance == second.maintenance)
            await #expect(throws: HomepwnerError(.notFound, "item \(key) has no maintenance entry 3; it has 2")) {
                try await reopened.removeMaintenance(number: 3, fromItem: key)
            }
            await #expect(throws: HomepwnerError(.notFound, "item \(key) has no maintenance entry 0; it has 2")) {
                try await reopened.removeMaintenance(number: 0, fromItem: key)
            }
            let (afterOne, removed) = try await reopened.removeMaintenance(number: 1, fromItem: key, ifVersion: second.version)
            #expect(removed.note == "Inspected")
            #expect(afterOne.maintenance?.map(\.note) == ["New filter"])
            let (afterTwo, _) = try await reopened.removeMaintenance(number: 1, fromItem: key)
            #expect(afterTwo.maintenance == nil)
            #expect(afterTwo.version == added.version)
            try await reopened.close()
            let archive = try #require(try await place.read("items.archive"))
            #expect(try firstItemFields(archive)["maintenance"] == nil)
        }
    }

    @Test("the CSV export writes the log in its Maintenance column, an entry a line; importing the file again leaves every log as it was", arguments: StorageKind.allCases)
    func csvColumn(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            let item = try await store.add(NewItem(name: "Mower", valueInDollars: 300))
            try await store.addMaintenance(MaintenanceEntry(date: utcDay("2026-04-01"), note: "Blade sharpened", cost: 25, nextDue: utcDay("2027-04-01")), toItem: item.itemKey)
            try await store.addMaintenance(MaintenanceEntry(date: utcDay("2026-05-01"), note: "=cleaned"), toItem: item.itemKey)
            let withLog = try await store.item(item.itemKey)
            let csv = ItemCSV.data([withLog], byteOrderMark: false)
            let table = try CSVTable(csv)
            let column = try #require(table.header.firstIndex(of: "Maintenance"))
            #expect(table.header[column + 1] == "Total Value in Dollars")
            #expect(table.rows[0].fields[column] == "2026-04-01: Blade sharpened ($25; next due 2027-04-01)\n2026-05-01: =cleaned")
            // A log typed over in a spreadsheet is not read back either.
            var edited = table
            edited.rows[0].fields[column] = "2020-01-01: something else"
            #expect(try ItemImportPlan.plan(edited, against: [withLog]).unchangedCount == 1)
            let plan = try await store.planImport(csv)
            _ = try await store.applyImport(plan)
            #expect(try await store.item(item.itemKey).maintenance == withLog.maintenance)
            try await store.close()
        }
    }

    @Test("a log holds at most 500 entries: the 501st is refused and nothing is saved")
    func logLimit() async throws {
        try await withTemporaryFolder { folder in
            var item = fixedItem(2)
            item.maintenance = (0..<ItemRules.maxMaintenanceEntries).map { MaintenanceEntry(date: utcDay("2026-01-01").addingTimeInterval(Double($0) * 86_400), note: "day \($0)") }
            try ItemArchive(items: [item]).encoded().write(to: folder.appendingPathComponent("items.archive"))
            let store = ItemStore(storage: .folder(folder))
            await #expect(throws: HomepwnerError(.invalidValue, "item \(item.itemKey) already has 500 maintenance entries, the most an item can have; remove one first")) {
                try await store.addMaintenance(MaintenanceEntry(date: utcDay("2026-01-01"), note: "one more"), toItem: item.itemKey)
            }
            #expect(try await store.item(item.itemKey).maintenance?.count == 500)
            try await store.close()
        }
    }
}
