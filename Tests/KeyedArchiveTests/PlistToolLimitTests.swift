import Foundation
import Testing
import TestSupport
import KeyedArchive

/// A binary plist of `levels` arrays, each holding `fanOut` references to the next, ending in a
/// string: a few hundred bytes that expand to `fanOut^levels` values.
func sharedArraysPlist(levels: Int, fanOut: Int) -> Data {
    var body = Data("bplist00".utf8)
    var offsets: [Int] = []
    for level in 0..<levels {
        offsets.append(body.count)
        body.append(0xA0 | UInt8(fanOut))
        body.append(contentsOf: Array(repeating: UInt8(level + 1), count: fanOut))
    }
    offsets.append(body.count)
    body.append(0x5F)
    body.append(contentsOf: [0x10, 100])
    body.append(contentsOf: Array(repeating: UInt8(ascii: "x"), count: 100))
    let table = body.count
    body.append(contentsOf: offsets.map { UInt8($0) })
    body.append(contentsOf: [0, 0, 0, 0, 0, 0, 1, 1])
    for value in [UInt64(offsets.count), 0, UInt64(table)] {
        body.append(contentsOf: withUnsafeBytes(of: value.bigEndian) { Array($0) })
    }
    return body
}

/// A binary plist holding one array of `count` references to a single `true`.
func longArrayPlist(count: Int) -> Data {
    var body = Data("bplist00".utf8)
    body.append(contentsOf: [0xAF, 0x12])
    body.append(contentsOf: withUnsafeBytes(of: UInt32(count).bigEndian) { Array($0) })
    body.append(contentsOf: Array(repeating: 1, count: count))
    let trueOffset = body.count
    body.append(0x09)
    let table = body.count
    for offset in [8, trueOffset] { body.append(contentsOf: withUnsafeBytes(of: UInt32(offset).bigEndian) { Array($0) }) }
    body.append(contentsOf: [0, 0, 0, 0, 0, 0, 4, 1])
    for value in [UInt64(2), 0, UInt64(table)] {
        body.append(contentsOf: withUnsafeBytes(of: value.bigEndian) { Array($0) })
    }
    return body
}

@Suite("plist tool: limits that follow the input, bounded expansion, warnings", .timeLimit(.minutes(4)))
struct PlistToolLimitTests {
    @Test("a plist with more than a million elements, refused by the library's defaults, converts with the tool")
    func bigCollection() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = longArrayPlist(count: 1_100_000)
        let error = try #require(throws: ArchiveError.self) { try PropertyList(data: data) }
        #expect(error.code == .limitExceeded)
        let input = folder.appendingPathComponent("long.plist")
        let output = folder.appendingPathComponent("long.xml")
        try data.write(to: input)
        let run = try await runPlist(["convert", input.path, "--to", "xml", "-o", output.path])
        #expect(run.status == 0, "\(run.errors)")
        let back = try PropertyList(data: Data(contentsOf: output), limits: .following(inputBytes: 30_000_000))
        #expect(back.arrayValue?.count == 1_100_000)
    }

    @Test("a tiny plist whose arrays are shared 14^8 times stops with an error naming --max-values, for convert and print", arguments: [
        ["convert", "--to", "json"], ["convert", "--to", "xml"], ["print"],
    ])
    func expansionBomb(command: [String]) async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("bomb.plist")
        let bomb = sharedArraysPlist(levels: 8, fanOut: 14)
        #expect(bomb.count < 500)
        try bomb.write(to: input)
        let run = try await runPlist([command[0], input.path] + command.dropFirst())
        #expect(run.status == 1)
        #expect(run.errors.contains("--max-values"), "\(run.errors)")
        #expect(run.outputData.count < 1024)
    }

    @Test("sharing within the default ceiling converts, and --max-values lowers the ceiling")
    func expansionOption() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("shared.plist")
        try sharedArraysPlist(levels: 3, fanOut: 14).write(to: input)
        let fine = try await runPlist(["convert", input.path, "--to", "json"])
        #expect(fine.status == 0, "\(fine.errors)")
        let back = try PropertyList(json: fine.outputData)
        #expect(back.arrayValue?.first?.arrayValue?.first?.arrayValue?.count == 14)
        let capped = try await runPlist(["convert", input.path, "--to", "json", "--max-values", "100"])
        #expect(capped.status == 1)
        #expect(capped.errors.contains("more than 100 values"), "\(capped.errors)")
    }

    @Test("--max-collection and --max-objects set the limits explicitly, and the error names the option")
    func explicitLimits() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("array.plist")
        try BinaryPlistWriter.write(.array((0..<50).map { .integer($0) })).write(to: input)
        let collection = try await runPlist(["convert", input.path, "--to", "json", "--max-collection", "10"])
        #expect(collection.status == 1)
        #expect(collection.errors.contains("--max-collection"), "\(collection.errors)")
        let objects = try await runPlist(["print", input.path, "--max-objects", "10"])
        #expect(objects.status == 1)
        #expect(objects.errors.contains("--max-objects"), "\(objects.errors)")
        #expect(try await runPlist(["convert", input.path, "--to", "json", "--max-collection", "0"]).status != 0)
    }

    @Test("a device, or a link to one, is refused before anything is read")
    func onlyRegularFiles() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("zero.plist")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/zero")
        for path in ["/dev/zero", link.path] {
            let run = try await runPlist(["print", path])
            #expect(run.status == 1)
            #expect(run.errors == "plist: error: \(path): is not a regular file\n")
        }
    }

    @Test("convert --to xml says on stderr what XML cannot hold, and JSON and binary need no warning")
    func lossWarnings() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("exotic.plist")
        let value = PropertyList.dictionary([
            "when": .date(Date(timeIntervalSinceReferenceDate: 0.5)),
            "rating": .float(4.5),
            "tags": .set([.string("a")]),
        ])
        try BinaryPlistWriter.write(value).write(to: input)
        let xml = try await runPlist(["convert", input.path, "--to", "xml"])
        #expect(xml.status == 0)
        #expect(xml.errors.contains("warning: \(input.path): 1 date(s) with fractions of a second"), "\(xml.errors)")
        #expect(xml.errors.contains("1 4-byte real(s)"))
        #expect(xml.errors.contains("1 set(s)"))
        for form in ["json", "binary"] {
            let run = try await runPlist(["convert", input.path, "--to", form])
            #expect(run.status == 0)
            #expect(run.errors.isEmpty, "\(form): \(run.errors)")
        }
        let json = try await runPlist(["convert", input.path, "--to", "json"])
        #expect(try PropertyList(json: json.outputData) == value)
    }

    @Test("each --max option takes its largest value without overflowing (the string limit's UTF-8 bound saturates), for every input form and output", arguments: [
        "--max-objects", "--max-collection", "--max-string", "--max-values",
    ])
    func largestLimits(option: String) async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let value = PropertyList.dictionary(["name": .string("Ünïcödé 😀 & <ok>"), "list": .array([.integer(1), .data(Data([0, 255]))])])
        let inputs = [
            ("json", value.jsonData()), ("xml", try XMLPlistWriter.write(value)), ("binary", BinaryPlistWriter.write(value)),
        ]
        for (form, data) in inputs {
            let input = folder.appendingPathComponent("in.\(form)")
            try data.write(to: input)
            for to in ["json", "xml", "binary"] {
                let run = try await runPlist(["convert", input.path, "--to", to, option, String(Int.max)])
                #expect(run.status == 0, "\(form) → \(to) with \(option): \(run.errors)")
                #expect(run.exitedNormally)
            }
        }
    }

    @Test("--max-depth above 1000 is one line and exit 64; 1000 levels of nesting convert and print in every form")
    func deepestNesting() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("deep.json")
        try Data((String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)).utf8).write(to: input)
        let refused = try await runPlist(["convert", input.path, "--to", "xml", "--max-depth", String(Int.max)])
        #expect(refused.status == 64)
        #expect(refused.errors == "plist: error: --max-depth must be at most 1000: each level of nesting takes stack, and deeper would overflow it\n")
        var previous = input
        for to in ["xml", "binary", "json"] {
            let output = folder.appendingPathComponent("deep.\(to)")
            let run = try await runPlist(["convert", previous.path, "--to", to, "-o", output.path, "--max-depth", "1000"])
            #expect(run.status == 0, "\(to): \(run.errors)")
            previous = output
        }
        let printed = try await runPlist(["print", previous.path, "--max-depth", "1000"])
        #expect(printed.status == 0, "\(printed.errors)")
        let tooDeep = try await runPlist(["convert", input.path, "--to", "xml", "--max-depth", "500"])
        #expect(tooDeep.status == 1)
        #expect(tooDeep.errors.contains("nesting deeper than 500"), "\(tooDeep.errors)")
        #expect(tooDeep.errors.hasSuffix("(raise it with --max-depth)\n"), "\(tooDeep.errors)")
    }
}
