import Foundation
import KeyedArchive
import Testing

@Suite("BinaryPlistBuilder writes a binary plist object by object")
struct BinaryPlistBuilderTests {
    /// A random plist for each seed in `seeds`.
    private static func randomPlists(_ seeds: Range<UInt64>) -> [(seed: UInt64, value: PropertyList)] {
        seeds.map { seed in
            var random = RandomPlist(seed: seed)
            return (seed, random.value())
        }
    }

    @Test("300 random plists added whole read back equal in ours and open in Foundation")
    func randomPlistsRoundTrip() throws {
        for (seed, value) in Self.randomPlists(0..<300) {
            var builder = BinaryPlistBuilder()
            let root = builder.add(value)
            let data = builder.data(root: root)
            #expect(try BinaryPlistReader.read(data) == value, "seed \(seed)")
            #expect(throws: Never.self, "seed \(seed)") { try PropertyListSerialization.propertyList(from: data, format: nil) }
        }
    }

    @Test("a container reserved before its elements, an object shared by two parents, and a root that is not object 0")
    func reservedSharedAndLateRoot() throws {
        var builder = BinaryPlistBuilder()
        let list = builder.reserve()
        let shared = builder.string("shared ✓")
        let number = builder.integer(-2)
        builder.fill(list, array: [shared, number, shared])
        let key = builder.string("list")
        let other = builder.string("again")
        let root = builder.dictionary(keys: [key, other], values: [list, shared])
        #expect(builder.objectCount == 6)
        let data = builder.data(root: root)
        #expect(try BinaryPlistReader.read(data) == .dictionary([
            "list": .array([.string("shared ✓"), .integer(-2), .string("shared ✓")]),
            "again": .string("shared ✓"),
        ]))
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        #expect(foundation?["again"] as? String == "shared ✓")
        #expect((foundation?["list"] as? [Any])?.count == 3)
    }

    @Test("more than 65,535 objects take 4-byte references, and every one reads back")
    func wideReferences() throws {
        var builder = BinaryPlistBuilder()
        let elements = (0..<70_000).map { builder.integer(Int64($0) * 3) }
        let root = builder.array(elements)
        let data = builder.data(root: root)
        #expect(data[data.count - 25] == 4)  // the trailer's reference width
        #expect(try BinaryPlistReader.read(data) == .array((0..<70_000).map { .integer(Int64($0) * 3) }))
    }

    @Test("data(root:) leaves the builder empty, ready for another plist")
    func builderIsReusable() throws {
        var builder = BinaryPlistBuilder()
        let first = builder.string("first")
        _ = builder.data(root: first)
        #expect(builder.objectCount == 0)
        let second = builder.real(-0.0)
        let data = builder.data(root: second)
        #expect(try BinaryPlistReader.read(data) == .real(-0.0))
    }

    @Test("withData(root:) lends the same bytes data(root:) returns, and the builder, emptied, writes the next plist right")
    func withDataLendsTheSameBytes() throws {
        for (seed, value) in Self.randomPlists(0..<50) {
            var fresh = BinaryPlistBuilder()
            let expected = fresh.data(root: fresh.add(value))
            var reused = BinaryPlistBuilder()
            // A bigger plist first, so the second one is written into memory that held other bytes.
            _ = reused.withData(root: reused.add(.array(Array(repeating: value, count: 3)))) { $0.count }
            #expect(reused.objectCount == 0)
            let lent = reused.withData(root: reused.add(value)) { Data($0) }
            #expect(lent == expected, "seed \(seed)")
        }
    }
}

