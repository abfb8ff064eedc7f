import Foundation
import KeyedArchive
import Testing

/// An object with ASCII, decomposed, precomposed and `$`-prefixed keys, inline and referenced values.
private struct Fields: Archivable {
    static let archiveClassName = "Fields"

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode("one", forKey: "name")
        coder.encode(7, forKey: "count")
        coder.encode("decomposed", forKey: "e\u{301}")
        coder.encode("precomposed", forKey: "\u{E9}")
        coder.encode(true, forKey: "$flag")
    }

    init() {}

    init(from coder: ArchiveDecoder) throws {}
}

@Suite("Reading a fixed set of fields in place, without building the object's dictionary")
struct FieldValuesTests {
    static func archive(_ format: PropertyListFormat) throws -> (KeyedUnarchiver, UInt32) {
        let archiver = KeyedArchiver()
        archiver.encode(Fields())
        let unarchiver = try KeyedUnarchiver(data: try archiver.encodedData(format: format))
        guard case .uid(let root)? = unarchiver.top["root"] else { throw ArchiveError(.missingValue, "no root") }
        return (unarchiver, root)
    }

    @Test("binary and XML archives give each key's raw value by code point, nil for a missing key, and count the others but not $class", arguments: [PropertyListFormat.binary, .xml])
    func valuesAndOtherCount(format: PropertyListFormat) throws {
        let (unarchiver, root) = try Self.archive(format)
        let (values, otherCount) = try unarchiver.fields(["count", "\u{E9}", "missing", "name"], of: root)
        #expect(values[0] == .integer(7))
        #expect(values[2] == nil)
        guard case .uid(let precomposed)? = values[1], case .uid(let name)? = values[3] else {
            Issue.record("expected references, got \(values)")
            return
        }
        #expect(try unarchiver.object(precomposed) == .string("precomposed"))
        #expect(try unarchiver.object(name) == .string("one"))
        #expect(otherCount == 2)  // "e\u{301}" and "$flag"; "$class" is not counted
        // The same answers as the whole dictionary gives.
        let fields = try unarchiver.classAndFields(of: root).fields
        #expect(values == ["count", "\u{E9}", "missing", "name"].map { fields[PropertyListKey($0)] })
    }

    @Test("an entry that is not an object dictionary is a typeMismatch")
    func notAnObject() throws {
        let (unarchiver, _) = try Self.archive(.binary)
        let error = try #require(throws: ArchiveError.self) { try unarchiver.fields(["name"], of: 0) }
        #expect(error.code == .typeMismatch)
    }
}
