import Foundation
@testable import Homepwner
import KeyedArchive
import Testing

@Suite("items.archive as the 2014 app wrote it: an NSMutableArray of BNRItem, read and written exactly")
struct ArchiveTests {
    @Test("the root is an NSMutableArray of BNRItem objects with the five keys, the value an inline integer")
    func layout() throws {
        let data = try ItemArchive(items: [fixedItem(0), fixedItem(1)]).encoded()
        #expect(data.starts(with: Array("bplist00".utf8)))
        let unarchiver = try KeyedUnarchiver(data: data)
        guard case .uid(let root)? = unarchiver.top["root"] else {
            Issue.record("no root")
            return
        }
        #expect(try unarchiver.classChain(of: root) == ["NSMutableArray", "NSArray", "NSObject"])
        let elements = try unarchiver.references(key: "NS.objects", of: root)
        #expect(elements.count == 2)
        let first = try #require(elements.first)
        #expect(try unarchiver.classChain(of: first) == ["BNRItem", "NSObject"])
        #expect(try unarchiver.field("valueInDollars", of: first) == .integer(3))
        for key in ["itemName", "serialNumber", "dateCreated", "itemKey"] {
            guard case .uid? = try unarchiver.field(key, of: first) else {
                Issue.record("\(key) is not an object reference")
                continue
            }
        }
        let keys = try unarchiver.classAndFields(of: first).fields.keys.map(\.string).sorted()
        #expect(keys == ["$class", "dateCreated", "itemKey", "itemName", "serialNumber", "valueInDollars"])
    }

    @Test("a round trip keeps every field exactly: dates to the bit, strings by code point, extreme values")
    func roundTripIsExact() throws {
        var items = (0..<5).map { fixedItem($0) }
        items[1].itemName = "e\u{301}clair"  // decomposed: must not become "éclair"
        items[2].itemName = "éclair"
        items[3].dateCreated = Date(timeIntervalSinceReferenceDate: Double(bitPattern: 0x41B8_CB2B_F01F_9ADD))
        items[4].valueInDollars = Int.max
        items[4].serialNumber = "😀\u{0}"
        let decoded = try ItemArchive.decode(try ItemArchive(items: items).encoded()).items
        #expect(decoded.count == items.count)
        for (got, want) in zip(decoded, items) {
            #expect(Array(got.itemName.unicodeScalars) == Array(want.itemName.unicodeScalars))
            #expect(Array(got.serialNumber.unicodeScalars) == Array(want.serialNumber.unicodeScalars))
            #expect(got.dateCreated.timeIntervalSinceReferenceDate.bitPattern == want.dateCreated.timeIntervalSinceReferenceDate.bitPattern)
            #expect(got.valueInDollars == want.valueInDollars)
            #expect(got.itemKey == want.itemKey)
            #expect(got.unreadableFields.isEmpty)
        }
    }

    @Test("keys this version does not know are written back as they were")
    func unknownKeysAreKept() throws {
        // An item as a later version might write it: the five keys plus a thumbnail and a note.
        let archiver = KeyedArchiver()
        archiver.encode(ItemArchive(items: [fixedItem(7)]), forKey: "root")
        guard case .dictionary(var plist) = archiver.propertyList, case .array(var objects) = plist["$objects"] else {
            Issue.record("unexpected plist")
            return
        }
        let index = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["valueInDollars"] != nil } else { false } })
        guard case .dictionary(var fields) = objects[index] else { return }
        objects.append(.string("kept note"))
        fields["note"] = .uid(UInt32(objects.count - 1))
        fields["thumbnailScale"] = .real(2.5)
        objects[index] = .dictionary(fields)
        plist["$objects"] = .array(objects)
        let original = try KeyedUnarchiver(propertyList: .dictionary(plist))
        let archive = try #require(try original.decode(ItemArchive.self))
        let item = try #require(archive.items.first)
        #expect(item.otherFields.keys == ["note", "thumbnailScale"])
        var edited = item
        edited.valueInDollars = 99
        let rewritten = try ItemArchive.decode(try ItemArchive(items: [edited]).encoded())
        let again = try #require(rewritten.items.first)
        #expect(again.valueInDollars == 99)
        #expect(try again.otherFields.value(forKey: "note") == .string("kept note"))
        #expect(try again.otherFields.value(forKey: "thumbnailScale") == .real(2.5))
    }

    @Test("entries of other classes in the root array are kept in their places on rewrite")
    func otherClassesAreKept() throws {
        let written = try KeyedArchiver.archivedData(withRoot: MixedRoot())
        let first = try ItemArchive.decode(written)
        let decoded = try ItemArchive.decode(try first.encoded())
        #expect(decoded.items == first.items)
        #expect(decoded.items.map(\.itemKey) == [fixedItem(0).itemKey, fixedItem(1).itemKey])
        #expect(decoded.otherEntryCount == 2)
        guard decoded.entries.count == 4, case .other(.object(let object)) = decoded.entries[1] else {
            Issue.record("entries: \(decoded.entries)")
            return
        }
        #expect(object.classes == ["BNRContainer", "BNRItem", "NSObject"])
        #expect(object.fields["itemName"] == .string("a box"))
        #expect(object.fields["subitems"] == .array([.string("x")]))
        #expect(object.fields["valueInDollars"] == .integer(5))
        #expect(decoded.entries[2] == ItemEntry.other(ArchivedValue.null))
    }

    @Test("a known key holding a well-formed value of another type reads as the default and is named, so check can report it; the value is written back exactly as it was until that field is set")
    func wrongTypes() throws {
        let archiver = KeyedArchiver()
        archiver.encode(ItemArchive(items: [fixedItem(3)]), forKey: "root")
        guard case .dictionary(var plist) = archiver.propertyList, case .array(var objects) = plist["$objects"] else { return }
        let index = try #require(objects.firstIndex { if case .dictionary(let fields) = $0 { fields["valueInDollars"] != nil } else { false } })
        guard case .dictionary(var fields) = objects[index] else { return }
        fields["valueInDollars"] = .string("lots")
        fields["itemName"] = .integer(12)
        objects[index] = .dictionary(fields)
        plist["$objects"] = .array(objects)
        let data = try PropertyList.dictionary(plist).encoded(as: .binary)
        let item = try #require(try ItemArchive.decode(data).items.first)
        #expect(item.itemName == "")
        #expect(item.valueInDollars == 0)
        #expect(item.unreadableFields == ["itemName", "valueInDollars"])
        #expect(ItemRules.problems(of: item).map(\.message).prefix(2) == [
            "itemName holds a value of another type; it is kept as it is until this field is set",
            "valueInDollars holds a value of another type; it is kept as it is until this field is set",
        ])

        // A change to another field saves both odd values exactly as they were.
        var edited = item
        edited.serialNumber = "SN-NEW"
        let saved = try ItemArchive(items: [edited]).encoded()
        let savedFields = try itemFields(saved)
        #expect(savedFields["itemName"] == .integer(12))
        #expect(savedFields["valueInDollars"] == .string("lots"))
        let reread = try #require(try ItemArchive.decode(saved).items.first)
        #expect(reread.serialNumber == "SN-NEW")
        #expect(reread.unreadableFields == ["itemName", "valueInDollars"])

        // Setting a field replaces its kept value; the other stays kept.
        edited.valueInDollars = 7
        #expect(edited.unreadableFields == ["itemName"])
        let replaced = try itemFields(try ItemArchive(items: [edited]).encoded())
        #expect(replaced["valueInDollars"] == .integer(7))
        #expect(replaced["itemName"] == .integer(12))
    }

    /// The archived fields of the first item in an archive file's bytes.
    private func itemFields(_ data: Data) throws -> [PropertyListKey: PropertyList] {
        guard case .dictionary(let top) = try PropertyList(data: data), case .array(let objects)? = top["$objects"] else { return [:] }
        for case .dictionary(let fields) in objects where fields["itemKey"] != nil {
            return fields
        }
        return [:]
    }

    @Test("salvage keeps the elements that decode on their own and never throws on garbage")
    func salvage() throws {
        let good = try ItemArchive(items: [fixedItem(0), fixedItem(1)]).encoded()
        #expect(ItemArchive.salvage(good).items.count == 2)
        #expect(ItemArchive.salvage(Data("not an archive".utf8)).entries.isEmpty)
        #expect(ItemArchive.salvage(Data(good.prefix(good.count / 2))).entries.isEmpty)
        let broken = try PropertyList.dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000), "$top": .dictionary(["root": .uid(1)]),
            "$objects": .array([
                .string("$null"),
                .dictionary(["$class": .uid(2), "NS.objects": .array([.uid(40), .uid(3)])]),
                .dictionary(["$classname": .string("NSMutableArray"), "$classes": .array([.string("NSMutableArray"), .string("NSArray"), .string("NSObject")])]),
                .string("a string entry"),
            ]),
        ]).encoded(as: .binary)
        // Element 0 refers to object 40 of 4: the archive is damaged, element 1 still reads.
        #expect(throws: ArchiveError.self) { try ItemArchive.decode(broken) }
        #expect(ItemArchive.salvage(broken).entries == [.other(.string("a string entry"))])
    }
}

/// A root array as a later app version might write it: an item, a `BNRContainer` (a subclass we
/// do not know), `$null`, another item.
struct MixedRoot: ArchiveEncodable {
    func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        let first = fixedItem(0).encodeObject(in: archiver)
        let name = "a box".encodeObject(in: archiver)
        let subitems = ["x"].encodeObject(in: archiver)
        let container = archiver.appendObject(
            className: "BNRContainer",
            superclasses: ["BNRItem", "NSObject"],
            fields: ["itemName": .uid(name), "subitems": .uid(subitems), "valueInDollars": .integer(5)]
        )
        let second = fixedItem(1).encodeObject(in: archiver)
        return archiver.appendObject(
            className: "NSMutableArray",
            superclasses: ["NSArray", "NSObject"],
            fields: ["NS.objects": .array([.uid(first), .uid(container), .uid(0), .uid(second)])]
        )
    }
}
