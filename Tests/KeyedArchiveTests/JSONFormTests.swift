import Foundation
import Testing
import TestSupport
import KeyedArchive

@Suite("JSON form: lossless and unambiguous")
struct JSONFormTests {
    static let dates: [Double] = [
        0, -0.0, 0.5, -0.5, 1e-9, -1e-300, .leastNonzeroMagnitude, 12_345.678_901_234_5,
        -978_307_200.25, // 1969-12-31T23:59:59.75Z
        -63_113_904_000, -63_113_904_000.5, -63_113_904_001, // year 1 and before
        252_423_993_599, 252_423_993_599.999, 252_423_993_600, // the end of year 9999 and after
        1e15, -1e15, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        Double(bitPattern: 0x7FF8_0000_0000_0001), // a NaN with a payload
    ]

    @Test("every date keeps every bit through binary → JSON → binary", arguments: dates)
    func dateBits(seconds: Double) throws {
        let value = PropertyList.date(Date(timeIntervalSinceReferenceDate: seconds))
        let binary = BinaryPlistWriter.write(.array([value]))
        let json = try BinaryPlistReader.read(binary).jsonData()
        let back = try BinaryPlistReader.read(BinaryPlistWriter.write(PropertyList(json: json)))
        let date = try #require(back.arrayValue?.first.flatMap { if case .date(let d) = $0 { d } else { nil } })
        #expect(date.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern, "\(seconds) came back as \(date.timeIntervalSinceReferenceDate)")
    }

    @Test("whole-second dates of the years 1 to 9999 are ISO text; others are exact seconds since 2001")
    func dateText() {
        let whole = PropertyList.date(Date(timeIntervalSinceReferenceDate: 0)).jsonData(pretty: false)
        #expect(String(decoding: whole, as: UTF8.self) == "{\"$date\":\"2001-01-01T00:00:00Z\"}\n")
        let before2001 = PropertyList.date(Date(timeIntervalSinceReferenceDate: -978_307_200)).jsonData(pretty: false)
        #expect(String(decoding: before2001, as: UTF8.self) == "{\"$date\":\"1970-01-01T00:00:00Z\"}\n")
        let fraction = PropertyList.date(Date(timeIntervalSinceReferenceDate: -0.25)).jsonData(pretty: false)
        #expect(String(decoding: fraction, as: UTF8.self) == "{\"$date\":-0.25}\n")
        let negativeZero = PropertyList.date(Date(timeIntervalSinceReferenceDate: -0.0)).jsonData(pretty: false)
        #expect(String(decoding: negativeZero, as: UTF8.self) == "{\"$date\":-0.0}\n")
    }

    static let lookalikes: [PropertyList] = [
        .dictionary(["$date": .string("2001-01-01T00:00:00Z")]),
        .dictionary(["$date": .real(12.5)]),
        .dictionary(["$date": .string("garbage")]),
        .dictionary(["$uid": .integer(3)]),
        .dictionary(["$data": .string("AAAA")]),
        .dictionary(["$real": .string("nan")]),
        .dictionary(["$float": .real(1.5)]),
        .dictionary(["$set": .array([.integer(1)])]),
        .dictionary(["$dict": .dictionary(["$uid": .integer(3)])]),
        .dictionary(["$dict": .string("not an object")]),
        .dictionary(["$dict": .dictionary(["$dict": .dictionary([:])])]),
        .dictionary(["$": .bool(true)]),
        .dictionary(["$class": .uid(7)]),
        .array([.dictionary(["$uid": .integer(3)]), .uid(3)]),
    ]

    @Test("a dictionary that looks like a marker comes back as that dictionary", arguments: lookalikes)
    func markerLookalike(value: PropertyList) throws {
        #expect(try PropertyList(json: value.jsonData()) == value)
        #expect(try PropertyList(json: value.jsonData(pretty: false)) == value)
    }

    @Test("the escaping rule: a one-entry dictionary with a $ key is wrapped in $dict, others are not")
    func escapingRule() {
        let wrapped = PropertyList.dictionary(["$uid": .integer(3)]).jsonData(pretty: false)
        #expect(String(decoding: wrapped, as: UTF8.self) == "{\"$dict\":{\"$uid\":3}}\n")
        let twoKeys = PropertyList.dictionary(["$uid": .integer(3), "b": .bool(true)]).jsonData(pretty: false)
        #expect(String(decoding: twoKeys, as: UTF8.self) == "{\"$uid\":3,\"b\":true}\n")
        let uid = PropertyList.uid(3).jsonData(pretty: false)
        #expect(String(decoding: uid, as: UTF8.self) == "{\"$uid\":3}\n")
    }

    @Test("negative zero, NaN payloads, 4-byte reals and sets survive JSON exactly")
    func numbersAndSets() throws {
        let value = PropertyList.array([
            .real(-0.0), .real(0.0), .float(-0.0), .float(0.1), .float(.nan), .float(Float(bitPattern: 0x7FC0_0001)),
            .real(Double(bitPattern: 0x7FF8_0000_0000_0001)), .real(.nan), .real(-.infinity), .real(.leastNormalMagnitude / 4),
            .set([.integer(1), .string("\u{E9}")]), .set([]),
        ])
        #expect(try PropertyList(json: value.jsonData()) == value)
    }

    @Test("negative zero survives XML, ours and Python's plistlib")
    func negativeZeroXML() async throws {
        let value = PropertyList.array([.real(-0.0), .real(0.0)])
        let xml = try value.encoded(as: .xml)
        #expect(try PropertyList(data: xml) == value)
        let echoed = try await runPython("""
        import plistlib, sys, math
        value = plistlib.loads(sys.stdin.buffer.read())
        assert math.copysign(1, value[0]) == -1 and math.copysign(1, value[1]) == 1
        sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_XML))
        """, input: xml)
        #expect(try PropertyList(data: echoed) == value)
    }

    @Test("the JSON form of the fixtures (written before the escaping rule) still reads")
    func oldForm() throws {
        let old = Data(#"{"$class": {"$uid": 5}, "x": {"$class": {"$uid": 2}}}"#.utf8)
        #expect(try PropertyList(json: old) == .dictionary(["$class": .uid(5), "x": .dictionary(["$class": .uid(2)])]))
    }
}
