import Foundation
import KeyedArchive
import Testing

@Suite("ArchivedValue written back")
struct ArchivedValueEncodeTests {
    /// The value with object numbers cleared and sets sorted, which a rewrite may change.
    private func normalized(_ value: ArchivedValue) -> ArchivedValue {
        switch value {
        case .array(let items): return .array(items.map(normalized))
        case .set(let items): return .set(items.map(normalized).sorted { "\($0)" < "\($1)" })
        case .orderedSet(let items): return .orderedSet(items.map(normalized))
        case .dictionary(let entries):
            return .dictionary(entries.map { .init(key: normalized($0.key), value: normalized($0.value)) }.sorted { "\($0.key)" < "\($1.key)" })
        case .object(var object):
            object.uid = 0
            object.fields = object.fields.mapValues(normalized)
            return .object(object)
        default: return value
        }
    }

    @Test("Apple archives decoded generically and written again decode to the same values", arguments: [
        "kil-collections.bin.plist", "kil-scalar-types.bin.plist", "kil-date.bin.plist", "mw-custom-class-note.bin.plist",
        "kil-subclass-chain.bin.plist", "macos1014-nsorderedset-numbers.bin.plist", "macos1014-nsset-numbers.bin.plist",
    ])
    func roundTrip(fixture: String) throws {
        let original = try #require(try KeyedUnarchiver(data: Fixtures.data(fixture)).decode(ArchivedValue.self))
        let rewritten = try KeyedArchiver.archivedData(withRoot: original)
        let again = try #require(try KeyedUnarchiver(data: rewritten).decode(ArchivedValue.self))
        #expect(normalized(again) == normalized(original))
        // And Foundation reads what we wrote as a plist.
        _ = try PropertyListSerialization.propertyList(from: rewritten, format: nil)
    }

    @Test("a cycle's back reference is written as nil")
    func cycleBecomesNull() throws {
        let cyclic = try #require(try KeyedUnarchiver(data: Fixtures.data("mw-self-containing-mutablearray.bin.plist")).decode(ArchivedValue.self))
        let again = try KeyedUnarchiver(data: KeyedArchiver.archivedData(withRoot: cyclic)).decode(ArchivedValue.self)
        #expect(again == .array([.null]) || again == .array([]))
    }
}
