import Foundation
@testable import Homepwner
import KeyedArchive
import Testing
import TestSupport

@Suite("Damage inside one item's field is damage to the file: read-only, never overwritten")
struct FieldDamageTests {
    @Test("An object marker that is no marker inside a field: the store lists what it can, refuses every change, and leaves the file as it was")
    func invalidMarkerInAField() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            try await store.load()
            _ = try await store.add(NewItem(name: "A", serialNumber: "DMG-SERIAL7"))
            let second = try await store.add(NewItem(name: "B"))
            try await store.close()

            let url = folder.appendingPathComponent("items.archive")
            var bytes = try Data(contentsOf: url)
            let serial = try #require(bytes.range(of: Data("DMG-SERIAL7".utf8)))
            bytes[serial.lowerBound - 1] = 0xFF
            try bytes.write(to: url)

            let reopened = ItemStoreTests.store(folder)
            try await reopened.load()
            guard case .damaged(let reason) = await reopened.status else {
                Issue.record("status is \(await reopened.status)")
                return
            }
            #expect(reason.contains("unknown marker 0xFF"))
            for change in [
                { _ = try await reopened.update(second.itemKey, ItemChanges(valueInDollars: 5)) },
                { _ = try await reopened.add(NewItem(name: "C")) },
                { _ = try await reopened.delete(second.itemKey) },
            ] as [@Sendable () async throws -> Void] {
                let error = await #expect(throws: HomepwnerError.self) { try await change() }
                #expect(error?.code == .damagedArchive)
                #expect(error?.message.hasPrefix("nothing was changed: \(url.path) is damaged (") == true)
            }
            try await reopened.close()
            #expect(try Data(contentsOf: url) == bytes)
        }
    }

    @Test("A field that refers to an object the archive does not have: damage to the file, not a value of the wrong type; check --repair keeps the damaged file beside the repaired one")
    func brokenReferenceInAField() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStoreTests.store(folder)
            try await store.load()
            _ = try await store.add(NewItem(name: "A", serialNumber: "DMG-SERIAL7"))
            _ = try await store.add(NewItem(name: "B"))
            try await store.close()

            // The first item's serialNumber now refers to object 9999.
            let url = folder.appendingPathComponent("items.archive")
            guard case .dictionary(var root) = try PropertyList(data: Data(contentsOf: url)), case .array(var objects) = root["$objects"] else {
                Issue.record("items.archive is not a keyed archive")
                return
            }
            let index = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["serialNumber"] != nil } else { false } })
            guard case .dictionary(var fields) = objects[index] else { return }
            fields["serialNumber"] = .uid(9999)
            objects[index] = .dictionary(fields)
            root["$objects"] = .array(objects)
            let damaged = try PropertyList.dictionary(root).encoded(as: .binary)
            try damaged.write(to: url)

            let reopened = ItemStoreTests.store(folder)
            try await reopened.load()
            guard case .damaged(let reason) = await reopened.status else {
                Issue.record("status is \(await reopened.status)")
                return
            }
            #expect(reason.contains("a reference to object 9999"))
            let error = await #expect(throws: HomepwnerError.self) { _ = try await reopened.add(NewItem(name: "C")) }
            #expect(error?.code == .damagedArchive)
            let report = try await reopened.repair()
            #expect(report.repairs.first?.hasPrefix("moved the damaged archive to items.archive.damaged-") == true)
            try await reopened.close()
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("items.archive.damaged-") }
            #expect(kept.count == 1)
            #expect(try Data(contentsOf: folder.appendingPathComponent(kept[0])) == damaged)
        }
    }
}
