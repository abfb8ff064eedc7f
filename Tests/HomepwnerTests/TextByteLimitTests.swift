import Foundation
import Homepwner
import Testing
import TestSupport

/// One character of `count` + 1 code points: "a" and `count` combining acute accents.
func accented(_ base: String = "a", accents count: Int) -> String {
    base + String(repeating: "\u{301}", count: count)
}

@Suite("Names and serial numbers are limited in bytes as well as in characters", .timeLimit(.minutes(4)))
struct TextByteLimitTests {
    @Test("a name is refused past 800 bytes of UTF-8 and a serial number past 256, even as one character")
    func rules() throws {
        let name = accented(accents: 500_000)
        #expect(name.count == 1)
        #expect(throws: HomepwnerError(.invalidName, "a name can have at most 800 bytes of UTF-8, not 1000001")) { try ItemRules.name(name) }
        let emoji = String(repeating: "\u{1F47B}", count: 200)
        #expect(try ItemRules.name(emoji) == emoji)
        #expect(throws: HomepwnerError(.invalidSerialNumber, "a serial number can have at most 256 bytes of UTF-8, not 601")) {
            try ItemRules.serialNumber(accented("1", accents: 300))
        }
        let serial = String(repeating: "\u{1F47B}", count: 64)
        #expect(try ItemRules.serialNumber(serial) == serial)
    }

    @Test("stored text past the byte limits is a problem of the item, not a failure to load")
    func problems() {
        var item = fixedItem(1, name: accented(accents: 1_000))
        item.serialNumber = accented("1", accents: 300)
        #expect(ItemRules.problems(of: item).map(\.message) == [
            "the name has 2001 bytes of UTF-8, more than 800",
            "the serial number has 601 bytes of UTF-8, more than 256",
        ])
    }

    @Test("the store refuses such text on add and update")
    func store() async throws {
        try await withTemporaryFolder { folder in
            let store = ItemStore(storage: .folder(folder))
            try await store.load()
            await #expect(throws: HomepwnerError(.invalidName, "a name can have at most 800 bytes of UTF-8, not 2001")) {
                try await store.add(NewItem(name: accented(accents: 1_000)))
            }
            let item = try await store.add(NewItem(name: "Spork"))
            await #expect(throws: HomepwnerError(.invalidSerialNumber, "a serial number can have at most 256 bytes of UTF-8, not 601")) {
                try await store.update(item.itemKey, ItemChanges(serialNumber: accented("1", accents: 300)))
            }
            #expect(try await store.items().map(\.serialNumber) == [""])
            try await store.close()
        }
    }

    @Test("add and update refuse such text; an archive holding it lists, and check names the fix")
    func commandLine() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let add = try await homepwner(["add", accented(accents: 1_000)] + data)
            #expect(add.status == 65)
            #expect(add.errors == "homepwner: error: a name can have at most 800 bytes of UTF-8, not 2001\n")
            let item = fixedItem(5, name: accented(accents: 1_000))
            try ItemArchive(items: [item]).encoded().write(to: folder.appendingPathComponent("items.archive"))
            let update = try await homepwner(["update", "0E8A6F52", "--serial", accented("1", accents: 300)] + data)
            #expect(update.status == 65)
            #expect(update.errors == "homepwner: error: a serial number can have at most 256 bytes of UTF-8, not 601\n")
            let list = try await homepwner(["list", "--json"] + data)
            #expect(list.status == 0, "\(list.errors)")
            let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
            #expect((listed["items"] as? [[String: Any]])?.map { $0["itemName"] as? String } == [item.itemName])
            let check = try await homepwner(["check"] + data)
            #expect(check.status == 1)
            #expect(check.output.contains("item \(item.itemKey): the name has 2001 bytes of UTF-8, more than 800; fix with: homepwner update 0E8A6F52 --name NAME\n"))
        }
    }
}
