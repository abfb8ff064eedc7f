import Foundation
import KeyedArchive
import ScaryCreatures
import Testing
import TestSupport

/// Builds a creature's `Data.plist` object by object, with `extra` fields on the creature and
/// `more` objects appended after the fixed ones (UIDs 0–4 below).
func handBuiltCreature(extra: [PropertyListKey: PropertyList], more: [PropertyList]) -> Data {
    var fields: [PropertyListKey: PropertyList] = ["$class": .uid(2), "Title": .uid(3), "Rating": .float(2)]
    for (key, value) in extra { fields[key] = value }
    let objects: [PropertyList] = [
        .string("$null"),
        .dictionary(fields),                                                                 // 1 the creature
        .dictionary(["$classname": .string("ScaryCreatures.ScaryCreatureData"),
                     "$classes": .array([.string("ScaryCreatures.ScaryCreatureData"), .string("NSObject")])]),  // 2
        .string("Doubler"),                                                                  // 3
        .dictionary(["$classname": .string("NSMutableArray"),
                     "$classes": .array([.string("NSMutableArray"), .string("NSArray"), .string("NSObject")])]),  // 4
    ] + more
    return BinaryPlistWriter.write(.dictionary([
        "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000),
        "$top": .dictionary(["root": .uid(1)]), "$objects": .array(objects),
    ]))
}

/// 40 mutable arrays, each holding the next one twice: 2^40 leaves if expanded.
func doublingGraph(levels: Int = 40) -> [PropertyList] {
    (0..<levels).map { level in
        let next: PropertyList = level == levels - 1 ? .uid(3) : .uid(UInt32(6 + level))
        return .dictionary(["$class": .uid(4), "NS.objects": .array([next, next])])
    }
}

@Suite("Keys the model does not know are kept exactly and cost what they cost")
struct UnknownKeysTests {
    @Test("removing a kept field drops the objects only it reached and keeps what another field shares")
    func removingAField() throws {
        // "Tree" reaches the 40-level graph; "Leaf" reaches only its last string (shared with it).
        let bytes = handBuiltCreature(extra: ["Tree": .uid(5), "Leaf": .uid(3), "Note": .integer(7)], more: doublingGraph())
        let data = try KeyedUnarchiver.unarchive(ScaryCreatureData.self, from: bytes)
        #expect(data.otherFields.keys == ["Leaf", "Note", "Tree"])
        #expect(data.otherFields.objectCount == 42)  // the string, the array class and 40 arrays
        let withoutTree = data.otherFields.removing("Tree")
        #expect(withoutTree.keys == ["Leaf", "Note"])
        #expect(withoutTree.objectCount == 1)
        #expect(try withoutTree.value(forKey: "Leaf") == .string("Doubler"))
        #expect(withoutTree.removing("Nothing") == withoutTree)
        #expect(withoutTree.removing("Leaf").removing("Note").isEmpty)
    }

    @Test("a tiny shared, doubling graph under an unknown key lists, renames and stays tiny")
    func sharedGraph() async throws {
        try await withTemporaryFolder { folder in
            let bytes = handBuiltCreature(extra: ["Tree": .uid(5)], more: doublingGraph())
            #expect(bytes.count < 1100)
            for id in 1...5 {
                let bundle = folder.appendingPathComponent("\(id).scarycreature")
                try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
                try bytes.write(to: bundle.appendingPathComponent("Data.plist"))
            }
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let listed = try await database.list()
            #expect(listed.creatures.map(\.title) == Array(repeating: "Doubler", count: 5))
            #expect(listed.problems.isEmpty)
            let before = listed.creatures[0].data.otherFields
            #expect(before.keys == ["Tree"])
            #expect(before.objectCount == 42)  // 40 arrays, their class, the string
            _ = try await database.rename(1, to: "Renamed")
            let rewritten = try Data(contentsOf: folder.appendingPathComponent("1.scarycreature/Data.plist"))
            #expect(rewritten.count < 2 * bytes.count)
            let again = try await database.creature(1)
            #expect(again.title == "Renamed")
            #expect(again.data.otherFields == before)
        }
    }

    @Test("class names, cycles, sharing and number widths of unknown keys survive a rewrite")
    func exactRewrite() throws {
        let bytes = handBuiltCreature(
            extra: [
                "Loop": .uid(5), "Width": .float(1.5), "Huge": .unsignedInteger(.max), "Twice": .uid(6), "Again": .uid(6), "Myself": .uid(1),
                "Caf\u{E9}": .integer(1), "Cafe\u{301}": .integer(2),
            ],
            more: [
                .dictionary(["$class": .uid(4), "NS.objects": .array([.uid(5)])]),  // 5: contains itself
                .string("shared"),                                                    // 6
            ]
        )
        let data = try CreatureLayout.decode(bytes)
        #expect(data.otherFields.keys.map { Array($0.unicodeScalars) } == ["Again", "Cafe\u{301}", "Caf\u{E9}", "Huge", "Loop", "Myself", "Twice", "Width"].map { Array($0.unicodeScalars) })
        var renamed = data
        renamed.title = "Renamed"
        let rewritten = try CreatureLayout.scaryCreatures.encode(renamed)
        let again = try CreatureLayout.decode(rewritten)
        #expect(again.otherFields == data.otherFields)
        // The raw objects, read without our model.
        let unarchiver = try KeyedUnarchiver(data: rewritten)
        let root = try #require(unarchiver.top["root"]?.uidValue)
        #expect(try unarchiver.field("Width", of: root) == .float(1.5))
        #expect(try unarchiver.field("Huge", of: root) == .unsignedInteger(.max))
        #expect(try unarchiver.field("Caf\u{E9}", of: root) == .integer(1))
        #expect(try unarchiver.field("Cafe\u{301}", of: root) == .integer(2))
        #expect(try unarchiver.field("Twice", of: root) == unarchiver.field("Again", of: root))
        #expect(try unarchiver.field("Myself", of: root) == .uid(root))
        let loop = try #require(try unarchiver.field("Loop", of: root)?.uidValue)
        #expect(try unarchiver.field("NS.objects", of: loop) == .array([.uid(loop)]))
        #expect(try unarchiver.classChain(of: loop) == ["NSMutableArray", "NSArray", "NSObject"])
    }

    @Test("a rewrite that would make a data file the store refuses is an error, and nothing is written")
    func rewriteOverTheLimit() async throws {
        try await withTemporaryFolder { folder in
            func build(_ blob: Int) -> Data {
                handBuiltCreature(extra: ["Blob": .uid(5)], more: [.data(Data(count: blob))])
            }
            let overhead = build(100_000).count - 100_000
            let bytes = build((1 << 20) - overhead - 10)
            #expect(bytes.count == (1 << 20) - 10)
            let bundle = folder.appendingPathComponent("1.scarycreature")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            try bytes.write(to: bundle.appendingPathComponent("Data.plist"))
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let error = await #expect(throws: ScaryCreaturesError.self) {
                try await database.rename(1, to: String(repeating: "x", count: 200))
            }
            #expect(error?.code == .storage)
            #expect(error?.message.hasSuffix("more than the 1048576 a data file may have; nothing was changed") == true)
            #expect(try Data(contentsOf: bundle.appendingPathComponent("Data.plist")) == bytes)
            #expect(try await database.creature(1).title == "Doubler")
        }
    }
}
