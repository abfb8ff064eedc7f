import Foundation
@testable import Homepwner
import KeyedArchive
import Synchronization
import Testing

@Suite("the direct writer of items.archive makes the archive the generic archiver makes, and the key index follows every change")
struct ArchiveWriterTests {
    /// Items that exercise sharing and every string and number edge: equal names and serial
    /// numbers, canonically equivalent but different strings, non-ASCII, the string "$null",
    /// empty strings, extreme values, a NaN and a negative-zero date.
    static func awkwardItems(count: Int) -> [Item] {
        let names = ["Spork", "e\u{301}clair", "éclair", "$null", "", "😀\u{0}", "Spork", "Å", "Å", "A\u{30A}"]
        let dates = [416_000_000.123_456_789, -0.0, .nan, .infinity, -1e300, 0x1p-1074]
        return (0..<count).map { index in
            Item(
                itemName: names[index % names.count] + (index % 3 == 0 ? "" : " \(index)"),
                serialNumber: index % 4 == 0 ? "" : index % 5 == 0 ? "$null" : "SN-\(index % 7)",
                valueInDollars: [0, 1, 255, 256, 65_536, -1, Int.max, Int.min][index % 8],
                dateCreated: Date(timeIntervalSinceReferenceDate: dates[index % dates.count]),
                itemKey: index == 5 ? "e\u{301}" : String(format: "0E8A6F52-1C3B-4D5E-8F90-%012X", index)
            )
        }
    }

    /// Writes `archive` with the direct writer and with the generic archiver, checks that the
    /// two plists are equal, and returns both decoded: (direct, generic).
    static func writtenBothWays(_ archive: ItemArchive) throws -> (decoded: [Item], expected: [Item]) {
        #expect(ItemArchiveWriter.canWrite(archive))
        let direct = ItemArchiveWriter.write(archive)
        let generic = try archive.encodedByArchiver()
        #expect(try BinaryPlistReader.read(direct) == BinaryPlistReader.read(generic))
        return (try ItemArchive.decode(direct).items, try ItemArchive.decode(generic).items)
    }

    @Test("for plain items, the direct writer and the generic archiver produce equal plists", arguments: [0, 1, 2, 10, 90, 300, 7_000])
    func directWriterMatchesArchiver(count: Int) throws {
        let archive = ItemArchive(items: Self.awkwardItems(count: count))
        let (decoded, expected) = try Self.writtenBothWays(archive)
        #expect(decoded.count == count)
        #expect(expected.count == count)
        // Field by field, exactly: dates by bit pattern (a NaN is not == itself), strings by scalar.
        for (got, want) in zip(decoded, expected) {
            #expect(got.dateCreated.timeIntervalSinceReferenceDate.bitPattern == want.dateCreated.timeIntervalSinceReferenceDate.bitPattern)
            #expect(got.itemName.unicodeScalars.elementsEqual(want.itemName.unicodeScalars))
            #expect(got.serialNumber.unicodeScalars.elementsEqual(want.serialNumber.unicodeScalars))
            #expect(got.itemKey.unicodeScalars.elementsEqual(want.itemKey.unicodeScalars))
            #expect(got.valueInDollars == want.valueInDollars)
            #expect(got.unreadableFields == want.unreadableFields)
        }
        // What is representable reads back as it was written.
        let finite = zip(decoded, archive.items).filter { $0.1.dateCreated.timeIntervalSinceReferenceDate.isFinite }
        #expect(finite.allSatisfy { $0.0.itemName.unicodeScalars.elementsEqual($0.1.itemName.unicodeScalars) && $0.0.valueInDollars == $0.1.valueInDollars })
    }

    @Test("a writer used again lends, each time, exactly the bytes a fresh writer makes: bigger, smaller and changed archives in turn")
    func reusedWriterMatchesFreshWriter() throws {
        var writer = ItemArchiveWriter()
        var items = Self.awkwardItems(count: 400)
        for round in 0..<6 {
            if round == 2 { items = Array(items.prefix(30)) }
            if round == 3 { items[7].itemName = "$null" }
            if round == 4 { items += Self.awkwardItems(count: 600).suffix(500) }
            let archive = ItemArchive(items: items)
            let lent = writer.withData(of: archive) { Data($0) }
            #expect(lent == ItemArchiveWriter.write(archive), "round \(round)")
        }
    }

    @Test("the store's encoder writes plain archives through its kept writer and others through the archiver, both as the archiver would")
    func encoderChoosesItsPath() throws {
        let encoder = ItemArchiveEncoder()
        let plain = ItemArchive(items: Self.awkwardItems(count: 50))
        var mixed = ItemArchive(entries: plain.entries + [.other(.string("a string entry"))])
        mixed.append(fixedItem(100, name: nil))
        #expect(!ItemArchiveWriter.canWrite(mixed))
        for archive in [plain, mixed, plain] {
            let written = Mutex<Data?>(nil)
            try encoder.withEncoded(archive) { bytes in written.withLock { $0 = Data(bytes) } }
            let data = try #require(written.withLock { $0 })
            #expect(try BinaryPlistReader.read(data) == BinaryPlistReader.read(try archive.encodedByArchiver()))
        }
    }

    @Test("a large direct-written archive (4-byte references) opens in Foundation with every field exact")
    func largeArchiveOpensInFoundation() throws {
        let items = (0..<7_000).map { fixedItem($0, name: $0 == 9 ? "$null" : nil) }
        let data = try ItemArchive(items: items).encoded()
        let decoded = try foundationReadItems(data)
        #expect(decoded.count == items.count)
        #expect(decoded.map(\.itemName) == items.map(\.itemName))
        #expect(decoded.map(\.itemKey) == items.map(\.itemKey))
        #expect(decoded.map(\.valueInDollars) == items.map(\.valueInDollars))
        #expect(decoded.map(\.dateCreated.timeIntervalSinceReferenceDate.bitPattern) == items.map(\.dateCreated.timeIntervalSinceReferenceDate.bitPattern))
    }

    @Test("archives with entries of other classes or kept unknown keys go through the generic archiver")
    func otherEntriesTakeTheGenericPath() throws {
        var archive = ItemArchive(items: [fixedItem(0)])
        archive = ItemArchive(entries: archive.entries + [.other(.string("kept"))])
        #expect(!ItemArchiveWriter.canWrite(archive))
        let decoded = try ItemArchive.decode(try archive.encoded())
        #expect(decoded.entries == archive.entries)
    }

    @Test("index(ofKey:) finds the first item with a key by code point, through appends, replacements and removals")
    func keyIndexFollowsChanges() {
        var archive = ItemArchive(entries: [.other(.null), .item(fixedItem(0)), .item(fixedItem(1)), .item(fixedItem(0, name: "twin"))])
        let first = fixedItem(0).itemKey, second = fixedItem(1).itemKey
        #expect(archive.index(ofKey: first) == 1)
        #expect(archive.index(ofKey: second) == 2)
        #expect(archive.index(ofKey: "missing") == nil)

        var decomposed = fixedItem(7)
        decomposed.itemKey = "e\u{301}"
        archive.append(decomposed)
        #expect(archive.index(ofKey: "e\u{301}") == 4)
        #expect(archive.index(ofKey: "\u{E9}") == nil)

        archive.remove(at: 1)
        #expect(archive.index(ofKey: first) == 2)  // the twin, now the first with that key
        #expect(archive.index(ofKey: second) == 1)
        #expect(archive.index(ofKey: "e\u{301}") == 3)

        var renamed = fixedItem(1)
        renamed.itemKey = "NEW-KEY"
        archive.replace(at: 1, with: renamed)
        #expect(archive.index(ofKey: second) == nil)
        #expect(archive.index(ofKey: "NEW-KEY") == 1)
        #expect(archive.items.map(\.itemKey) == ["NEW-KEY", first, "e\u{301}"])
    }
}
