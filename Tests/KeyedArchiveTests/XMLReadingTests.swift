import Foundation
import Testing
import KeyedArchive

/// A malformed document and the line its error must name.
struct MalformedXML: Sendable, CustomTestStringConvertible {
    var body: String
    var line: Int
    var testDescription: String { body.replacingOccurrences(of: "\n", with: "⏎") }
}

/// The dictionary every dd-plist encoding fixture holds.
private let ddplistValue: PropertyList = .dictionary([
    "keyA": .string("valueA"),
    "key&B": .string("value&B \u{2705}"),
    "date": .date(Date(timeIntervalSince1970: 1_322_472_090)), // 2011-11-28T09:21:30Z
    "data": .data(Data(base64Encoded: "AAAABBBBCCCC") ?? Data()),
    "array": .array([.bool(true), .bool(false), .integer(87), .real(3.14159)]),
])

@Suite("XML: every encoding Apple reads, nothing malformed")
struct XMLReadingTests {
    static let malformed: [MalformedXML] = [
        MalformedXML(body: "<plist>\n<array>\n<string =\">x</string>\n</array>\n</plist>", line: 3), // stray attribute
        MalformedXML(body: "<plist>\n<array>\n<string a=\"1\"b=\"2\">x</string>\n</array>\n</plist>", line: 3),
        MalformedXML(body: "<plist>\n<array>\n<string a=1>x</string>\n</array>\n</plist>", line: 3),
        MalformedXML(body: "<plist>\n<array>\n<string>x</string junk>\n</array>\n</plist>", line: 3),
        MalformedXML(body: "<plist>\n<array>\n<!-- a -- b -->\n<string>x</string></array></plist>", line: 3), // -- inside a comment
        MalformedXML(body: "<plist>\n<array>\n<!--><string>smuggled</string><!-- -->\n</array></plist>", line: 3),
        MalformedXML(body: "<plist>\n<array>\n<string>x</string>\n</dict>\n</plist>", line: 4), // unbalanced
        MalformedXML(body: "<plist>\n<dict>\n<key>a</key><string>x</string>\n</array>\n</plist>", line: 4),
        MalformedXML(body: "<plist>\n<array>\n<true>yes</true>\n</array>\n</plist>", line: 3),
        MalformedXML(body: "<plist>\n<array>\n<string>x</strin>\n</array>\n</plist>", line: 3),
    ]

    @Test("malformed XML is a corruptXML error naming its line, never a value", arguments: malformed)
    func malformedXML(document: MalformedXML) throws {
        let error = try #require(throws: ArchiveError.self) { try PropertyList(data: Data(document.body.utf8)) }
        #expect(error.code == .corruptXML)
        #expect(error.message.contains("(line \(document.line))"), "\(error.message)")
    }

    @Test("well-formed attributes, comments and end tags with spaces read")
    func wellFormedDetails() throws {
        let xml = "<plist version=\"1.0\" xmlns:x='y'>\n<array >\n<!-- one - two -->\n<string x = \"a>b\">v</string >\n<true />\n</array>\n</plist>"
        #expect(try PropertyList(data: Data(xml.utf8)) == .array([.string("v"), .bool(true)]))
    }

    @Test("the dd-plist XML files in UTF-16 and UTF-32, with and without a byte-order mark, read as their dictionary", arguments: [
        "ddplist-xml-utf-16be-bom.plist", "ddplist-xml-utf-16be.plist", "ddplist-xml-utf-16le-bom.plist",
        "ddplist-xml-utf-16le.plist", "ddplist-xml-utf-32be-bom.plist", "ddplist-xml-utf-32le-bom.plist",
    ])
    func ddplistEncodings(file: String) throws {
        let data = try Fixtures.other(file)
        #expect(PropertyListFormat.detect(data) == .xml)
        #expect(try PropertyList(data: data) == ddplistValue)
    }

    @Test("our XML converted to UTF-16 (either order, with or without a mark) and UTF-8 with a mark reads the same")
    func convertedEncodings() throws {
        let value = ExactStringTests.dictionary
        let xml = try value.encoded(as: .xml)
        let text = String(decoding: xml, as: UTF8.self)
        var forms: [Data] = [Data([0xEF, 0xBB, 0xBF]) + xml]
        for bigEndian in [true, false] {
            var units = Data()
            for unit in text.utf16 {
                let bytes = bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                units.append(contentsOf: bytes)
            }
            forms.append(units)
            forms.append((bigEndian ? Data([0xFE, 0xFF]) : Data([0xFF, 0xFE])) + units)
        }
        for form in forms {
            #expect(PropertyListFormat.detect(form) == .xml)
            #expect(try PropertyList(data: form) == value)
        }
    }

    @Test("an XML file in Latin-1 that says so in its declaration reads")
    func latin1XML() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>caf\u{E9}</string></plist>"
        let bytes = Data(xml.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        #expect(try PropertyList(data: bytes) == .string("caf\u{E9}"))
    }

    @Test("a binary plist whose ASCII strings hold Latin-1 bytes reads them as Latin-1")
    func latin1ASCIIStrings() throws {
        let value = try PropertyList(data: Fixtures.other("latin1-ascii-strings.bin.plist"))
        #expect(value == .dictionary([PropertyListKey("caf\u{E9}"): .string("na\u{EF}ve")]))
    }

    @Test("plists that plistlib and plistutil wrote with canonically equivalent keys read with every key", arguments: [
        "plistlib-equivalent-keys.bin.plist", "plistlib-equivalent-keys.xml.plist", "plistutil-equivalent-keys.bin.plist",
    ])
    func otherProgramsEquivalentKeys(file: String) throws {
        var expected = ExactStringTests.dictionary.dictionaryValue ?? [:]
        expected["values"] = .array(equivalentStrings.map(PropertyList.string))
        #expect(try PropertyList(data: Fixtures.other(file)) == .dictionary(expected))
    }
}
