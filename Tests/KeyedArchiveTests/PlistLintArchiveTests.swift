import Foundation
import KeyedArchive
import Testing
import TestSupport

@Suite("plist lint on files that say they are keyed archives, run as a real process", .timeLimit(.minutes(4)))
struct PlistLintArchiveTests {
    /// A root that says it is a keyed archive, with `fields` put in (nil takes a key out).
    static func archive(_ fields: [PropertyListKey: PropertyList?]) -> PropertyList {
        var root: [PropertyListKey: PropertyList] = [
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000), "$top": .dictionary(["root": .uid(1)]),
            "$objects": .array([
                .string("$null"),
                .dictionary(["$class": .uid(2), "NS.string": .string("fine")]),
                .dictionary(["$classname": .string("NSString"), "$classes": .array([.string("NSString"), .string("NSObject")])]),
            ]),
        ]
        for (key, value) in fields { root[key] = value }
        return .dictionary(root)
    }

    /// A broken archive and the line lint prints after its path.
    struct Broken: Sendable, CustomTestStringConvertible {
        var name: String
        var plist: PropertyList
        var problem: String
        var testDescription: String { name }
    }

    static let broken: [Broken] = [
        Broken(name: "no $objects", plist: archive(["$objects": nil]), problem: "keyed archive: $objects is missing"),
        Broken(
            name: "no $objects nor $archiver, only $top", plist: archive(["$objects": nil, "$archiver": nil]),
            problem: "keyed archive: $objects is missing"
        ),
        Broken(
            name: "$objects a dictionary", plist: archive(["$objects": .dictionary(["0": .string("$null")])]),
            problem: "keyed archive: $objects is a dictionary, not an array"
        ),
        Broken(
            name: "$top past the end", plist: archive(["$top": .dictionary(["root": .uid(9)])]),
            problem: "keyed archive: $top[\"root\"] refers to object 9, but $objects has only 3 entries"
        ),
        Broken(
            name: "$top not a dictionary", plist: archive(["$top": .array([.uid(1)])]),
            problem: "keyed archive: $top is an array, not a dictionary"
        ),
        Broken(
            name: "$top holding an integer", plist: archive(["$top": .dictionary(["root": .integer(1)])]),
            problem: "keyed archive: $top[\"root\"] is an integer, not a UID"
        ),
        Broken(name: "no $top", plist: archive(["$top": nil]), problem: "keyed archive: $top is missing"),
    ]

    @Test("lint reports a file that says it is a keyed archive but cannot be read as one, naming where, exit 1; --plain says OK", arguments: broken)
    func brokenArchive(_ case: Broken) async throws {
        try await withTemporaryFolder { folder in
            for (form, bytes) in [("binary", BinaryPlistWriter.write(`case`.plist)), ("xml", try XMLPlistWriter.write(`case`.plist))] {
                let file = folder.appendingPathComponent("broken-\(form).plist")
                try bytes.write(to: file)
                let run = try await runPlist(["lint", file.path])
                #expect(run.status == 1)
                #expect(run.output == "\(file.path): \(`case`.problem)\n")
                #expect(run.errors.isEmpty)
                let plain = try await runPlist(["lint", "--plain", file.path])
                #expect(plain.status == 0)
                #expect(plain.output == "\(file.path): OK\n")
            }
        }
    }

    @Test("lint still says OK for a whole keyed archive and for a plain plist, even one with a $version key")
    func wholeFiles() async throws {
        try await withTemporaryFolder { folder in
            let archive = folder.appendingPathComponent("archive.plist"), plain = folder.appendingPathComponent("plain.plist")
            try BinaryPlistWriter.write(Self.archive([:])).write(to: archive)
            try BinaryPlistWriter.write(.dictionary(["$version": .integer(3), "name": .string("Spork")])).write(to: plain)
            let run = try await runPlist(["lint", archive.path, plain.path])
            #expect(run.status == 0)
            #expect(run.output == "\(archive.path): OK\n\(plain.path): OK\n")
        }
    }
}
