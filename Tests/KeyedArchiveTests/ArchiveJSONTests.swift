import Foundation
import KeyedArchive
import Testing
import TestSupport

/// An Apple fixture's path.
private func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "Fixtures/apple/\(name).plist", withExtension: nil)).path
}

/// `plist print --json` of a fixture, parsed.
private func printedJSON(_ name: String) async throws -> Any {
    let run = try await runPlist(["print", "--json", try fixture(name)])
    #expect(run.status == 0, "\(name): \(run.errors)")
    return try JSONSerialization.jsonObject(with: run.outputData, options: [.fragmentsAllowed])
}

@Suite("plist print --json: a keyed archive's graph as plain JSON", .timeLimit(.minutes(4)))
struct ArchiveJSONTests {
    @Test("Foundation's collections, strings, numbers, dates, data, UUIDs and URLs become JSON's own values; another class keeps its name and chain")
    func foundationValues() async throws {
        let collections = try #require((try await printedJSON("kil-collections.bin") as? [String: Any])?["root"] as? [String: Any])
        #expect(collections["$class"] as? String == "TestDummy")
        #expect(collections["arrayOfInts"] as? [Int] == [1, 2, 3])
        #expect(collections["arrayOfStrings"] as? [String] == ["foo", "bar", "baz"])
        #expect(collections["dictionary"] as? [String: String] == ["baz": "aaa", "foo": "bar"])
        #expect(collections["set"] as? [String] == ["is", "ordered", "not", "set"])
        let complex = try #require((try await printedJSON("scf-complex-dict.bin") as? [String: Any])?["root"] as? [String: Any])
        #expect(complex["url"] as? String == "https://www.swift.org/index.xml")
        #expect(complex["uuid"] as? String == "71DC068E-3420-45FF-919E-3A267D55EC22")
        #expect((complex["array"] as? [Any])?.first is NSNull)
        #expect(((try await printedJSON("scf-url-relative.xml") as? [String: Any])?["root"] as? String) == "https://www.example.com/foo.xml")
        #expect(((try await printedJSON("kil-date.bin") as? [String: Any])?["root"] as? String) == "2039-05-12T20:05:12Z")
        let chain = try #require((try await printedJSON("kil-subclass-chain.bin") as? [String: Any])?["root"] as? [String: Any])
        #expect(chain["$classes"] as? [String] == ["TestDummyExtended", "generate_reference_data.TestDummy", "NSObject"])
        #expect(((try await printedJSON("macos1014-nsorderedset-numbers.bin") as? [String: Any])?["root"] as? [Int]) == [1, 2, 3, 4, 5])
        #expect(((try await printedJSON("scf-orderedset-strings.xml") as? [String: Any])?["root"] as? [String]) == ["valgeir", "nico", "puzzle"])
    }

    @Test("NSValue geometry and ranges, and an attributed string as its text, its dictionaries once each, and runs that name them")
    func valuesAndRuns() async throws {
        #expect(((try await printedJSON("scf-nsvalue-rect.xml") as? [String: Any])?["root"] as? [String: String]) == ["rect": "{{400, 300}, {200, 300}}"])
        #expect(((try await printedJSON("scf-nsvalue-range.xml") as? [String: Any])?["root"] as? [String: Int]) == ["location": 97345, "length": 98345])
        let attributed = try #require((try await printedJSON("macos1014-nsmutableattributedstring.bin") as? [String: Any])?["root"] as? [String: Any])
        #expect(attributed["string"] as? String == "0123456789")
        let runs = try #require(attributed["runs"] as? [[String: Int]])
        #expect(runs.compactMap { $0["length"] } == [1, 1, 4, 2, 1, 1])
        #expect(runs.compactMap { $0["attributes"] } == [0, 1, 2, 1, 3, 0])
        let dictionaries = try #require(attributed["attributes"] as? [[String: Any]])
        #expect(dictionaries.count == 4)
        #expect(dictionaries[1]["Font"] as? String == "Helvetica")
        #expect(dictionaries[1]["Size"] as? Int == 123)
    }

    @Test("an object that contains itself is printed once with $id, and as {\"$ref\": N} inside; every $top key is there")
    func sharingAndTopKeys() async throws {
        let root = try #require((try await printedJSON("mw-self-containing-mutablearray.bin") as? [String: Any])?["root"] as? [String: Any])
        #expect(root["$id"] as? Int == 1)
        #expect((root["$items"] as? [[String: Int]]) == [["$ref": 1]])
        let top = try #require(try await printedJSON("dp-multiple-top-keys.bin") as? [String: Any])
        #expect(top.count == 12)
        #expect(top["$6"] as? String == "Hello, World!")
    }

    @Test("for each binary fixture the NSKeyedUnArchiver Python package reads, the same values (its class keys aside)", arguments: [
        "kil-collections.bin", "kil-date.bin", "kil-nil-root.bin", "kil-scalar-types.bin", "kil-subclass-chain.bin",
        "macos1014-nsmeasurement-angle.bin", "macos1014-nsset-numbers.bin", "mw-custom-class-note.bin", "mw-root-nsdata.bin",
        "mw-root-string.bin", "sd-ios-running-processes.bin",
    ])
    func sameAsThePythonPackage(name: String) async throws {
        let path = try fixture(name)
        let ours = try await runPlist(["print", "--json", path])
        #expect(ours.status == 0)
        // Both sides normalised the same way: class names dropped, NSSet's {"NS.objects": …}
        // and bytes, dates and UUIDs as the JSON shows them; then compared as JSON values.
        let script = """
        import sys, json, base64, datetime, uuid
        import NSKeyedUnArchiver
        def theirs(v):
            if isinstance(v, dict):
                if set(v.keys()) == {"NS.objects"}: return theirs(v["NS.objects"])
                return {str(k): theirs(x) for k, x in v.items() if k not in ("$class", "$classes", "$classname")}
            if isinstance(v, (list, tuple, set)): return [theirs(x) for x in v]
            if isinstance(v, bytes): return base64.b64encode(v).decode()
            if isinstance(v, datetime.datetime): return v.replace(tzinfo=datetime.timezone.utc).isoformat().replace("+00:00", "Z")
            if isinstance(v, uuid.UUID): return str(v).upper()
            return v
        def ours(v):
            if isinstance(v, dict): return {k: ours(x) for k, x in v.items() if k not in ("$class", "$classes", "$id")}
            if isinstance(v, list): return [ours(x) for x in v]
            return v
        a = theirs(NSKeyedUnArchiver.unserializeNSKeyedArchiver(open(sys.argv[1], "rb").read()))
        b = ours(json.load(sys.stdin)["root"])
        print("same" if a == b else "different:\\n" + json.dumps(a, sort_keys=True)[:400] + "\\n" + json.dumps(b, sort_keys=True)[:400])
        """
        let verdict = String(decoding: try await runPython(script, arguments: [path], input: ours.outputData), as: UTF8.self)
        #expect(verdict == "same\n", "\(name): \(verdict)")
    }

    @Test("a plain plist prints as plain JSON; a broken archive is one line and exit 1")
    func plainAndBroken() async throws {
        let plain = try #require(try await printedJSON("plain-ios-info-utf16.bin") as? [String: Any])
        #expect(!plain.isEmpty)
        let broken = try await runPlist(["print", "--json", try fixture("bad-keyed-root-uid-out-of-range.bin")])
        #expect(broken.status == 1)
        #expect(broken.errors.hasSuffix("keyed archive: $top[\"root\"] refers to object 5, but $objects has only 3 entries\n"))
    }
}
