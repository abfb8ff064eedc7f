import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import Testing

@Suite("the direct writer writes an item's details exactly as the generic archiver does")
struct ArchiveWriterDetailsTests {
    /// The awkward items of ``ArchiveWriterTests``, the first `every` with every detail, then
    /// a different subset of details on each, then (from index `2 * every`) none.
    static func items(count: Int, every: Int) -> [Item] {
        ArchiveWriterTests.awkwardItems(count: count).enumerated().map { index, plain in
            var item = plain
            let full = itemWithEveryDetail(index)
            if index < every {
                item.location = full.location
                item.labels = index % 2 == 0 ? full.labels : ["Spork", item.itemName, "$null", ""]
                item.quantity = full.quantity
                item.purchaseDate = full.purchaseDate
                item.pricePaid = [0, Int.max, -1][index % 3]
                item.purchasedFrom = item.serialNumber  // shares the serial number's string
                item.warrantyEnds = Date(timeIntervalSinceReferenceDate: [-0.0, 0x1p-1074, 6.2e9][index % 3])
                item.warrantyNotes = full.warrantyNotes
                item.notes = full.notes
                item.modelName = "$null"
                item.manufacturer = full.manufacturer
                item.maintenance = [
                    MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: 0x1p-1074), note: item.itemName, cost: [0, Int.max, -1][index % 3], nextDue: full.purchaseDate),
                    MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: -0.0), note: "$null"),
                    MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: 800_000_000), note: "Attic", nextDue: Date(timeIntervalSinceReferenceDate: 800_000_000)),
                ]
                item.createdBy = full.createdBy
                item.updatedBy = item.itemName  // shares the name's string
                item.history = full.history.map { $0 + [ChangeRecord(date: Date(timeIntervalSinceReferenceDate: -0.0), person: "Attic", action: "$null", fields: [item.itemName, "Attic"])] }
            } else if index < 2 * every {
                // Each item a different subset: bit n of the index sets detail n.
                let bits = index * 2_654_435_761 >> 3
                if bits & 1 != 0 { item.location = "Attic" }
                if bits & 2 != 0 { item.labels = index % 3 == 0 ? [] : ["x", "Attic"] }
                if bits & 4 != 0 { item.quantity = index }
                if bits & 8 != 0 { item.purchaseDate = Date(timeIntervalSinceReferenceDate: Double(index)) }
                if bits & 16 != 0 { item.pricePaid = index }
                if bits & 32 != 0 { item.purchasedFrom = "" }
                if bits & 64 != 0 { item.warrantyEnds = Date(timeIntervalSinceReferenceDate: 500_000_000 + Double(index)) }
                if bits & 128 != 0 { item.warrantyNotes = "x" }
                if bits & 256 != 0 { item.notes = item.itemName }
                if bits & 512 != 0 { item.modelName = "XR-\(index % 4)" }
                if bits & 1024 != 0 { item.manufacturer = "Attic" }
                if bits & 8192 != 0 { item.createdBy = "Attic" }
                if bits & 16384 != 0 { item.history = index % 7 == 0 ? [] : [ChangeRecord(date: Date(timeIntervalSinceReferenceDate: Double(index)), person: bits & 32768 != 0 ? "x" : nil, action: ChangeRecord.changed, fields: index % 2 == 0 ? [] : ["notes"])] }
                if bits & 2048 != 0 { item.maintenance = index % 5 == 0 ? [] : [MaintenanceEntry(date: Date(timeIntervalSinceReferenceDate: Double(index)), note: "x", cost: bits & 4096 != 0 ? index : nil)] }
            }
            return item
        }
    }

    @Test("items with every detail, some details and none: the direct writer's plist equals the generic archiver's", arguments: [(1, 1), (3, 3), (40, 10), (300, 100), (2_000, 600)])
    func directWriterMatchesArchiverWithDetails(count: Int, every: Int) throws {
        let archive = ItemArchive(items: Self.items(count: count, every: every))
        let (decoded, expected) = try ArchiveWriterTests.writtenBothWays(archive)
        #expect(decoded.count == count)
        for ((got, want), original) in zip(zip(decoded, expected), archive.items) {
            #expect(sameDetails(got, original) == true, "item \(original.itemKey)")
            #expect(got.unreadableFields == want.unreadableFields)  // a NaN date created is unreadable in both
        }
    }

    @Test("an item that has only its details first, before any plain item, gets its classes in the archiver's order")
    func detailsFirstThenPlain() throws {
        var first = fixedItem(0)
        first.labels = ["a"]
        first.warrantyEnds = Date(timeIntervalSinceReferenceDate: 5)
        let archive = ItemArchive(items: [first, fixedItem(1), itemWithEveryDetail(2)])
        #expect(try BinaryPlistReader.read(ItemArchiveWriter.write(archive)) == BinaryPlistReader.read(archive.encodedByArchiver()))
    }

    @Test("a writer used again lends the bytes a fresh writer makes, as items gain and lose details")
    func reusedWriterWithDetails() {
        var writer = ItemArchiveWriter()
        var items = Self.items(count: 120, every: 30)
        for round in 0..<4 {
            if round == 1 { items[0] = ArchiveWriterTests.awkwardItems(count: 1)[0] }
            if round == 2 { items[100].notes = "new" }
            if round == 3 { items = Array(items.suffix(50)) }
            let archive = ItemArchive(items: items)
            #expect(writer.withData(of: archive) { Data($0) } == ItemArchiveWriter.write(archive), "round \(round)")
        }
    }
}
