import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing
import TestSupport

@Suite("The report's owner and policy block: owner.plist beside items.archive, set, kept, checked, exported")
struct InventoryOwnerTests {
    @Test("fields are checked (trimmed, an empty one clears, line breaks only in the address) and nothing is applied when one is refused")
    func rules() throws {
        var owner = InventoryOwner()
        try owner.apply(.init(name: "  Ana Rivera ", address: "1 Elm St\r\nSpringfield", insurer: "Acme Mutual", policyNumber: "HO-3 4471"))
        #expect(owner == InventoryOwner(name: "Ana Rivera", address: "1 Elm St\nSpringfield", insurer: "Acme Mutual", policyNumber: "HO-3 4471"))
        try owner.apply(.init(address: ""))
        #expect(owner.address == nil && owner.name == "Ana Rivera")
        #expect(throws: HomepwnerError.self) { try owner.apply(.init(name: "Ana\nRivera", insurer: "Other")) }
        #expect(owner.insurer == "Acme Mutual")
        #expect(throws: HomepwnerError.self) { try owner.apply(.init(policyNumber: String(repeating: "9", count: 201))) }
        #expect(throws: HomepwnerError.self) { try owner.apply(.init(address: String(repeating: "a", count: 501))) }
    }

    @Test("owner.plist is a dictionary of strings; keys it does not know and odd values are kept as they were; anything else is .corrupt")
    func fileForm() throws {
        let owner = InventoryOwner(name: "Ana", insurer: "Acme")
        guard case .dictionary(let fields) = try PropertyList(data: owner.encoded()) else {
            Issue.record("not a dictionary")
            return
        }
        #expect(fields == [PropertyListKey("name"): .string("Ana"), PropertyListKey("insurer"): .string("Acme")])
        let foreign = try PropertyList.dictionary([PropertyListKey("name"): .integer(5), PropertyListKey("agent"): .string("Bo"), PropertyListKey("policyNumber"): .string("P-1")]).encoded(as: .binary)
        var read = try InventoryOwner.decoded(foreign)
        #expect(read.name == nil && read.policyNumber == "P-1")
        #expect(read.otherFields.keys.map(\.string).sorted() == ["agent", "name"])
        try read.apply(.init(insurer: "Acme"))
        guard case .dictionary(let written) = try PropertyList(data: read.encoded()) else { return }
        #expect(written[PropertyListKey("agent")] == .string("Bo"))
        #expect(written[PropertyListKey("name")] == .integer(5))
        try read.apply(.init(name: "Ana"))
        #expect(read.otherFields.keys.map(\.string) == ["agent"])
        for bad in [Data("not a plist".utf8), try PropertyList.array([]).encoded(as: .binary), Data()] {
            #expect(throws: HomepwnerError.self) { try InventoryOwner.decoded(bad) }
        }
    }

    @Test("the store sets the block durably in owner.plist, never in items.archive; a change keeps the fields it does not name", arguments: StorageKind.allCases)
    func store(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            try await store.add(NewItem(name: "Lamp"))
            let archive = try await place.read("items.archive")
            #expect(try await store.owner().isEmpty)
            try await store.changeOwner(.init(name: "Ana Rivera", insurer: "Acme Mutual"))
            let changed = try await store.changeOwner(.init(policyNumber: "HO-3 4471"))
            #expect(changed == InventoryOwner(name: "Ana Rivera", insurer: "Acme Mutual", policyNumber: "HO-3 4471"))
            await #expect(throws: HomepwnerError.self) { try await store.changeOwner(.init(name: "a\u{7}")) }
            try await store.close()
            #expect(try await place.read("items.archive") == archive)
            let reopened = ItemStoreTests.store(place.storage)
            #expect(try await reopened.owner() == changed)
            try await reopened.close()
        }
    }

    @Test("check reports an owner.plist that cannot be read; check --repair moves it aside byte for byte and the block starts empty", arguments: StorageKind.allCases)
    func repair(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            try await store.add(NewItem(name: "Lamp"))
            let garbage = Data("<plist>broken".utf8)
            try await place.write("owner.plist", garbage)
            await #expect(throws: HomepwnerError(.corrupt, "owner.plist is not a property list with the owner's details")) { try await store.owner() }
            let checked = try await store.check()
            #expect(checked.ownerProblem == "owner.plist is not a property list with the owner's details" && !checked.isClean)
            let repaired = try await store.repair()
            let aside = "owner.plist.damaged-\(Int(ItemStoreTests.date.timeIntervalSince1970))"
            #expect(repaired.repairs == ["moved the owner's details, which cannot be read, to \(aside); set them again with homepwner owner set"])
            #expect(repaired.isClean)
            #expect(try await place.read(aside) == garbage)
            #expect(try await store.owner().isEmpty)
            try await store.close()
        }
    }

    @Test("the inventory zip carries owner.plist; importing it sets the block of an inventory that has none, and keeps one that is set")
    func exportAndImport() async throws {
        try await withTemporaryFolder { folder in
            let from = folder.appendingPathComponent("from"), to = folder.appendingPathComponent("to"), other = folder.appendingPathComponent("other")
            for place in [from, to, other] { try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true) }
            let source = ItemStore(storage: .folder(from))
            try await source.add(NewItem(name: "Piano"))
            let block = try await source.changeOwner(.init(name: "Ana Rivera", address: "1 Elm St\nSpringfield", insurer: "Acme", policyNumber: "P-9"))
            let zip = folder.appendingPathComponent("moving.zip")
            try await source.exportInventory(to: zip)
            try await source.close()

            let target = ItemStore(storage: .folder(to))
            _ = try await target.importInventory(from: zip)
            #expect(try await target.owner() == block)
            try await target.close()

            let kept = ItemStore(storage: .folder(other))
            try await kept.changeOwner(.init(name: "Tom"))
            _ = try await kept.importInventory(from: zip)
            #expect(try await kept.owner() == InventoryOwner(name: "Tom"))
            #expect(try await kept.items().map(\.itemName) == ["Piano"])
            try await kept.close()
        }
    }
}
