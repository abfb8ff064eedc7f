import Foundation
import Testing
import KeyedArchive

/// A creature as the 2018 app archives it.
private struct CreatureData: Archivable, Equatable {
    static let archiveClassName = "ScaryCreatures.ScaryCreatureData"
    static let acceptedClassNames: Set<String> = ["ScaryCreatureData", "ScaryBugData"]
    static let archiveVersion: Int? = 2

    var title: String
    var rating: Float

    init(title: String, rating: Float) {
        self.title = title
        self.rating = rating
    }

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(title, forKey: "Title")
        coder.encode(rating, forKey: "Rating")
    }

    init(from coder: ArchiveDecoder) throws {
        title = try coder.decode(String.self, forKey: "Title") ?? ""
        rating = try coder.decode(Float.self, forKey: "Rating") ?? 0
    }
}

/// A class whose instances can be shared and can point at each other.
private final class Node: Archivable {
    static let archiveClassName = "Node"
    var name: String
    var next: Node?
    var friends: [Node] = []

    init(_ name: String) { self.name = name }

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(name, forKey: "name")
        coder.encode(next, forKey: "next")
        coder.encode(friends, forKey: "friends")
    }

    init(from coder: ArchiveDecoder) throws {
        name = try coder.decodeRequired(String.self, forKey: "name")
        next = try coder.decode(Node.self, forKey: "next")
        friends = try coder.decode([Node].self, forKey: "friends") ?? []
    }
}

@Suite("Archivable")
struct ArchivableTests {
    @Test("a struct round-trips and writes Apple's archive shape")
    func structRoundTrip() throws {
        let creature = CreatureData(title: "Mummy", rating: 4.5)
        let data = try KeyedArchiver.archivedData(withRoot: creature)
        #expect(try KeyedUnarchiver.unarchive(CreatureData.self, from: data) == creature)

        let plist = try PropertyList(data: data)
        let root = try #require(plist.dictionaryValue)
        #expect(root["$archiver"] == .string("NSKeyedArchiver"))
        #expect(root["$version"] == .integer(100_000))
        #expect(root["$top"] == .dictionary(["root": .uid(1)]))
        let objects = try #require(root["$objects"]?.arrayValue)
        #expect(objects[0] == .string("$null"))
        let fields = try #require(objects[1].dictionaryValue)
        #expect(fields["Rating"] == .float(4.5))
        #expect(fields["Version"] == .integer(2))
        guard case .uid(let titleUID) = fields["Title"], case .uid(let classUID) = fields["$class"] else {
            Issue.record("Title and $class must be references")
            return
        }
        #expect(objects[Int(titleUID)] == .string("Mummy"))
        #expect(objects[Int(classUID)] == .dictionary([
            "$classname": .string("ScaryCreatures.ScaryCreatureData"),
            "$classes": .array([.string("ScaryCreatures.ScaryCreatureData"), .string("NSObject")]),
        ]))
    }

    @Test("the version is readable and a missing key decodes as nil")
    func versionAndMissingKeys() throws {
        struct Probe: Archivable {
            static let archiveClassName = "ScaryCreatures.ScaryCreatureData"
            var version: Int?
            var missing: String?
            func encode(with coder: inout ArchiveEncoder) {}
            init(from coder: ArchiveDecoder) throws {
                version = coder.version
                missing = try coder.decode(String.self, forKey: "NoSuchKey")
            }
        }
        let data = try KeyedArchiver.archivedData(withRoot: CreatureData(title: "Bat", rating: 1))
        let probe = try KeyedUnarchiver.unarchive(Probe.self, from: data)
        #expect(probe.version == 2)
        #expect(probe.missing == nil)
    }

    @Test("accepted class names decode; other classes are refused before anything is built")
    func secureClassCheck() throws {
        struct OldBug: Archivable {
            static let archiveClassName = "ScaryBugData"
            func encode(with coder: inout ArchiveEncoder) {
                coder.encode("Old bug", forKey: "Title")
                coder.encode(Float(3), forKey: "Rating")
            }
            init() {}
            init(from coder: ArchiveDecoder) throws { Issue.record("must not be decoded") }
        }
        let old = try KeyedArchiver.archivedData(withRoot: OldBug())
        #expect(try KeyedUnarchiver.unarchive(CreatureData.self, from: old) == CreatureData(title: "Old bug", rating: 3))

        let creature = try KeyedArchiver.archivedData(withRoot: CreatureData(title: "x", rating: 0))
        let error = try #require(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive(OldBug.self, from: creature) }
        #expect(error.code == .classMismatch)
        #expect(error.message.contains("ScaryCreatures.ScaryCreatureData"))
        #expect(error.message.contains("ScaryBugData"))
    }

    @Test("a class instance encoded twice is written once and decodes as one instance")
    func sharedInstances() throws {
        let shared = Node("shared")
        let a = Node("a")
        let b = Node("b")
        a.next = shared
        b.next = shared
        let data = try KeyedArchiver.archivedData(withRoot: [a, b])
        let plist = try PropertyList(data: data)
        let objects = try #require(plist.dictionaryValue?["$objects"]?.arrayValue)
        #expect(objects.filter { $0 == .string("shared") }.count == 1)

        let decoded = try KeyedUnarchiver.unarchive([Node].self, from: data)
        #expect(decoded.count == 2)
        let first = try #require(decoded[0].next)
        let second = try #require(decoded[1].next)
        #expect(first === second)
        #expect(first.name == "shared")
    }

    @Test("a class cycle is written finitely and typed decoding reports it instead of looping")
    func classCycle() throws {
        let a = Node("a")
        let b = Node("b")
        a.next = b
        b.next = a
        let data = try KeyedArchiver.archivedData(withRoot: a)
        let error = try #require(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive(Node.self, from: data) }
        #expect(error.code == .cycle)
        let generic = try KeyedUnarchiver(data: data).decode(ArchivedValue.self)
        guard case .object(let root) = generic, case .object(let next)? = root.fields["next"] else {
            Issue.record("expected two objects, got \(String(describing: generic))")
            return
        }
        #expect(next.fields["next"] == .reference(1))
    }

    @Test("collections, optionals and Foundation values round-trip", arguments: [PropertyListFormat.binary, .xml])
    func foundationValues(format: PropertyListFormat) throws {
        struct Everything: Archivable, Equatable {
            static let archiveClassName = "Everything"
            var strings = ["a", "ü", "😀"]
            var numbers: [String: Double] = ["pi": 3.14159, "e": 2.71828]
            var set: Set<Int> = [1, 2, 3]
            var ordered = ArchivedOrderedSet(["x", "y"])
            var date = Date(timeIntervalSinceReferenceDate: 680_457_815.615284)
            var data = Data([0, 1, 2, 255])
            var uuid = UUID()
            var url = URL(string: "https://example.com/a?b=c")
            var relative = URL(string: "foo.xml", relativeTo: URL(string: "https://www.example.com/"))
            var none: String?
            var big = UInt64.max
            var negative = Int64.min
            var flag = true
            init() {}
            func encode(with coder: inout ArchiveEncoder) {
                coder.encode(strings, forKey: "strings")
                coder.encode(numbers, forKey: "numbers")
                coder.encode(set, forKey: "set")
                coder.encode(ordered, forKey: "ordered")
                coder.encode(date, forKey: "date")
                coder.encode(data, forKey: "data")
                coder.encode(uuid, forKey: "uuid")
                coder.encode(url, forKey: "url")
                coder.encode(relative, forKey: "relative")
                coder.encode(none, forKey: "none")
                coder.encode(big, forKey: "big")
                coder.encode(negative, forKey: "negative")
                coder.encode(flag, forKey: "flag")
            }
            init(from coder: ArchiveDecoder) throws {
                strings = try coder.decodeRequired([String].self, forKey: "strings")
                numbers = try coder.decodeRequired([String: Double].self, forKey: "numbers")
                set = try coder.decodeRequired(Set<Int>.self, forKey: "set")
                ordered = try coder.decodeRequired(ArchivedOrderedSet<String>.self, forKey: "ordered")
                date = try coder.decodeRequired(Date.self, forKey: "date")
                data = try coder.decodeRequired(Data.self, forKey: "data")
                uuid = try coder.decodeRequired(UUID.self, forKey: "uuid")
                url = try coder.decode(URL.self, forKey: "url")
                relative = try coder.decode(URL.self, forKey: "relative")
                none = try coder.decode(String.self, forKey: "none")
                big = try coder.decodeRequired(UInt64.self, forKey: "big")
                negative = try coder.decodeRequired(Int64.self, forKey: "negative")
                flag = try coder.decodeRequired(Bool.self, forKey: "flag")
            }
        }
        let value = Everything()
        let archiver = KeyedArchiver()
        archiver.encode(value)
        let data = try archiver.encodedData(format: format)
        #expect(PropertyListFormat.detect(data) == format)
        let decoded = try KeyedUnarchiver.unarchive(Everything.self, from: data)
        #expect(decoded == value)
        #expect(decoded.relative?.absoluteString == "https://www.example.com/foo.xml")
    }

    @Test("several top-level keys are written and read back")
    func multipleTopKeys() throws {
        let archiver = KeyedArchiver()
        archiver.encode("hello", forKey: "greeting")
        archiver.encode(42, forKey: "answer")
        archiver.encode(CreatureData(title: "Ghost", rating: 2.5), forKey: "Data")
        let unarchiver = try KeyedUnarchiver(data: archiver.encodedData())
        #expect(try unarchiver.decode(String.self, forKey: "greeting") == "hello")
        #expect(try unarchiver.decode(Int.self, forKey: "answer") == 42)
        #expect(try unarchiver.decode(CreatureData.self, forKey: "Data")?.title == "Ghost")
        #expect(try unarchiver.decode(String.self, forKey: "absent") == nil)
    }

    @Test("a wrongly typed field gives an error naming the class, object and key")
    func typeMismatchNamesTheKey() throws {
        struct Wrong: Archivable {
            static let archiveClassName = "ScaryCreatures.ScaryCreatureData"
            func encode(with coder: inout ArchiveEncoder) {}
            init(from coder: ArchiveDecoder) throws { _ = try coder.decode(Date.self, forKey: "Title") }
        }
        let data = try KeyedArchiver.archivedData(withRoot: CreatureData(title: "x", rating: 1))
        let error = try #require(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive(Wrong.self, from: data) }
        #expect(error.message.contains("\"Title\""))
        #expect(error.message.contains("object 1"))
    }

    @Test("numbers convert exactly or not at all")
    func exactNumbers() throws {
        let data = try KeyedArchiver.archivedData(withRoot: [300, -1, 70_000])
        #expect(try KeyedUnarchiver.unarchive([Int].self, from: data) == [300, -1, 70_000])
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive([Int8].self, from: data) }
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive([UInt].self, from: data) }
        let reals = try KeyedArchiver.archivedData(withRoot: [1.5])
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive([Int].self, from: reals) }
    }

    @Test("nesting deeper than the limit is refused")
    func depthLimit() throws {
        var nested: Node? = nil
        for index in 0..<100 {
            let node = Node("\(index)")
            node.next = nested
            nested = node
        }
        let data = try KeyedArchiver.archivedData(withRoot: nested)
        let limits = ArchiveLimits(maxDepth: 50)
        let error = try #require(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive(Node.self, from: data, limits: limits) }
        #expect(error.code == .limitExceeded)
        #expect(try KeyedUnarchiver.unarchive(Node.self, from: data).name == "99")
    }
}
