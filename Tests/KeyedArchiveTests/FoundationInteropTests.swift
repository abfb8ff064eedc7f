import Foundation
import Testing
import KeyedArchive
import KeyedArchiveSamples

/// A Scary Creatures creature written by Foundation with `encodeFloat` (inline) or an NSNumber object.
final class FoundationCreature: NSObject, NSSecureCoding {
    static let supportsSecureCoding = true
    let title: String
    let rating: Float
    let ratingAsObject: Bool

    init(title: String, rating: Float, ratingAsObject: Bool) {
        self.title = title
        self.rating = rating
        self.ratingAsObject = ratingAsObject
    }

    init?(coder: NSCoder) {
        // Our writes store the rating inline, as `encodeFloat:forKey:` does. (Foundation on Linux
        // aborts if `decodeObject` meets an inline value, so the test reads it the one right way.)
        title = coder.decodeObject(of: NSString.self, forKey: "Title") as String? ?? ""
        rating = coder.decodeFloat(forKey: "Rating")
        ratingAsObject = false
    }

    func encode(with coder: NSCoder) {
        coder.encode(title, forKey: "Title")
        if ratingAsObject { coder.encode(NSNumber(value: rating), forKey: "Rating") } else { coder.encode(rating, forKey: "Rating") }
    }
}

/// Our creature, reading the 2018, 2010 and unqualified class names.
struct CreatureRecord: Archivable, Equatable {
    static let archiveClassName = "ScaryCreatures.ScaryCreatureData"
    static let acceptedClassNames: Set<String> = ["ScaryCreatureData", "ScaryBugData"]
    var title: String
    var rating: Float
    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(title, forKey: "Title")
        coder.encode(rating, forKey: "Rating")
    }
    init(title: String, rating: Float) {
        self.title = title
        self.rating = rating
    }
    init(from coder: ArchiveDecoder) throws {
        title = try coder.decode(String.self, forKey: "Title") ?? ""
        rating = try coder.decode(Float.self, forKey: "Rating") ?? 0
    }
}

/// Renames every `$classname`/`$classes` entry `from` to `to` in an archive Foundation wrote,
/// because Foundation on Linux ignores `NSKeyedArchiver.setClassName`.
func renamingClass(in archive: Data, from: String, to: String) throws -> Data {
    var format = PropertyListSerialization.PropertyListFormat.binary
    guard var root = try PropertyListSerialization.propertyList(from: archive, options: [], format: &format) as? [String: Any],
          let objects = root["$objects"] as? [Any] else { throw ArchiveError(.invalidArchive, "not an archive") }
    root["$objects"] = objects.map { entry -> Any in
        if let string = entry as? String, string == from { return to }
        guard var dictionary = entry as? [String: Any], dictionary["$classname"] as? String == from else { return entry }
        dictionary["$classname"] = to
        dictionary["$classes"] = ((dictionary["$classes"] as? [String]) ?? []).map { $0 == from ? to : $0 }
        return dictionary
    }
    return try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
}

/// Decodes our archive's root with Foundation, non-secure.
func foundationRoot(_ data: Data) throws -> Any? {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.requiresSecureCoding = false
    defer { unarchiver.finishDecoding() }
    return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
}

@Suite("Foundation interop")
struct FoundationInteropTests {
    @Test("every Foundation value type written by us reads in Foundation", arguments: [PropertyListFormat.binary, .xml])
    func oursToFoundation(format: PropertyListFormat) throws {
        func roundTrip<Value: ArchiveEncodable>(_ value: Value) throws -> Any? {
            let archiver = KeyedArchiver()
            archiver.encode(value)
            return try foundationRoot(archiver.encodedData(format: format))
        }
        #expect(try roundTrip("héllo 😀") as? String == "héllo 😀")
        #expect((try roundTrip(42) as? NSNumber)?.intValue == 42)
        #expect((try roundTrip(-7) as? NSNumber)?.intValue == -7)
        #expect((try roundTrip(UInt64.max) as? NSNumber)?.uint64Value == UInt64.max)
        #expect((try roundTrip(2.5) as? NSNumber)?.doubleValue == 2.5)
        #expect((try roundTrip(Float(1.25)) as? NSNumber)?.floatValue == 1.25)
        #expect((try roundTrip(true) as? NSNumber)?.boolValue == true)
        let date = Date(timeIntervalSinceReferenceDate: 680_457_815.615284)
        #expect(try roundTrip(date) as? Date == date)
        #expect(try roundTrip(Data([0, 1, 2])) as? Data == Data([0, 1, 2]))
        let uuid = UUID()
        #expect((try roundTrip(uuid) as? NSUUID)?.uuidString == uuid.uuidString)
        let url = try #require(URL(string: "https://example.com/a?b=c"))
        #expect(try roundTrip(url) as? URL == url)
        let relative = try #require(URL(string: "foo.xml", relativeTo: URL(string: "https://www.example.com/")))
        #expect((try roundTrip(relative) as? URL)?.absoluteString == "https://www.example.com/foo.xml")
        #expect(try roundTrip(["a", "b"]) as? [String] == ["a", "b"])
        #expect(try roundTrip(["k": [1, 2]]) as? [String: [Int]] == ["k": [1, 2]])
        #expect(try roundTrip(Set(["x", "y"])) as? Set<String> == ["x", "y"])
        #expect((try roundTrip(ArchivedOrderedSet(["p", "q"])) as? NSOrderedSet)?.array as? [String] == ["p", "q"])
        #expect(try roundTrip(ArchivedNull()) is NSNull)
    }

    @Test("every Foundation class archived by Foundation reads in ours")
    func foundationToOurs() throws {
        func archive(_ object: Any) throws -> Data {
            try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
        }
        #expect(try KeyedUnarchiver.unarchive(String.self, from: archive(NSString(string: "plain"))) == "plain")
        #expect(try KeyedUnarchiver.unarchive(String.self, from: archive(NSMutableString(string: "mutable"))) == "mutable")
        #expect(try KeyedUnarchiver.unarchive(Int.self, from: archive(NSNumber(value: -12))) == -12)
        #expect(try KeyedUnarchiver.unarchive(UInt64.self, from: archive(NSNumber(value: UInt64.max))) == UInt64.max)
        #expect(try KeyedUnarchiver.unarchive(Double.self, from: archive(NSNumber(value: 0.1))) == 0.1)
        #expect(try KeyedUnarchiver.unarchive(Float.self, from: archive(NSNumber(value: Float(0.1)))) == Float(0.1))
        #expect(try KeyedUnarchiver.unarchive(Bool.self, from: archive(NSNumber(value: true))) == true)
        let date = Date(timeIntervalSinceReferenceDate: 1_210_536_312.25)
        #expect(try KeyedUnarchiver.unarchive(Date.self, from: archive(date as NSDate)) == date)
        #expect(try KeyedUnarchiver.unarchive(Data.self, from: archive(Data([5, 6]) as NSData)) == Data([5, 6]))
        #expect(try KeyedUnarchiver.unarchive(Data.self, from: archive(NSMutableData(data: Data([7])))) == Data([7]))
        let uuid = UUID()
        #expect(try KeyedUnarchiver.unarchive(UUID.self, from: archive(uuid as NSUUID)) == uuid)
        let base = try #require(NSURL(string: "https://swift.org/"))
        let url = try #require(NSURL(string: "blog/", relativeTo: base as URL))
        #expect(try KeyedUnarchiver.unarchive(URL.self, from: archive(url)).absoluteString == "https://swift.org/blog/")
        #expect(try KeyedUnarchiver.unarchive([String].self, from: archive(NSArray(array: ["a", "b"]))) == ["a", "b"])
        #expect(try KeyedUnarchiver.unarchive([Int].self, from: archive(NSMutableArray(array: [1, 2]))) == [1, 2])
        #expect(try KeyedUnarchiver.unarchive([String: Int].self, from: archive(NSDictionary(dictionary: ["a": 1]))) == ["a": 1])
        #expect(try KeyedUnarchiver.unarchive([String: String].self, from: archive(NSMutableDictionary(dictionary: ["k": "v"]))) == ["k": "v"])
        #expect(try KeyedUnarchiver.unarchive(Set<Int>.self, from: archive(NSSet(array: [3, 4]))) == [3, 4])
        #expect(try KeyedUnarchiver.unarchive(ArchivedOrderedSet<String>.self, from: archive(NSOrderedSet(array: ["z", "y"]))).elements == ["z", "y"])
        #expect(try KeyedUnarchiver.unarchive(ArchivedNull.self, from: archive(NSNull())) == ArchivedNull())
        let nested: NSDictionary = ["list": [["deep": NSNull()]], "when": date as NSDate]
        let generic = try KeyedUnarchiver(data: archive(nested)).decode(ArchivedValue.self)
        guard case .dictionary(let entries)? = generic else {
            Issue.record("expected a dictionary")
            return
        }
        #expect(entries.count == 2)
    }

    @Test("a shared Foundation object is one object in ours, and ours shares class instances for Foundation")
    func sharedReferences() throws {
        let url = try #require(NSURL(string: "https://example.com/shared"))
        let data = try NSKeyedArchiver.archivedData(withRootObject: NSArray(array: [url, url]), requiringSecureCoding: false)
        let plist = try PropertyList(data: data)
        let objects = try #require(plist.dictionaryValue?["$objects"]?.arrayValue)
        #expect(objects.filter { $0 == .string("https://example.com/shared") }.count == 1)
        let urls = try KeyedUnarchiver.unarchive([URL].self, from: data)
        #expect(urls.count == 2 && urls[0] == urls[1])
    }

    @Test("Homepwner items: ours read by Foundation's NSSecureCoding class, Foundation's read by ours")
    func homepwnerItems() throws {
        let items = HomepwnerItem.sample(count: 20)
        let ours = try KeyedArchiver.archivedData(withRoot: items)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: ours)
        unarchiver.setClass(FoundationItem.self, forClassName: "BNRItem")
        let decoded = try #require(unarchiver.decodeObject(of: [NSArray.self, FoundationItem.self], forKey: NSKeyedArchiveRootObjectKey) as? [FoundationItem])
        #expect(decoded.map(HomepwnerItem.init) == items)

        let foundationItems = NSMutableArray(array: items.map(FoundationItem.init))
        let written = try NSKeyedArchiver.archivedData(withRootObject: foundationItems, requiringSecureCoding: true)
        let foundationName = NSStringFromClass(FoundationItem.self)
        let renamed = try renamingClass(in: written, from: foundationName, to: "BNRItem")
        #expect(try KeyedUnarchiver.unarchive([HomepwnerItem].self, from: renamed) == items)
        let error = try #require(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive([HomepwnerItem].self, from: written) }
        #expect(error.code == .classMismatch)
    }

    @Test("a creature archived by Foundation under each original class name decodes in ours", arguments: [
        ("ScaryCreatures.ScaryCreatureData", "root"), ("ScaryCreatureData", "root"), ("ScaryBugData", "Data"),
    ])
    func creatures(className: String, topKey: String) throws {
        for asObject in [false, true] {
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            archiver.encode(FoundationCreature(title: "Vampire", rating: 3.5, ratingAsObject: asObject), forKey: topKey)
            archiver.finishEncoding()
            let renamed = try renamingClass(in: archiver.encodedData, from: NSStringFromClass(FoundationCreature.self), to: className)
            let creature = try KeyedUnarchiver.unarchive(CreatureRecord.self, from: renamed, forKey: topKey)
            #expect(creature == CreatureRecord(title: "Vampire", rating: 3.5))
        }
        let ours = try KeyedArchiver.archivedData(withRoot: CreatureRecord(title: "Wolf", rating: 4.5))
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: ours)
        unarchiver.setClass(FoundationCreature.self, forClassName: "ScaryCreatures.ScaryCreatureData")
        let creature = try #require(unarchiver.decodeObject(of: FoundationCreature.self, forKey: NSKeyedArchiveRootObjectKey))
        #expect(creature.title == "Wolf")
        #expect(creature.rating == 4.5)
    }
}
