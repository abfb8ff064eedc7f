import Foundation
import Testing
import TestSupport
import KeyedArchive

/// A plist with every kind of value, for format round trips.
let everyKindOfValue: PropertyList = .dictionary([
    "string": .string("plain"),
    "unicode": .string("Grüße 😀 — ∑"),
    "escapes": .string("a < b && c > d \"quoted\" 'single'"),
    "empty": .string(""),
    "small": .integer(7),
    "byte": .integer(255),
    "short": .integer(65_535),
    "word": .integer(4_294_967_295),
    "negative": .integer(-1),
    "min": .integer(Int64.min),
    "max": .integer(Int64.max),
    "huge": .unsignedInteger(UInt64.max),
    "real": .real(3.14159265358979),
    "integral real": .real(1_210_536_312),
    "tiny": .real(.leastNonzeroMagnitude),
    "float": .float(1.5),
    "true": .bool(true),
    "false": .bool(false),
    "date": .date(Date(timeIntervalSinceReferenceDate: -619_446_474)),
    "data": .data(Data((0..<200).map { UInt8($0) })),
    "no data": .data(Data()),
    "uid": .uid(4_000_000_000),
    "array": .array([.integer(1), .string("two"), .array([]), .dictionary([:])]),
    "nested": .dictionary(["deeper": .dictionary(["deepest": .bool(true)])]),
])

@Suite("Plist interop")
struct PlistInteropTests {
    @Test("every kind of value round-trips through our binary and XML writers", arguments: PropertyListFormat.allCases)
    func roundTrip(format: PropertyListFormat) throws {
        let data = try everyKindOfValue.encoded(as: format)
        let back = try PropertyList(data: data)
        if format == .binary {
            #expect(back == everyKindOfValue)
        } else {
            #expect(plistEquivalent(back, everyKindOfValue))
        }
    }

    @Test("Foundation's PropertyListSerialization reads what we write", arguments: PropertyListFormat.allCases)
    func foundationReadsOurs(format: PropertyListFormat) throws {
        var plist = everyKindOfValue.dictionaryValue ?? [:]
        plist["uid"] = nil
        let data = try PropertyList.dictionary(plist).encoded(as: format)
        let object = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(object["unicode"] as? String == "Grüße 😀 — ∑")
        #expect(object["escapes"] as? String == "a < b && c > d \"quoted\" 'single'")
        #expect((object["min"] as? NSNumber)?.int64Value == Int64.min)
        #expect((object["huge"] as? NSNumber)?.uint64Value == UInt64.max)
        #expect((object["real"] as? NSNumber)?.doubleValue == 3.14159265358979)
        #expect(object["date"] as? Date == Date(timeIntervalSinceReferenceDate: -619_446_474))
        #expect(object["data"] as? Data == Data((0..<200).map { UInt8($0) }))
        #expect((object["array"] as? [Any])?.count == 4)
        #expect(object.count == plist.count)
    }

    @Test("we read what Foundation's PropertyListSerialization writes", arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func oursReadsFoundation(format: PropertyListSerialization.PropertyListFormat) throws {
        let object: [String: Any] = [
            "s": "Grüße 😀", "i": -5, "big": NSNumber(value: UInt64.max), "d": 2.5, "b": true,
            "date": Date(timeIntervalSinceReferenceDate: 12345), "data": Data([1, 2, 3]), "a": [1, "x", [String: Int]()],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
        let plist = try PropertyList(data: data)
        #expect(plistEquivalent(plist, .dictionary([
            "s": .string("Grüße 😀"), "i": .integer(-5), "big": .unsignedInteger(UInt64.max), "d": .real(2.5), "b": .bool(true),
            "date": .date(Date(timeIntervalSinceReferenceDate: 12345)), "data": .data(Data([1, 2, 3])),
            "a": .array([.integer(1), .string("x"), .dictionary([:])]),
        ])))
    }

    @Test("Python's plistlib reads what we write, and we read what plistlib writes", arguments: PropertyListFormat.allCases)
    func pythonPlistlib(format: PropertyListFormat) async throws {
        var plist = everyKindOfValue.dictionaryValue ?? [:]
        plist["uid"] = nil
        plist["huge"] = nil // plistlib writes integers above Int64.max but reads them only as 16-byte ints it wrote itself
        let ours = try PropertyList.dictionary(plist).encoded(as: format)
        let script = """
        import plistlib, sys, json, datetime, base64
        value = plistlib.loads(sys.stdin.buffer.read())
        sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_\(format == .binary ? "BINARY" : "XML"), sort_keys=True))
        """
        let echoed = try await runPython(script, input: ours)
        let back = try PropertyList(data: echoed)
        #expect(plistEquivalent(back, .dictionary(plist)))
    }

    @Test("XML with comments, entities, CDATA, empty elements and hex integers reads like Apple's")
    func xmlDetails() throws {
        let xml = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment -->
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>entities</key><string>&lt;&amp;&gt;&quot;&apos;&#65;&#x1F600;</string>
            <key>cdata</key><string><![CDATA[<not a tag>]]></string>
            <key>empty</key><string/>
            <key>hex</key><integer>0x1F</integer>
            <key>real</key><real>1210536312</real>
            <key>nan</key><real>nan</real>
            <key>data</key><data>
                AAEC
                AwQ=
            </data>
            <key>emptyArray</key><array/>
            <key>emptyDict</key><dict/>
            <key>uid</key><dict><key>CF$UID</key><integer>7</integer></dict>
        </dict>
        </plist>
        """
        let plist = try PropertyList(data: Data(xml.utf8))
        let root = try #require(plist.dictionaryValue)
        #expect(root["entities"] == .string("<&>\"'A😀"))
        #expect(root["cdata"] == .string("<not a tag>"))
        #expect(root["empty"] == .string(""))
        #expect(root["hex"] == .integer(31))
        #expect(root["real"] == .real(1_210_536_312))
        #expect(root["nan"]?.doubleValue?.isNaN == true)
        #expect(root["data"] == .data(Data([0, 1, 2, 3, 4])))
        #expect(root["emptyArray"] == .array([]))
        #expect(root["emptyDict"] == .dictionary([:]))
        #expect(root["uid"] == .uid(7))
    }

    @Test("malformed XML is a corruptXML error naming the byte and line", arguments: [
        "<plist><dict><key>a</key></dict></plist>",
        "<plist><array><string>x</array></plist>",
        "<plist><integer>12x</integer></plist>",
        "<plist><integer>99999999999999999999</integer></plist>",
        "<plist><real>abc</real></plist>",
        "<plist><date>2001-13-01T00:00:00Z</date></plist>",
        "<plist><data>!!!</data></plist>",
        "<plist><string>&bogus;</string></plist>",
        "<plist><unknown/></plist>",
        "<plist><string>unterminated",
        "<plist><dict><key>CF$UID</key><integer>-1</integer></dict></plist>",
        "<plist><true/><true/></plist>",
        "<?xml version=\"1.0\"?>",
    ])
    func malformedXML(xml: String) throws {
        let error = try #require(throws: ArchiveError.self) { try PropertyList(data: Data(xml.utf8)) }
        #expect(error.code == .corruptXML)
        #expect(error.message.contains("byte"))
        #expect(error.message.contains("line"))
    }

    @Test("XML nested past the depth limit or longer than the limits is refused")
    func xmlLimits() throws {
        let deep = String(repeating: "<array>", count: 300) + String(repeating: "</array>", count: 300)
        let error = try #require(throws: ArchiveError.self) { try PropertyList(data: Data("<plist>\(deep)</plist>".utf8)) }
        #expect(error.code == .limitExceeded)
        let many = "<plist><array>" + String(repeating: "<true/>", count: 50) + "</array></plist>"
        let limits = ArchiveLimits(maxCollectionCount: 10)
        #expect(throws: ArchiveError.self) { try PropertyList(data: Data(many.utf8), limits: limits) }
    }

    @Test("every truncation of an XML plist is an error or a value, never a crash")
    func xmlTruncations() throws {
        let data = try everyKindOfValue.encoded(as: .xml)
        for length in 0..<data.count {
            valueOrArchiveError { try PropertyList(data: data.prefix(length)) }
        }
        #expect(throws: ArchiveError.self) { try PropertyList(data: data.prefix(data.count / 2)) }
    }

    @Test("the JSON form reads back every kind of value")
    func jsonRoundTrip() throws {
        let json = everyKindOfValue.jsonData()
        #expect(plistEquivalent(try PropertyList(json: json), everyKindOfValue))
        let compact = everyKindOfValue.jsonData(pretty: false)
        #expect(!compact.contains(UInt8(ascii: "\n")) || compact.last == UInt8(ascii: "\n"))
        #expect(plistEquivalent(try PropertyList(json: compact), everyKindOfValue))
        for bad in ["{", "[1,", "{\"a\" 1}", "tru", "\"\\x\"", "1e", "123456789012345678901234567890"] {
            #expect(throws: ArchiveError.self) { try PropertyList(json: Data(bad.utf8)) }
        }
    }
}

