import Foundation
import Testing
import TestSupport
import KeyedArchive

/// A string archived as its own `NSString` object: `KeyedArchiver` shares equal strings, so
/// this is where its string table must keep equivalent strings apart.
private struct Labelled: Archivable, Equatable {
    static let archiveClassName = "Labelled"
    var keys: [PropertyListKey: [String]]
    var stamps: [Date]
    var zero: Double

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(keys, forKey: "keys")
        coder.encode(stamps, forKey: "stamps")
        coder.encode(zero, forKey: "zero")
    }

    init(keys: [PropertyListKey: [String]], stamps: [Date], zero: Double) {
        self.keys = keys
        self.stamps = stamps
        self.zero = zero
    }

    init(from coder: ArchiveDecoder) throws {
        keys = try coder.decodeRequired([PropertyListKey: [String]].self, forKey: "keys")
        stamps = try coder.decodeRequired([Date].self, forKey: "stamps")
        zero = try coder.decodeRequired(Double.self, forKey: "zero")
    }

    static func == (lhs: Labelled, rhs: Labelled) -> Bool {
        lhs.keys.count == rhs.keys.count
            && lhs.keys.allSatisfy { key, value in rhs.keys[key].map { zip($0, value).allSatisfy(ExactString.equal) && $0.count == value.count } ?? false }
            && lhs.stamps.map(\.timeIntervalSinceReferenceDate.bitPattern) == rhs.stamps.map(\.timeIntervalSinceReferenceDate.bitPattern)
            && lhs.zero.bitPattern == rhs.zero.bitPattern
    }
}

/// Echoes a plist through Python's plistlib in the given form (`BINARY` or `XML`).
private func throughPlistlib(_ data: Data, form: String) async throws -> Data {
    try await runPython("""
    import plistlib, sys
    value = plistlib.loads(sys.stdin.buffer.read())
    sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_\(form), sort_keys=True))
    """, input: data)
}

@Suite("Exact round trips of equivalent strings, dates, markers and -0")
struct ExoticRoundTripTests {
    @Test("300 random exotic plists round-trip exactly through binary and JSON, and through XML as XML's image")
    func ourFormats() throws {
        for seed in 0..<300 as Range<UInt64> {
            var random = RandomPlist(seed: seed &+ 90_000)
            let value = random.exoticValue(forPython: false)
            #expect(try BinaryPlistReader.read(BinaryPlistWriter.write(value)) == value, "seed \(seed) binary")
            #expect(try PropertyList(json: value.jsonData()) == value, "seed \(seed) JSON")
            #expect(try PropertyList(json: value.jsonData(pretty: false)) == value, "seed \(seed) compact JSON")
            if value.xmlLosses().contains(where: { $0.contains("cannot be written") }) {
                #expect(throws: ArchiveError.self, "seed \(seed)") { try value.encoded(as: .xml) }
            } else {
                #expect(try PropertyList(data: value.encoded(as: .xml)) == xmlImage(value), "seed \(seed) XML")
            }
        }
    }

    @Test("200 random exotic plists written by us read back exactly after Python's plistlib reads and rewrites them", arguments: ["BINARY", "XML"])
    func plistlibRoundTrip(form: String) async throws {
        // One Python process for all the plists: an array of them.
        var values: [PropertyList] = []
        for seed in 0..<200 as Range<UInt64> {
            var random = RandomPlist(seed: seed &+ 70_000)
            values.append(random.exoticValue(forPython: true))
        }
        let batch = PropertyList.array(values)
        let ours = form == "BINARY" ? BinaryPlistWriter.write(batch) : try batch.encoded(as: .xml)
        let back = try await PropertyList(data: throughPlistlib(ours, form: form))
        let expected = form == "BINARY" ? batch : xmlImage(batch)
        let elements = try #require(back.arrayValue)
        #expect(elements.count == values.count)
        for (index, (got, want)) in zip(elements, try #require(expected.arrayValue)).enumerated() {
            #expect(got == want, "seed \(index) via plistlib \(form)")
        }
    }

    @Test("the JSON form of exotic plists converts to binary that plistlib reads as the same plist")
    func jsonThenPlistlib() async throws {
        for seed in 0..<50 as Range<UInt64> {
            var random = RandomPlist(seed: seed &+ 50_000)
            let value = random.exoticValue(forPython: true)
            let binary = BinaryPlistWriter.write(try PropertyList(json: value.jsonData()))
            #expect(try await BinaryPlistReader.read(throughPlistlib(binary, form: "BINARY")) == value, "seed \(seed)")
        }
    }

    @Test("100 archives of equivalent keys, exotic dates and -0 decode exactly, also after plistlib rewrites them")
    func archiverRoundTrip() async throws {
        for seed in 0..<100 as Range<UInt64> {
            var random = RandomPlist(seed: seed &+ 30_000)
            var keys: [PropertyListKey: [String]] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random.generator) {
                keys[PropertyListKey(random.exoticString())] = (0..<Int.random(in: 0...4, using: &random.generator)).map { _ in random.exoticString() }
            }
            let stamps = (0..<3).map { _ in Date(timeIntervalSinceReferenceDate: random.exoticSeconds(microseconds: false)) }
            let value = Labelled(keys: keys, stamps: stamps, zero: -0.0)
            let data = try KeyedArchiver.archivedData(withRoot: value)
            #expect(try KeyedUnarchiver.unarchive(Labelled.self, from: data) == value, "seed \(seed)")
            let rewritten = try await throughPlistlib(data, form: "BINARY")
            #expect(try KeyedUnarchiver.unarchive(Labelled.self, from: rewritten) == value, "seed \(seed) via plistlib")
        }
    }
}
