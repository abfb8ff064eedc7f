import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing
import TestSupport

@Suite("The list of locations: locations.plist beside items.archive, added, renamed (with the items there) and removed")
struct LocationStoreTests {
    @Test("added locations are spelled by the rule, kept in order in locations.plist, and items.archive is untouched", arguments: StorageKind.allCases)
    func addAndRead(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            try await store.add(NewItem(name: "Drill"))
            let archive = try await place.read("items.archive")
            try await store.addLocation("House›Garage ›  Shelf 2")
            try await store.addLocation("Attic")
            #expect(try await store.locations().names == ["House › Garage › Shelf 2", "Attic"])
            #expect(try await place.read("items.archive") == archive)
            let stored = try #require(try await place.read("locations.plist"))
            let plist = try PropertyList(data: stored)
            #expect(plist["locations"] == .array([.string("House › Garage › Shelf 2"), .string("Attic")]))
            // Another store on the same place reads the same list.
            try await store.close()
            let reopened = ItemStoreTests.store(place.storage)
            #expect(try await reopened.locations().names == ["House › Garage › Shelf 2", "Attic"])
            try await reopened.close()
        }
    }

    @Test("a repeat (by code point), an empty name and a broken rule are refused with one sentence, and nothing is written", arguments: StorageKind.allCases)
    func refusals(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            try await store.addLocation("Café")
            let before = try await place.read("locations.plist")
            let cases: [(String, String)] = [
                ("Café", "\"Café\" is already in the list of locations"),
                ("   ", "a location cannot be empty"),
                ("A ›› B", "a location cannot have an empty level (levels are separated by \"›\" or \">\")"),
            ]
            for (name, message) in cases {
                let error = await #expect(throws: HomepwnerError.self) { try await store.addLocation(name) }
                #expect(error?.code == .invalidValue)
                #expect(error?.message == message)
            }
            // The decomposed spelling is another string: kept as a second location.
            try await store.addLocation("Cafe\u{301}")
            #expect(try await store.locations().names.map { Array($0.unicodeScalars) } == [Array("Café".unicodeScalars), Array("Cafe\u{301}".unicodeScalars)])
            #expect(before != nil)
            let missing = await #expect(throws: HomepwnerError.self) { try await store.removeLocation("Cellar") }
            #expect(missing?.code == .notFound)
            #expect(missing?.message == "\"Cellar\" is not in the list of locations")
            try await store.close()
        }
    }

    @Test("renaming a location renames it in the list and in every item there or inside it, and only those; removing keeps the items' locations", arguments: StorageKind.allCases)
    func renameMovesItems(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            try await store.addLocation("House")
            try await store.addLocation("House › Garage")
            func item(_ name: String, _ location: String?) async throws -> Item {
                var draft = NewItem(name: name)
                draft.details.location = location
                return try await store.add(draft)
            }
            let drill = try await item("Drill", "House › Garage")
            let lamp = try await item("Lamp", "House")
            let boat = try await item("Boat", "Houseboat")
            let spork = try await item("Spork", nil)
            let events = await store.changes.subscribe(after: nil)
            let (list, moved) = try await store.renameLocation("House", to: "Home")
            // Each moved item is published as updated, as any edit is.
            let published = try await nextEvents(events, count: 2, limit: .seconds(30)).map { event -> String in
                guard case .change(let change) = event else { return "reset" }
                return "\(change.kind.rawValue) \(change.itemKey)"
            }
            #expect(published == ["updated \(drill.itemKey)", "updated \(lamp.itemKey)"])
            #expect(moved == 2)
            #expect(list.names == ["Home", "House › Garage"])
            #expect(try await store.item(drill.itemKey).location == "Home › Garage")
            #expect(try await store.item(lamp.itemKey).location == "Home")
            #expect(try await store.item(boat.itemKey).location == "Houseboat")
            #expect(try await store.item(spork.itemKey).location == nil)
            #expect(try await store.item(boat.itemKey).version == boat.version)
            #expect(try await store.locations().itemCounts(in: try await store.items()) == [2, 0])
            try await store.removeLocation("Home")
            #expect(try await store.locations().names == ["House › Garage"])
            #expect(try await store.item(lamp.itemKey).location == "Home")
            // A rename to its own name, spelled another way, is the same name.
            #expect(try await store.renameLocation("House › Garage", to: "House›Garage").list.names == ["House › Garage"])
            try await store.addLocation("Attic")
            let clash = await #expect(throws: HomepwnerError.self) { try await store.renameLocation("Attic", to: "House › Garage") }
            #expect(clash?.message == "\"House › Garage\" is already in the list of locations")
            #expect(try await store.locations().names == ["House › Garage", "Attic"])
            try await store.close()
        }
    }

    @Test("concurrent additions all land: none is lost", arguments: StorageKind.allCases)
    func concurrentAdds(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<12 { group.addTask { try await store.addLocation("Room \(index)") } }
                try await group.waitForAll()
            }
            #expect(Set(try await store.locations().names) == Set((0..<12).map { "Room \($0)" }))
            try await store.close()
        }
    }

    @Test("a locations.plist that is not a list of locations is an error value, never a crash; odd entries are skipped")
    func hostileFile() throws {
        #expect(throws: HomepwnerError.self) { try LocationList.decoded(Data("garbage".utf8)) }
        let odd = try PropertyList.dictionary([
            "locations": .array([.string("A"), .integer(3), .string("A"), .string("B\u{7}"), .dictionary([:])]),
            "future": .string("kept out"),
        ]).encoded(as: .binary)
        #expect(try LocationList.decoded(odd).names == ["A", "B\u{7}"])
    }

    @Test("check --repair moves a locations.plist that is not a list aside, byte for byte, and the list starts empty; the items keep their locations", arguments: StorageKind.allCases)
    func repairMovesDamagedListAside(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = ItemStoreTests.store(place.storage)
            var draft = NewItem(name: "Drill")
            draft.details.location = "House › Garage"
            try await store.add(draft)
            let garbage = Data("not a property list".utf8)
            try await place.write("locations.plist", garbage)
            let checked = try await store.check()
            #expect(checked.locationsProblem != nil && !checked.isClean)
            let repaired = try await store.repair()
            let aside = "locations.plist.damaged-\(Int(ItemStoreTests.date.timeIntervalSince1970))"
            #expect(repaired.repairs == ["moved the list of locations, which cannot be read, to \(aside); the list starts empty and the items keep their locations"])
            #expect(repaired.isClean)
            #expect(try await place.read(aside) == garbage)
            #expect(try await place.read("locations.plist") == nil)
            #expect(try await store.locations().names.isEmpty)
            #expect(try await store.items().map(\.location) == ["House › Garage"])
            try await store.close()
        }
    }
}
