import Foundation
import Testing
@testable import KeyedArchive

/// Every Apple-written fixture parses to exactly its expected JSON, or is rejected as the index says.
@Suite("Apple fixtures")
struct FixtureTests {
    @Test("fixtures that must parse equal their expected JSON", arguments: Fixtures.index.filter(\.plist_must_parse))
    func parsesToExpectedJSON(entry: FixtureEntry) throws {
        let (plist, format) = try PropertyList.read(Fixtures.data(entry.file))
        #expect(format.rawValue == entry.format)
        let expected = try PropertyList(json: Fixtures.data(entry.expected))
        #expect(plistEquivalent(plist, expected), "\(entry.file) does not match \(entry.expected)")
    }

    @Test("fixtures that must be rejected throw a binary-plist error", arguments: Fixtures.index.filter { !$0.plist_must_parse })
    func rejectsMalformedPlists(entry: FixtureEntry) throws {
        let error = try #require(throws: ArchiveError.self) { try PropertyList.read(Fixtures.data(entry.file)) }
        #expect(error.code == .corruptBinary)
        #expect(!error.message.isEmpty)
    }

    @Test("valid keyed archives decode from every $top key", arguments: Fixtures.index.filter { $0.keyed_archive_valid == true })
    func decodesKeyedArchives(entry: FixtureEntry) throws {
        let unarchiver = try KeyedUnarchiver(data: Fixtures.data(entry.file))
        #expect(!unarchiver.top.isEmpty)
        for key in unarchiver.top.keys {
            _ = try unarchiver.decode(ArchivedValue.self, forKey: key)
        }
    }

    @Test("invalid keyed archives are rejected with an error naming the object", arguments: Fixtures.index.filter { $0.keyed_archive_valid == false })
    func rejectsInvalidKeyedArchives(entry: FixtureEntry) throws {
        let error = try #require(throws: ArchiveError.self) {
            let unarchiver = try KeyedUnarchiver(data: Fixtures.data(entry.file))
            _ = try unarchiver.decode(ArchivedValue.self)
        }
        // A reference past the end of $objects is damage to the structure; the rest are plists
        // that are not valid keyed archives.
        #expect(error.code == (entry.file.contains("uid-out-of-range") ? .brokenReference : .invalidArchive))
        #expect(error.message.contains("object"))
    }

    @Test("binary and XML forms of the same archive read as the same plist")
    func binaryAndXMLPairsAgree() throws {
        for name in ["kil-scalar-types", "kil-collections", "kil-date"] {
            let binary = try PropertyList(data: Fixtures.data("\(name).bin.plist"))
            let xml = try PropertyList(data: Fixtures.data("\(name).xml.plist"))
            #expect(plistEquivalent(binary, xml), "\(name)")
        }
    }

    @Test("binary fixtures written back by our writer read back equal and open in Foundation")
    func binaryFixturesRoundTrip() throws {
        for entry in Fixtures.index where entry.plist_must_parse && entry.format == "binary" {
            let plist = try PropertyList(data: Fixtures.data(entry.file))
            let written = BinaryPlistWriter.write(plist)
            #expect(try BinaryPlistReader.read(written) == plist, "\(entry.file)")
            #expect(throws: Never.self) { try PropertyListSerialization.propertyList(from: written, format: nil) }
        }
    }

    @Test("Foundation types in the fixtures decode to their Swift values")
    func foundationValuesDecode() throws {
        let date = try KeyedUnarchiver.unarchive(Date.self, from: Fixtures.data("kil-date.bin.plist"))
        #expect(date == Date(timeIntervalSinceReferenceDate: 1_210_536_312))
        let uuid = try KeyedUnarchiver.unarchive(UUID.self, from: Fixtures.data("scf-uuid.xml.plist"))
        #expect(uuid.uuidString == "0AD863BA-7584-40CF-8896-BD87B3280C34")
        let url = try KeyedUnarchiver.unarchive(URL.self, from: Fixtures.data("scf-url-relative.xml.plist"))
        #expect(url.absoluteString == "https://www.example.com/foo.xml")
        let strings = try KeyedUnarchiver.unarchive([String].self, from: Fixtures.data("scf-array-strings.xml.plist"))
        #expect(strings == ["baa", "baa", "black", "sheep"])
        let ordered = try KeyedUnarchiver.unarchive(ArchivedOrderedSet<Int>.self, from: Fixtures.data("macos1014-nsorderedset-numbers.bin.plist"))
        #expect(ordered.elements == [1, 2, 3, 4, 5])
        let set = try KeyedUnarchiver.unarchive(Set<Int>.self, from: Fixtures.data("macos1014-nsset-numbers.bin.plist"))
        #expect(set == [1, 2, 3, 4, 5])
        let bytes = try KeyedUnarchiver.unarchive(Data.self, from: Fixtures.data("mw-root-nsdata.bin.plist"))
        #expect(bytes.count == 10)
        let text = try KeyedUnarchiver.unarchive(String.self, from: Fixtures.data("mw-root-string.bin.plist"))
        #expect(text == "Some string!")
        let shared = try KeyedUnarchiver.unarchive([String: URL].self, from: Fixtures.data("kil-shared-url-reference.bin.plist"))
        #expect(shared["copyOne"] == shared["copyTwo"])
        #expect(shared["copyOne"]?.absoluteString == "https://example.com/foo/bar?a=b#hash")
        let nilRoot = try KeyedUnarchiver(data: Fixtures.data("kil-nil-root.bin.plist"))
        #expect(try nilRoot.decode(String.self) == nil)
    }

    @Test("an array that contains itself decodes generically to a back reference, and typed decoding reports a cycle")
    func selfContainingArray() throws {
        let data = try Fixtures.data("mw-self-containing-mutablearray.bin.plist")
        let value = try KeyedUnarchiver(data: data).decode(ArchivedValue.self)
        #expect(value == .array([.reference(1)]))
        let error = try #require(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive([[String]].self, from: data) }
        #expect(error.code == .cycle)
    }

    @Test("a custom Objective-C class decodes through Archivable with inline and referenced fields")
    func customClassNote() throws {
        struct Note: Archivable {
            static let archiveClassName = "Note"
            var title: String
            var author: String
            var date: Int
            var published: Bool
            func encode(with coder: inout ArchiveEncoder) {}
            init(from coder: ArchiveDecoder) throws {
                title = try coder.decodeRequired(String.self, forKey: "title")
                author = try coder.decodeRequired(String.self, forKey: "author")
                date = try coder.decodeRequired(Int.self, forKey: "date")
                published = try coder.decodeRequired(Bool.self, forKey: "published")
            }
        }
        let note = try KeyedUnarchiver.unarchive(Note.self, from: Fixtures.data("mw-custom-class-note.bin.plist"))
        #expect(note.title == "Some cool title")
        #expect(note.author == "Michael Wright")
        #expect(note.date == 2025)
        #expect(note.published)
    }
}
