import Foundation
import KeyedArchive
import Testing
import TestSupport

@Suite("Key paths: plutil's dotted form and PlistBuddy's colon form")
struct KeyPathTests {
    @Test("dots separate, \\. and \\\\ escape, a leading colon switches to PlistBuddy's form, empty is the root")
    func parsing() throws {
        #expect(try PropertyListKeyPath(parsing: "items.0.name").components == ["items", "0", "name"])
        #expect(try PropertyListKeyPath(parsing: #"$objects.1.NS\.time"#).components == ["$objects", "1", "NS.time"])
        #expect(try PropertyListKeyPath(parsing: #"a\\b.c"#).components == [#"a\b"#, "c"])
        #expect(try PropertyListKeyPath(parsing: ":$objects:1:NS.time").components == ["$objects", "1", "NS.time"])
        #expect(try PropertyListKeyPath(parsing: "").components == [])
        #expect(try PropertyListKeyPath(parsing: ":").components == [])
        #expect(try PropertyListKeyPath(parsing: "a..b").components == ["a", "", "b"])
        #expect(PropertyListKeyPath(components: ["$objects", "NS.time", #"x\y"#]).description == #"$objects.NS\.time.x\\y"#)
        let error = try #require(throws: ArchiveError.self) { try PropertyListKeyPath(parsing: #"a\b"#) }
        #expect(error.code == .invalidKeyPath)
        #expect(error.message == #"key path "a\b": a backslash must be followed by . or \"#)
    }

    @Test("a path finds keys by code point and indices in arrays and sets; what is not there is named")
    func lookup() throws {
        let plist = PropertyList.dictionary([
            "caf\u{E9}": .string("composed"), "cafe\u{301}": .string("decomposed"),
            "items": .array([.dictionary(["name": .string("Spork")])]), "tags": .set([.string("a")]),
        ])
        #expect(try plist.value(at: PropertyListKeyPath(components: ["caf\u{E9}"])) == .string("composed"))
        #expect(try plist.value(at: PropertyListKeyPath(components: ["cafe\u{301}"])) == .string("decomposed"))
        #expect(try plist.value(at: PropertyListKeyPath(parsing: "items.0.name")) == .string("Spork"))
        #expect(try plist.value(at: PropertyListKeyPath(parsing: "tags.0")) == .string("a"))
        for (path, message) in [
            ("nothing", #"no key "nothing" in the dictionary at the root"#),
            ("items.1", "index 1 is past the end of the array at items (1 elements)"),
            ("items.first", #""first" is not an index of the array at items"#),
            ("items.01x", #""01x" is not an index of the array at items"#),
            ("items.0.name.more", #"the value at items.0.name is a string, which holds no "more""#),
        ] {
            let error = try #require(throws: ArchiveError.self) { try plist.value(at: PropertyListKeyPath(parsing: path)) }
            #expect(error.code == .keyPathNotFound)
            #expect(error.message == message)
        }
    }
}

@Suite("plist lint, get and diff, run as a real process", .timeLimit(.minutes(4)))
struct PlistVerbTests {
    /// A keyed archive whose object 2 holds a reference to object 40 inside an array, where no
    /// decode from the root would look.
    static func archiveWithDanglingReference() -> PropertyList {
        .dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000), "$top": .dictionary(["root": .uid(1)]),
            "$objects": .array([
                .string("$null"),
                .dictionary(["$class": .uid(3), "NS.string": .string("fine")]),
                .dictionary(["$class": .uid(3), "hidden": .array([.uid(1), .uid(40)])]),
                .dictionary(["$classname": .string("Thing"), "$classes": .array([.string("Thing"), .string("NSObject")])]),
            ]),
        ])
    }

    @Test("lint: FILE: OK or what is wrong, one line each, exit 1 if any is wrong; -s prints nothing; a keyed archive is checked whole unless --plain")
    func lint() async throws {
        try await withTemporaryFolder { folder in
            let good = folder.appendingPathComponent("good.plist"), bad = folder.appendingPathComponent("bad.plist")
            let archive = folder.appendingPathComponent("archive.plist")
            try BinaryPlistWriter.write(.dictionary(["a": .integer(1)])).write(to: good)
            try Data("<?xml version=\"1.0\"?><plist><dict><key>a</key></dict></plist>".utf8).write(to: bad)
            try BinaryPlistWriter.write(Self.archiveWithDanglingReference()).write(to: archive)
            let fine = try await runPlist(["lint", good.path])
            #expect(fine.status == 0)
            #expect(fine.output == "\(good.path): OK\n")
            let run = try await runPlist(["lint", good.path, bad.path, archive.path])
            #expect(run.status == 1)
            let lines = run.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(lines[0] == "\(good.path): OK")
            #expect(lines[1].hasPrefix("\(bad.path): XML plist:"), "\(lines[1])")
            #expect(lines[2] == "\(archive.path): keyed archive: object 2 refers to object 40, but $objects has only 4 entries")
            let silent = try await runPlist(["lint", "-s", good.path, bad.path])
            #expect(silent.status == 1)
            #expect(silent.output.isEmpty && silent.errors.isEmpty)
            let plain = try await runPlist(["lint", "--plain", archive.path])
            #expect(plain.status == 0)
            #expect(plain.output == "\(archive.path): OK\n")
        }
    }

    @Test("get: a value by plutil or PlistBuddy path, raw, as JSON, XML or binary, or its type; a missing path is one line and exit 1")
    func get() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("values.plist")
            let items = PropertyList.array([.dictionary(["name": .string("Spork"), "when": .date(Date(timeIntervalSinceReferenceDate: 0.5))])])
            let value = PropertyList.dictionary([
                "items": items, "count": .integer(-7), "ratio": .float(4.5), "on": .bool(true), "blob": .data(Data([0, 1, 254, 255])),
                "dotted.key": .string("found"),
            ])
            try BinaryPlistWriter.write(value).write(to: file)
            func get(_ arguments: [String]) async throws -> ChildRun { try await runPlist(["get", file.path] + arguments) }
            await #expect(try get(["items.0.name"]).output == "Spork\n")
            await #expect(try get([":items:0:name"]).output == "Spork\n")
            await #expect(try get(["count"]).output == "-7\n")
            await #expect(try get(["ratio"]).output == "4.5\n")
            await #expect(try get(["on"]).output == "true\n")
            await #expect(try get(["blob"]).output == "AAH+/w==\n")
            await #expect(try get(["items.0.when"]).output == "2001-01-01T00:00:00.500000Z\n")
            await #expect(try get([#"dotted\.key"#]).output == "found\n")
            await #expect(try get([":dotted.key"]).output == "found\n")
            await #expect(try get(["ratio", "--type"]).output == "float\n")
            await #expect(try get(["items", "--type"]).output == "array\n")
            await #expect(try PropertyList(json: get(["items", "--format", "json"]).outputData) == items)
            let xml = try await get(["items", "--format", "xml"])
            #expect(try PropertyList(data: xml.outputData).value(at: PropertyListKeyPath(parsing: "0.name")) == .string("Spork"))
            #expect(xml.errors == "plist: warning: \(file.path): 1 date(s) with fractions of a second (or -0) are written as whole seconds: XML dates have no fraction\n")
            await #expect(try PropertyList(data: get(["items", "--format", "binary"]).outputData) == items)
            await #expect(try PropertyList(data: get(["", "--format", "binary"]).outputData) == value)
            let missing = try await get(["items.3"])
            #expect(missing.status == 1)
            #expect(missing.output.isEmpty)
            #expect(missing.errors == "plist: error: \(file.path): index 3 is past the end of the array at items (1 elements)\n")
            let piped = try await runPlist(["get", "-", "items.0.name"], input: file)
            #expect(piped.output == "Spork\n")
            let pipedLint = try await runPlist(["lint", "-"], input: file)
            #expect(pipedLint.output == "-: OK\n")
            let badPath = try await get([#"a\b"#])
            #expect(badPath.status == 1)
            #expect(badPath.errors == "plist: error: key path \"a\\b\": a backslash must be followed by . or \\\n")
            // A name from outside cannot drive the terminal or pass for another line; its
            // backslashes stay as they are (key paths are written with them).
            let hostile = folder.appendingPathComponent("a\u{1B}[31m\\b\nc")
            let unsafe = try await runPlist(["get", hostile.path, "x"])
            #expect(unsafe.status == 1)
            #expect(unsafe.errors == "plist: error: \(folder.path)/a\\u{1B}[31m\\b c: no such file\n")
        }
    }

    @Test("diff: nothing and exit 0 for the same content in binary, XML and JSON; each difference by key path and exit 1; exit 2 when a file cannot be read")
    func diff() async throws {
        try await withTemporaryFolder { folder in
            let old = PropertyList.dictionary([
                "name": .string("Spork"), "value": .integer(3), "tags": .array([.string("a"), .string("b")]), "gone": .bool(true),
            ])
            let new = PropertyList.dictionary([
                "name": .string("Spork 2"), "value": .integer(3), "tags": .array([.string("a")]), "added": .real(1.5),
            ])
            let binary = folder.appendingPathComponent("old.bin"), xml = folder.appendingPathComponent("old.xml")
            let json = folder.appendingPathComponent("old.json"), changed = folder.appendingPathComponent("new.plist")
            try BinaryPlistWriter.write(old).write(to: binary)
            try XMLPlistWriter.write(old).write(to: xml)
            try old.jsonData().write(to: json)
            try XMLPlistWriter.write(new).write(to: changed)
            for (a, b) in [(binary, xml), (xml, json), (json, binary)] {
                let same = try await runPlist(["diff", a.path, b.path])
                #expect(same.status == 0, "\(a.lastPathComponent) ~ \(b.lastPathComponent): \(same.output)")
                #expect(same.output.isEmpty)
            }
            let run = try await runPlist(["diff", binary.path, changed.path])
            #expect(run.status == 1)
            #expect(run.output == """
                + added: 1.5
                - gone: true
                ~ name: "Spork" → "Spork 2"
                - tags.1: "b"

                """)
            let widths = folder.appendingPathComponent("float.plist"), wide = folder.appendingPathComponent("double.plist")
            try BinaryPlistWriter.write(.dictionary(["x": .float(4.5)])).write(to: widths)
            try BinaryPlistWriter.write(.dictionary(["x": .real(4.5)])).write(to: wide)
            #expect(try await runPlist(["diff", widths.path, wide.path]).output == "~ x: 4.5 (4-byte real) → 4.5 (8-byte real)\n")
            let control = folder.appendingPathComponent("control.plist")
            try BinaryPlistWriter.write(.dictionary(["x": .string("a\u{1B}[31mred\u{202E}")])).write(to: control)
            // Escapes and invisible direction marks are shown escaped, never sent to the terminal.
            #expect(try await runPlist(["diff", widths.path, control.path]).output == "~ x: 4.5 (4-byte real) → \"a\\u001b[31mred\\u202e\" (string)\n")
            let unreadable = try await runPlist(["diff", binary.path, folder.appendingPathComponent("none").path])
            #expect(unreadable.status == 2)
            #expect(unreadable.errors == "plist: error: \(folder.appendingPathComponent("none").path): no such file\n")
        }
    }

    @Test("diff of random plists against their JSON form finds nothing; one changed value is exactly one line naming its path", arguments: 0..<20)
    func randomDiffs(seed: UInt64) async throws {
        var random = RandomPlist(seed: seed)
        let inner = random.value()
        let value = PropertyList.dictionary(["inner": inner, "leaf": random.scalar()])
        var changed = value
        if case .dictionary(var entries) = changed {
            entries["leaf"] = .string("changed \(seed) ✓")
            changed = .dictionary(entries)
        }
        try await withTemporaryFolder { folder in
            let binary = folder.appendingPathComponent("a.bin"), json = folder.appendingPathComponent("a.json")
            let edited = folder.appendingPathComponent("b.bin")
            try BinaryPlistWriter.write(value).write(to: binary)
            try value.jsonData().write(to: json)
            try BinaryPlistWriter.write(changed).write(to: edited)
            let same = try await runPlist(["diff", binary.path, json.path])
            #expect(same.status == 0, "seed \(seed): \(same.output)")
            let different = try await runPlist(["diff", binary.path, edited.path])
            #expect(different.status == 1)
            let lines = different.output.split(separator: "\n")
            #expect(lines.count == 1, "seed \(seed): \(different.output)")
            #expect(lines.first?.hasPrefix("~ leaf: ") == true)
            #expect(lines.first?.hasSuffix("\"changed \(seed) ✓\"") == true || lines.first?.contains("→ \"changed \(seed) ✓\"") == true)
        }
    }
}
