import Foundation
import Testing
import TestSupport
import KeyedArchive

/// Canonically equivalent strings that every plist reader but Swift's `String ==` keeps apart.
let equivalentStrings: [String] = [
    "\u{E9}", "e\u{301}", // é: NFC, NFD
    "\u{C5}", "\u{212B}", "A\u{30A}", // Å: Latin letter, Angstrom sign, A + ring
    "\u{D55C}", "\u{1112}\u{1161}\u{11AB}", // 한: syllable, jamo
]

/// The scalars of `text` as `U+XXXX` words, so a failing test shows which form it got.
func scalarNames(_ text: String) -> String {
    text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
}

@Suite("Strings compared by code point")
struct ExactStringTests {
    /// A dictionary with every equivalent form as a separate key, each with its own value.
    static let dictionary: PropertyList = .dictionary(Dictionary(uniqueKeysWithValues: equivalentStrings.enumerated().map {
        (PropertyListKey($0.element), PropertyList.integer(Int64($0.offset)))
    }))

    @Test("PropertyListKey and PropertyList equality see scalars, not canonical equivalence")
    func keyEquality() {
        #expect(PropertyListKey("\u{E9}") != PropertyListKey("e\u{301}"))
        #expect(PropertyListKey("\u{E9}") == PropertyListKey("\u{E9}"))
        #expect(Set(equivalentStrings.map { PropertyListKey($0) }).count == equivalentStrings.count)
        #expect(PropertyList.string("\u{E9}") != .string("e\u{301}"))
        #expect(Set(equivalentStrings.map(PropertyList.string)).count == equivalentStrings.count)
        #expect(PropertyList.real(-0.0) != .real(0.0))
        #expect(PropertyList.real(.nan) == .real(.nan))
    }

    @Test("keys order by UTF-16 code unit, as CoreFoundation sorts them, surrogate pairs before U+E000–U+FFFF")
    func keyOrder() {
        let texts = equivalentStrings + ["", "a", "ab", "b", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "😀", "😀a", "\u{10000}", "z\u{FFFD}", "z😀", "\u{7FF}", "\u{800}"]
        for left in texts {
            for right in texts {
                let expected = left.utf16.lexicographicallyPrecedes(right.utf16)
                #expect((PropertyListKey(left) < PropertyListKey(right)) == expected, "\(scalarNames(left)) < \(scalarNames(right))")
            }
        }
    }

    @Test("a dictionary keyed by equivalent strings keeps every key and its own value in every format", arguments: ["binary", "xml", "json"])
    func dictionaryRoundTrip(format: String) throws {
        let data: Data
        let back: PropertyList
        switch format {
        case "json":
            data = Self.dictionary.jsonData()
            back = try PropertyList(json: data)
        default:
            let plistFormat = try #require(PropertyListFormat(rawValue: format))
            data = try Self.dictionary.encoded(as: plistFormat)
            back = try PropertyList(data: data)
        }
        #expect(back == Self.dictionary)
        let entries = try #require(back.dictionaryValue)
        for (index, text) in equivalentStrings.enumerated() {
            #expect(entries[PropertyListKey(text)] == .integer(Int64(index)), "\(scalarNames(text))")
        }
    }

    @Test("the binary writer stores equivalent strings as separate objects")
    func binaryWriterUniquing() throws {
        let array = PropertyList.array(equivalentStrings.map(PropertyList.string) + equivalentStrings.map(PropertyList.string))
        let back = try BinaryPlistReader.read(BinaryPlistWriter.write(array))
        let strings = try #require(back.arrayValue).compactMap(\.stringValue)
        #expect(strings.map(scalarNames) == (equivalentStrings + equivalentStrings).map(scalarNames))
    }

    @Test("Python's plistlib reads our dictionary of equivalent keys with every key, and we read its")
    func plistlibKeys() async throws {
        let ours = BinaryPlistWriter.write(Self.dictionary)
        let script = """
        import plistlib, sys
        value = plistlib.loads(sys.stdin.buffer.read())
        assert len(value) == \(equivalentStrings.count), len(value)
        sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
        """
        #expect(try await BinaryPlistReader.read(runPython(script, input: ours)) == Self.dictionary)
    }

    @Test("KeyedArchiver keeps equivalent strings apart in its string table, and they decode exactly")
    func archiverStringTable() throws {
        let data = try KeyedArchiver.archivedData(withRoot: equivalentStrings)
        let back = try KeyedUnarchiver.unarchive([String].self, from: data)
        #expect(back.map(scalarNames) == equivalentStrings.map(scalarNames))
        let foundation = try #require(try foundationRoot(data) as? [String])
        #expect(foundation.map(scalarNames) == equivalentStrings.map(scalarNames))
    }

    @Test("an NSDictionary with equivalent keys decodes into [PropertyListKey: Value] whole, and [String: Value] refuses it")
    func dictionaryDecoding() throws {
        let keys = equivalentStrings.map { PropertyListKey($0) }
        let value = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
        let data = try KeyedArchiver.archivedData(withRoot: value)
        #expect(try KeyedUnarchiver.unarchive([PropertyListKey: Int].self, from: data) == value)
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive([String: Int].self, from: data) }
        let generic = try KeyedUnarchiver.unarchive(ArchivedValue.self, from: data)
        guard case .dictionary(let entries) = generic else {
            Issue.record("expected a dictionary, got \(generic)")
            return
        }
        #expect(Set(entries.map { $0.key }) == Set(equivalentStrings.map(ArchivedValue.string)))
    }

    @Test("an NSSet of equivalent strings decodes as Set<PropertyListKey> and ArchivedValue whole, and is written back whole")
    func setDecoding() throws {
        let value = Set(equivalentStrings.map { PropertyListKey($0) })
        let data = try KeyedArchiver.archivedData(withRoot: value)
        #expect(try KeyedUnarchiver.unarchive(Set<PropertyListKey>.self, from: data) == value)
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive(Set<String>.self, from: data) }
        let generic = try KeyedUnarchiver.unarchive(ArchivedValue.self, from: data)
        let rewritten = try KeyedArchiver.archivedData(withRoot: generic)
        #expect(try KeyedUnarchiver.unarchive(Set<PropertyListKey>.self, from: rewritten) == value)
    }

    @Test("an archived object's fields named by equivalent strings stay separate fields")
    func objectFields() throws {
        var fields: [PropertyListKey: PropertyList] = [:]
        let archiver = KeyedArchiver()
        for (index, text) in equivalentStrings.enumerated() { fields[PropertyListKey(text)] = .integer(Int64(index)) }
        let uid = archiver.appendObject(className: "Thing", fields: fields)
        let data = try archiver.encodedData()
        let plist = try PropertyList(data: data)
        let objects = try #require(plist["$objects"]?.arrayValue)
        let object = try #require(objects[Int(uid)].dictionaryValue)
        #expect(object.count == equivalentStrings.count + 1)
        let unarchiver = try KeyedUnarchiver(data: data)
        for (index, text) in equivalentStrings.enumerated() {
            #expect(try unarchiver.field(text, of: uid) == .integer(Int64(index)), "\(scalarNames(text))")
        }
        guard case .object(let decoded) = try ArchivedValue.decodeObject(uid: uid, in: unarchiver) else {
            Issue.record("object \(uid) did not decode as an object")
            return
        }
        #expect(decoded.fields.count == equivalentStrings.count)
    }
}
