import BenchmarkSupport
import Foundation
import KeyedArchive
import KeyedArchiveSamples

// `plist convert --to xml`, `lint`, `get` of one deep value and a one-value `set` of a big
// Homepwner archive, whole process, side by side with libplist's plistutil (a conversion to XML
// where it has no such verb: it reads and writes the whole file; binary to binary it only copies
// the bytes, 50 ms for 46 MB, so that is not used) and Python's plistlib.
// Usage, from the project folder: swift build -c release --product plist && swift run --package-path Benchmarks -c release plist-tool-benchmarks [--items N] [--iterations N]
// [--save-archive PATH] (also keep the generated archive there, to try other tools on it)

var itemCount = 200_000
var iterations = 3
var savedArchive: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--items": itemCount = Int(arguments.next() ?? "") ?? itemCount
    case "--iterations": iterations = Int(arguments.next() ?? "") ?? iterations
    case "--save-archive": savedArchive = arguments.next()
    default:
        FileHandle.standardError.write(Data("usage: plist-tool-benchmarks [--items N] [--iterations N] [--save-archive PATH]\n".utf8))
        exit(64)
    }
}

/// The first of `names` found on PATH.
func onPath(_ name: String) -> URL? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}

/// Runs a program to completion; throws if it fails.
func run(_ executable: URL, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw NSError(domain: "plist-tool-benchmarks", code: Int(process.terminationStatus), userInfo: [
            NSLocalizedDescriptionKey: "\(executable.lastPathComponent) failed: \(String(decoding: message, as: UTF8.self))",
        ])
    }
}

guard let tool = projectTool(named: "plist") else {
    FileHandle.standardError.write(Data(("plist-tool-benchmarks: " + buildFirst("plist")).utf8))
    exit(1)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-tool-benchmarks-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let archive = folder.appendingPathComponent("items.archive")
try KeyedArchiver.archivedData(withRoot: HomepwnerItem.sample(count: itemCount)).write(to: archive)
if let savedArchive { try FileManager.default.copyItem(at: archive, to: URL(fileURLWithPath: savedArchive)) }
let objects = try KeyedUnarchiver(data: Data(contentsOf: archive), limits: .following(inputBytes: 1 << 30)).objectCount
let size = (try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int) ?? 0
print("plist convert --to xml: a Homepwner archive of \(itemCount) items, \(size / 1_000_000) MB, \(objects) objects in $objects")
print("whole process (start, read, convert, write the file), median of \(iterations) interleaved runs")
print("")

var race = Race("binary keyed archive → XML", iterations: iterations)
let ours = folder.appendingPathComponent("ours.xml")
race.add("plist convert --to xml") { try run(tool, ["convert", archive.path, "--to", "xml", "-o", ours.path]) }
if let plistutil = onPath("plistutil") {
    let theirs = folder.appendingPathComponent("plistutil.xml")
    race.add("plistutil -f xml (libplist)") { try run(plistutil, ["-i", archive.path, "-o", theirs.path, "-f", "xml"]) }
} else {
    print("(plistutil not found: apt-get install libplist-utils)")
}
if let python = onPath("python3") {
    // plistlib's XML writer has no UIDs; the script writes them as CF$UID dictionaries, as Apple's does.
    let script = """
    import plistlib, sys
    def xml(value):
        if isinstance(value, plistlib.UID): return {"CF$UID": value.data}
        if isinstance(value, dict): return {key: xml(item) for key, item in value.items()}
        if isinstance(value, list): return [xml(item) for item in value]
        return value
    with open(sys.argv[1], "rb") as source: value = plistlib.load(source)
    with open(sys.argv[2], "wb") as target: target.write(plistlib.dumps(xml(value), fmt=plistlib.FMT_XML))
    """
    let theirs = folder.appendingPathComponent("plistlib.xml")
    race.add("python3 plistlib") { try run(python, ["-c", script, archive.path, theirs.path]) }
}
try await race.report()
let ourSize = (try FileManager.default.attributesOfItem(atPath: ours.path)[.size] as? Int) ?? 0
print("our XML: \(ourSize / 1_000_000) MB")
print("")

// The deepest-numbered object: the last item's last string.
let deep = objects - 1
let plistutil = onPath("plistutil"), python = onPath("python3")
let copy = folder.appendingPathComponent("edited.archive")
try FileManager.default.copyItem(at: archive, to: copy)

var lint = Race("lint: is the whole file a sound plist (and archive)?", iterations: iterations)
lint.add("plist lint") { try run(tool, ["lint", archive.path]) }
if let plistutil { lint.add("plistutil -f xml (no lint: convert)") { try run(plistutil, ["-i", archive.path, "-o", "/dev/null", "-f", "xml"]) } }
if let python { lint.add("python3 plistlib.load") { try run(python, ["-c", "import plistlib, sys; plistlib.load(open(sys.argv[1], 'rb'))", archive.path]) } }
try await lint.report()
print("")

var get = Race("get one deep value ($objects.\(deep))", iterations: iterations)
get.add("plist get") { try run(tool, ["get", archive.path, "$objects.\(deep)"]) }
if let plistutil { get.add("plistutil -f xml (no get: convert)") { try run(plistutil, ["-i", archive.path, "-o", "/dev/null", "-f", "xml"]) } }
if let python {
    get.add("python3 plistlib") { try run(python, ["-c", "import plistlib, sys; print(plistlib.load(open(sys.argv[1], 'rb'))['$objects'][int(sys.argv[2])])", archive.path, String(deep)]) }
}
try await get.report()
print("")

var set = Race("set one value in place ($objects.\(deep)), the file written back", iterations: iterations)
set.add("plist set --raw-archive") { try run(tool, ["set", copy.path, "$objects.\(deep)", "--string", "edited", "--raw-archive"]) }
if let plistutil { set.add("plistutil -f xml (no set: convert)") { try run(plistutil, ["-i", copy.path, "-o", copy.path + ".plistutil", "-f", "xml"]) } }
if let python {
    let script = """
    import plistlib, sys
    with open(sys.argv[1], "rb") as source: value = plistlib.load(source)
    value["$objects"][int(sys.argv[2])] = "edited"
    with open(sys.argv[1] + ".plistlib", "wb") as target: plistlib.dump(value, target, fmt=plistlib.FMT_BINARY)
    """
    set.add("python3 plistlib (load, set, dump)") { try run(python, ["-c", script, copy.path, String(deep)]) }
}
try await set.report()
