import Foundation
import KeyedArchive
import Testing
import TestSupport

/// Every path in `value`, the root first.
private func paths(in value: PropertyList, at path: PropertyListKeyPath = PropertyListKeyPath(components: [])) -> [PropertyListKeyPath] {
    var found = [path]
    switch value {
    case .dictionary(let entries):
        for (key, inner) in entries { found += paths(in: inner, at: path.appending(key.string)) }
    case .array(let elements), .set(let elements):
        for (index, inner) in elements.enumerated() { found += paths(in: inner, at: path.appending(String(index))) }
    default:
        break
    }
    return found
}

@Suite("Editing a property list at a key path")
struct PropertyListEditTests {
    let plist = PropertyList.dictionary(["name": .string("Spork"), "tags": .array([.string("a"), .string("b")]), "set": .set([.integer(1)])])

    @Test("set replaces or adds a key, insert adds a key or moves elements on, remove takes away, append adds at the end")
    func edits() throws {
        func edited(_ path: String, _ edit: PropertyListEdit) throws -> PropertyList { try plist.editing(at: PropertyListKeyPath(parsing: path), edit) }
        #expect(try edited("name", .set(.integer(2))).value(at: PropertyListKeyPath(parsing: "name")) == .integer(2))
        #expect(try edited("new", .set(.bool(true))).value(at: PropertyListKeyPath(parsing: "new")) == .bool(true))
        #expect(try edited("tags.1", .set(.string("B"))).value(at: PropertyListKeyPath(parsing: "tags")) == .array([.string("a"), .string("B")]))
        #expect(try edited("tags.0", .insert(.string("z"))).value(at: PropertyListKeyPath(parsing: "tags")) == .array([.string("z"), .string("a"), .string("b")]))
        #expect(try edited("tags.2", .insert(.string("z"))).value(at: PropertyListKeyPath(parsing: "tags")) == .array([.string("a"), .string("b"), .string("z")]))
        #expect(try edited("tags.0", .remove).value(at: PropertyListKeyPath(parsing: "tags")) == .array([.string("b")]))
        #expect(try edited("tags", .append(.integer(3))).value(at: PropertyListKeyPath(parsing: "tags.2")) == .integer(3))
        #expect(try edited("set", .append(.integer(2))).value(at: PropertyListKeyPath(parsing: "set")) == .set([.integer(1), .integer(2)]))
        #expect(try edited("name", .remove) == .dictionary(["tags": .array([.string("a"), .string("b")]), "set": .set([.integer(1)])]))
        #expect(try edited("", .set(.string("root"))) == .string("root"))
    }

    @Test("an edit that cannot be made names where, and changes nothing", arguments: [
        ("name", PropertyListEdit.insert(.string("x")), #"the dictionary at the root already has the key "name"; set replaces a value"#),
        ("nothing", .remove, #"no key "nothing" in the dictionary at the root to remove"#),
        ("nothing.deeper", .set(.string("x")), #"no key "nothing" in the dictionary at the root"#),
        ("tags.3", .insert(.string("x")), "index 3 is past the end of the array at tags (2 elements; insert at 2 to add at the end)"),
        ("tags.2", .set(.string("x")), "index 2 is past the end of the array at tags (2 elements)"),
        ("name", .append(.string("x")), "the value at name is a string, not an array to append to"),
        ("name.0", .set(.string("x")), #"the value at name is a string, which holds no "0""#),
        ("", .remove, "the root cannot be inserted or removed; give the path of a key or an element"),
    ])
    func refusals(path: String, edit: PropertyListEdit, message: String) throws {
        let error = try #require(throws: ArchiveError.self) { try plist.editing(at: PropertyListKeyPath(parsing: path), edit) }
        #expect(error.code == .keyPathNotFound)
        #expect(error.message == message)
    }

    @Test("on random plists, setting any path changes that value alone: setting the old value back gives the same plist, bit for bit", arguments: 0..<40)
    func onlyTheEditedValueChanges(seed: UInt64) throws {
        var random = RandomPlist(seed: seed)
        let value = random.value()
        for path in paths(in: value) {
            let old = try value.value(at: path)
            let new = PropertyList.string("edited \(seed)")
            let edited = try value.editing(at: path, .set(new))
            #expect(try edited.value(at: path) == new)
            #expect(try edited.editing(at: path, .set(old)) == value, "seed \(seed), \(path)")
            guard let last = path.components.last else { continue }
            let parent = try value.value(at: path.prefix(path.components.count - 1))
            if case .dictionary = parent {
                #expect(try value.editing(at: path, .remove).editing(at: path, .insert(old)) == value)
            } else if PropertyListKeyPath(components: [last]).components.first.flatMap(Int.init) != nil {
                #expect(try value.editing(at: path, .remove).editing(at: path, .insert(old)) == value)
            }
        }
    }
}

@Suite("plist set, insert, remove and append, run as a real process", .timeLimit(.minutes(4)))
struct PlistEditToolTests {
    @Test("on random plists in binary, XML and JSON files, plist set changes the value at a random path and nothing else, and the file keeps its form", arguments: 0..<12)
    func randomEditsThroughTheTool(seed: UInt64) async throws {
        var random = RandomPlist(seed: seed)
        // XML holds no UIDs, sets, 4-byte reals or fractions of seconds: those files get the values it can hold.
        random.includeUIDs = false
        let value = PropertyList.dictionary(["inner": random.value(), "leaf": .integer(Int64(seed))])
        let all = paths(in: value).filter { !$0.components.isEmpty }
        let path = all[Int(seed) % all.count]
        let new = PropertyList.string("set by the tool \(seed)")
        let expected = try value.editing(at: path, .set(new))
        try await withTemporaryFolder { folder in
            for form in ["binary", "xml", "json"] {
                let file = folder.appendingPathComponent("data.\(form)")
                let bytes: Data
                switch form {
                case "binary": bytes = BinaryPlistWriter.write(value)
                case "json": bytes = value.jsonData()
                default:
                    guard value.xmlLosses().isEmpty else { continue }
                    bytes = try XMLPlistWriter.write(value)
                }
                try bytes.write(to: file)
                let run = try await runPlist(["set", file.path, path.description, "--string", "set by the tool \(seed)"])
                #expect(run.status == 0, "seed \(seed), \(form), \(path): \(run.errors)")
                let after = try Data(contentsOf: file)
                #expect(PropertyListFormat.detect(after) == PropertyListFormat.detect(bytes), "seed \(seed), \(form)")
                let read = try form == "json" ? PropertyList(json: after) : PropertyList(data: after)
                #expect(read == expected, "seed \(seed), \(form), \(path)")
            }
        }
    }

    static let value = PropertyList.dictionary([
        "name": .string("caf\u{E9}"), "other": .string("cafe\u{301}"), "count": .integer(3), "when": .date(Date(timeIntervalSinceReferenceDate: 1)),
        "tags": .array([.string("a")]), "blob": .data(Data([1, 2, 3])), "big": .integer(unsigned: UInt64.max),
    ])

    @Test("each verb edits in place and keeps the file's form; every other value is unchanged (diff finds one difference)", arguments: ["binary", "xml", "json"])
    func editsKeepTheForm(form: String) async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("data.\(form)")
            let bytes: Data = switch form {
            case "binary": BinaryPlistWriter.write(Self.value)
            case "xml": try XMLPlistWriter.write(Self.value)
            default: Self.value.jsonData()
            }
            try bytes.write(to: file)
            let original = folder.appendingPathComponent("original.\(form)")
            try bytes.write(to: original)
            for (arguments, difference) in [
                (["set", file.path, "count", "--integer", "4"], "~ count: 3 → 4"),
                (["insert", file.path, "tags.0", "--string", "z"], "~ tags.0: \"a\" → \"z\""),
                (["append", file.path, "tags", "--bool", "yes"], "+ tags.2: true"),
                (["remove", file.path, "blob"], "- blob: AQID"),
                (["set", file.path, "nested", "--json", #"{"x": [1, 2.5]}"#], "+ nested: (dictionary of 1)"),
            ] {
                let run = try await runPlist(arguments)
                #expect(run.status == 0, "\(arguments): \(run.errors)")
                #expect(run.errors.isEmpty)
                #expect(try await runPlist(["diff", original.path, file.path]).output.contains(difference + "\n"), "\(arguments)")
            }
            let after = try Data(contentsOf: file)
            #expect(PropertyListFormat.detect(after) == PropertyListFormat.detect(bytes))
            let read = try form == "json" ? PropertyList(json: after) : PropertyList(data: after)
            let expected = try Self.value
                .editing(at: PropertyListKeyPath(parsing: "count"), .set(.integer(4)))
                .editing(at: PropertyListKeyPath(parsing: "tags.0"), .insert(.string("z")))
                .editing(at: PropertyListKeyPath(parsing: "tags"), .append(.bool(true)))
                .editing(at: PropertyListKeyPath(parsing: "blob"), .remove)
                .editing(at: PropertyListKeyPath(parsing: "nested"), .set(.dictionary(["x": .array([.integer(1), .real(2.5)])])))
            #expect(read == expected)
            // The composed and decomposed keys' values stay apart, by code point.
            #expect(try read.value(at: PropertyListKeyPath(parsing: "name")) == .string("caf\u{E9}"))
            #expect(try read.value(at: PropertyListKeyPath(parsing: "other")) == .string("cafe\u{301}"))
        }
    }

    @Test("a refused edit writes nothing; a keyed archive needs --raw-archive; -o writes elsewhere; - edits standard input to standard output; permissions stay")
    func safety() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("data.plist")
            let bytes = BinaryPlistWriter.write(Self.value)
            try bytes.write(to: file)
            chmod(file.path, 0o640)
            let refused = try await runPlist(["insert", file.path, "count", "--integer", "9"])
            #expect(refused.status == 1)
            #expect(refused.errors == "plist: error: \(file.path): the dictionary at the root already has the key \"count\"; set replaces a value\n")
            let badValue = try await runPlist(["set", file.path, "count", "--integer", "nine"])
            #expect(badValue.status == 1)
            #expect(badValue.errors == "plist: error: --integer \"nine\" is not an integer between -2^63 and 2^64-1\n")
            for arguments in [["set", file.path, "count"], ["set", file.path, "count", "--integer", "1", "--string", "x"]] {
                let ambiguous = try await runPlist(arguments)
                #expect(ambiguous.status == 64)
                #expect(ambiguous.errors == "plist: error: give the value with exactly one of --bool, --integer, --float, --string, --date, --data, --json, --array, --dictionary\n")
            }
            #expect(try Data(contentsOf: file) == bytes)
            let elsewhere = folder.appendingPathComponent("copy.plist")
            #expect(try await runPlist(["set", file.path, "count", "--integer", "5", "-o", elsewhere.path]).status == 0)
            #expect(try Data(contentsOf: file) == bytes)
            #expect(try PropertyList(data: Data(contentsOf: elsewhere)).value(at: PropertyListKeyPath(parsing: "count")) == .integer(5))
            let converted = try await runPlist(["convert", file.path, "--to", "json", "-o", "-"])
            #expect(try PropertyList(json: converted.outputData) == Self.value)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
            let piped = try await runPlist(["set", "-", "count", "--integer", "6"], input: file)
            #expect(try PropertyList(data: piped.outputData).value(at: PropertyListKeyPath(parsing: "count")) == .integer(6))
            #expect(try await runPlist(["set", file.path, "count", "--integer", "7"]).status == 0)
            #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o640)

            let archive = folder.appendingPathComponent("archive.plist")
            let archived = PropertyList.dictionary([
                "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000), "$top": .dictionary(["root": .uid(1)]),
                "$objects": .array([.string("$null"), .string("hello")]),
            ])
            try BinaryPlistWriter.write(archived).write(to: archive)
            let unsafe = try await runPlist(["set", archive.path, "$objects.1", "--string", "bye"])
            #expect(unsafe.status == 1)
            #expect(unsafe.errors == "plist: error: \(archive.path) is a keyed archive, and editing its plist layer can break its references; add --raw-archive if that is what you mean\n")
            #expect(try await runPlist(["set", archive.path, "$objects.1", "--string", "bye", "--raw-archive"]).status == 0)
            #expect(try PropertyList(data: Data(contentsOf: archive)).value(at: PropertyListKeyPath(parsing: "$objects.1")) == .string("bye"))
        }
    }

    @Test("values are read as their types say: booleans, integers up to 2^64-1, reals, ISO 8601 dates, base64 data, JSON subtrees, empty containers")
    func valueTypes() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("data.plist")
            try BinaryPlistWriter.write(.dictionary([:])).write(to: file)
            for (option, text, expected) in [
                ("--bool", "no", PropertyList.bool(false)), ("--integer", "18446744073709551615", .integer(unsigned: UInt64.max)),
                ("--integer", "-9223372036854775808", .integer(Int64.min)), ("--float", "-0.0", .real(-0.0)),
                ("--date", "2026-11-25T21:00:00.25Z", .date(Date(timeIntervalSince1970: 1_795_640_400.25))),
                ("--data", "AAH+/w==", .data(Data([0, 1, 254, 255]))), ("--json", #"{"$date": 0.5}"#, .date(Date(timeIntervalSinceReferenceDate: 0.5))),
                ("--string", "", .string("")),
            ] {
                let run = try await runPlist(["set", file.path, "v", option, text])
                #expect(run.status == 0, "\(option) \(text): \(run.errors)")
                #expect(try PropertyList(data: Data(contentsOf: file)).value(at: PropertyListKeyPath(parsing: "v")) == expected, "\(option) \(text)")
            }
            for flag in ["--array", "--dictionary"] {
                #expect(try await runPlist(["set", file.path, "v", flag]).status == 0)
            }
            #expect(try PropertyList(data: Data(contentsOf: file)).value(at: PropertyListKeyPath(parsing: "v")) == .dictionary([:]))
        }
    }
}
