import Foundation
import Testing
import KeyedArchive
import TestSupport

/// Runs the real `plist` executable to the end.
func runPlist(_ arguments: [String], input: URL? = nil) async throws -> ChildRun { try await runBuilt("plist", arguments, input: input) }

private func fixturePath(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "Fixtures/apple/\(name)", withExtension: nil)).path
}

@Suite("plist tool", .timeLimit(.minutes(4)))
struct PlistToolTests {
    @Test("convert --to json prints each fixture's expected JSON", arguments: Fixtures.index.filter(\.plist_must_parse))
    func convertToJSON(entry: FixtureEntry) async throws {
        let run = try await runPlist(["convert", try fixturePath(entry.file), "--to", "json"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty)
        let printed = try PropertyList(json: run.outputData)
        let expected = try PropertyList(json: Fixtures.data(entry.expected))
        #expect(plistEquivalent(printed, expected))
    }

    @Test("convert to xml and binary gives the same plist, readable by Foundation")
    func convertFormats() async throws {
        for name in ["kil-collections.bin.plist", "scf-complex-dict.bin.plist", "plain-mixed-types-int128.bin.plist", "scf-uuid.xml.plist"] {
            let original = try PropertyList(data: Fixtures.data(name))
            for form in ["xml", "binary"] {
                let run = try await runPlist(["convert", try fixturePath(name), "--to", form])
                #expect(run.status == 0, "\(name) → \(form): \(run.errors)")
                #expect(plistEquivalent(try PropertyList(data: run.outputData), original), "\(name) → \(form)")
                #expect(throws: Never.self) { try PropertyListSerialization.propertyList(from: run.outputData, format: nil) }
            }
        }
    }

    @Test("convert -o writes the file, and JSON input converts back to binary")
    func convertToFile() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("note.json")
        let binary = folder.appendingPathComponent("note.plist")
        #expect(try await runPlist(["convert", fixturePath("mw-custom-class-note.bin.plist"), "--to", "json", "-o", json.path]).status == 0)
        let back = try await runPlist(["convert", json.path, "--to", "binary", "-o", binary.path])
        #expect(back.status == 0, "\(back.errors)")
        #expect(back.outputData.isEmpty)
        let note = try KeyedUnarchiver(data: Data(contentsOf: binary)).decode(ArchivedValue.self)
        guard case .object(let object)? = note else {
            Issue.record("expected the Note object")
            return
        }
        #expect(object.className == "Note")
        #expect(object.fields["title"] == .string("Some cool title"))
    }

    @Test("print shows a keyed archive's object graph with class names and UIDs")
    func printGraph() async throws {
        let run = try await runPlist(["print", try fixturePath("kil-collections.bin.plist")])
        #expect(run.status == 0)
        #expect(run.output.contains("root: #1 TestDummy"))
        #expect(run.output.contains("NSArray"))
        #expect(run.output.contains("NSDictionary"))
        #expect(run.output.contains("\"foo\""))
        let shared = try await runPlist(["print", try fixturePath("kil-shared-url-reference.bin.plist")])
        #expect(shared.output.contains("NSURL https://example.com/foo/bar?a=b#hash"))
        #expect(shared.output.contains("(see above)"))
    }

    @Test("print of an array that contains itself ends, with a back reference")
    func printCycle() async throws {
        let run = try await runPlist(["print", try fixturePath("mw-self-containing-mutablearray.bin.plist")])
        #expect(run.status == 0)
        #expect(run.output == "root: #1 NSMutableArray\n  [0]: → #1 (see above)\n")
    }

    @Test("print of a plain plist shows keys and values")
    func printPlain() async throws {
        let run = try await runPlist(["print", try fixturePath("plain-mixed-types-int128.bin.plist")])
        #expect(run.status == 0)
        #expect(run.output.contains("Author: \"William Shakespeare\""))
        #expect(run.output.contains("BiggestNumber: 18446744073709551615"))
        #expect(run.output.contains("Birthdate: 1981-05-16T11:32:06Z"))
    }

    @Test("bad input is one line on stderr and a non-zero exit, never a crash")
    func badInput() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.txt")
        try Data("just some text\n".utf8).write(to: text)
        var paths = Fixtures.index.filter { !$0.plist_must_parse }.map { try? fixturePath($0.file) }.compactMap { $0 }
        paths += [text.path, folder.appendingPathComponent("missing.plist").path, folder.path]
        for path in paths {
            for arguments in [["print", path], ["convert", path, "--to", "xml"]] {
                let run = try await runPlist(arguments)
                #expect(run.exitedNormally, "\(arguments) crashed")
                #expect(run.status != 0, "\(arguments)")
                #expect(run.errors.hasPrefix("plist: error: "), "\(arguments): \(run.errors)")
                #expect(run.errors.split(separator: "\n").count == 1, "\(arguments): \(run.errors)")
                #expect(run.outputData.isEmpty)
            }
        }
        let invalidArchive = try await runPlist(["print", try fixturePath("bad-keyed-root-uid-out-of-range.bin.plist")])
        #expect(invalidArchive.exitedNormally)
        #expect(invalidArchive.status != 0)
        #expect(invalidArchive.errors.contains("object 5"))
        let usage = try await runPlist(["convert", try fixturePath("kil-date.bin.plist"), "--to", "yaml"])
        #expect(usage.exitedNormally)
        #expect(usage.status != 0)
    }
}
