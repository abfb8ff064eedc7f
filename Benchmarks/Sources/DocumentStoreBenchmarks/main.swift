import BenchmarkSupport
import DocumentStore
import DocumentStoreSamples
import Foundation
import KeyedArchive

// Document-store benchmarks: listing a folder of creature bundles with DocumentFolder against
// the straightforward Foundation version, side by side in one run; memory of a 100,000-bundle
// listing, each in its own child process; durable single-bundle save latency.
// Usage, from the project folder: swift run --package-path Benchmarks -c release document-store-benchmarks [--sizes 1000,10000,100000]
//        [--iterations N] [--saves N] [--work DIR]

var sizes = [1_000, 10_000, 100_000]
var iterations = 5
var saves = 200
var work = FileManager.default.temporaryDirectory.appendingPathComponent("document-store-benchmarks")
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--sizes": sizes = (arguments.next() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--iterations": iterations = Int(arguments.next() ?? "") ?? iterations
    case "--saves": saves = Int(arguments.next() ?? "") ?? saves
    case "--work": work = URL(fileURLWithPath: arguments.next() ?? work.path)
    case "--profile-list":
        // Internal: list the 10,000-bundle folder N times with DocumentFolder only (for perf).
        let rounds = Int(arguments.next() ?? "") ?? 20
        let folder = DocumentFolder(root: try creatureFolder(count: 10_000, in: work), configuration: .sampleCreatures)
        for _ in 0..<rounds { _ = try await folder.list(decode: SampleCreature.unarchived) }
        exit(0)
    case "--child":
        // Internal: list once in this fresh process and print memory figures.
        guard let kind = arguments.next(), let path = arguments.next() else { exit(64) }
        try await listInChild(kind: kind, root: URL(fileURLWithPath: path))
        exit(0)
    default:
        FileHandle.standardError.write(Data("usage: document-store-benchmarks [--sizes 1000,10000,100000] [--iterations N] [--saves N] [--work DIR]\n".utf8))
        exit(64)
    }
}

print("Document-store benchmarks: median of \(iterations) interleaved runs, warm page cache")
print("")
for size in sizes {
    let root = try creatureFolder(count: size, in: work)
    let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
    try await folder.open()
    var race = Race("list \(size) bundles and decode each Data.plist", iterations: size >= 100_000 ? max(1, iterations / 2) : iterations)
    race.add("DocumentFolder.list") {
        let listing = try await folder.list(decode: SampleCreature.unarchived)
        precondition(listing.documents.count == size, "benchmark folder is incomplete")
    }
    race.add("FileManager + NSKeyedUnarchiver") {
        let listed = try foundationListing(of: root)
        precondition(listed.count == size, "Foundation listed a different count")
    }
    try await race.report()
    if size == 10_000 { try await breakdown(root: root, size: size, iterations: iterations) }
}

if let largest = sizes.max() {
    let root = try creatureFolder(count: largest, in: work)
    print("")
    print("memory listing \(largest) bundles, each in a fresh process (resident set, MiB):")
    print("  before listing; held = after listing, with the result still held; peak = high-water mark")
    for kind in ["ours", "foundation"] {
        let figures = try runChild(kind: kind, root: root)
        print("  \((kind == "ours" ? "DocumentFolder.list" : "FileManager + NSKeyedUnarchiver").padding(toLength: 32, withPad: " ", startingAt: 0))  \(figures)")
    }
}

try await measureSaves(count: saves, in: work)

/// Lists `root` once in this (child) process and prints resident memory before, after (with the
/// result still held) and at the peak.
func listInChild(kind: String, root: URL) async throws {
    let before = residentMemory().current
    let held: Int
    if kind == "ours" {
        let listing = try await DocumentFolder(root: root, configuration: .sampleCreatures).list(decode: SampleCreature.unarchived)
        let after = residentMemory()
        held = listing.documents.count
        report(before: before, after: after, held: held)
    } else {
        let listing = try foundationListing(of: root)
        let after = residentMemory()
        held = listing.count
        report(before: before, after: after, held: held)
    }
}

/// One child's memory line: the result's footprint and what the listing needed beyond it.
func report(before: Int, after: (current: Int, peak: Int), held: Int) {
    print(String(
        format: "before %5.1f  held %5.1f  peak %5.1f   result +%.1f, transient beyond it +%.1f (%d bundles)",
        mib(before), mib(after.current), mib(after.peak), mib(after.current - before), mib(after.peak - after.current), held
    ))
}

func mib(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

/// Runs this program as a child that lists `root` with `kind`; returns the line it printed.
func runChild(kind: String, root: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if let path = Bundle.main.executablePath { process.executableURL = URL(fileURLWithPath: path) }
    process.arguments = ["--child", kind, root.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Durable single-bundle save latency: DocumentFolder.writeData (temporary file, fsync, rename,
/// fsync of the folder) against Foundation's `Data.write(options: .atomic)`, which renames but
/// does not fsync on Linux — faster, and not durable.
func measureSaves(count: Int, in work: URL) async throws {
    let root = work.appendingPathComponent("saves", isDirectory: true)
    try? FileManager.default.removeItem(at: root)
    let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
    try await folder.open()
    let bundle = try await folder.create(data: try SampleCreature(title: "Saved", rating: 1).archived())
    let foundationFile = root.appendingPathComponent("foundation.plist")
    let clock = ContinuousClock()
    var ours: [Double] = [], foundation: [Double] = []
    for index in 0..<count {
        let data = try SampleCreature(title: "Saved \(index)", rating: Float(index % 11) / 2).archived()
        var start = clock.now
        try await folder.writeData(data, of: bundle.id)
        ours.append(seconds(clock.now - start))
        start = clock.now
        try data.write(to: foundationFile, options: .atomic)
        foundation.append(seconds(clock.now - start))
    }
    print("")
    print("save one bundle's Data.plist, \(count) times (latency)")
    print("  DocumentFolder.writeData (durable)      median \(milliseconds(median(ours)))   p99 \(milliseconds(percentile(ours, 0.99)))")
    print("  Data.write(.atomic) (not durable)       median \(milliseconds(median(foundation)))   p99 \(milliseconds(percentile(foundation, 0.99)))")
    print(String(format: "  the durable save costs %.1f× the non-durable one (the price of two fsyncs)", median(ours) / median(foundation)))
}

/// Where a listing's time goes: reading the files versus decoding them, single-threaded.
func breakdown(root: URL, size: Int, iterations: Int) async throws {
    let files = (1...size).map { root.appendingPathComponent("\($0).scarycreature/Data.plist") }
    let bytes = try files.map { try Data(contentsOf: $0) }
    var race = Race("  breakdown, one thread: decode \(size) Data.plist already in memory", iterations: iterations)
    race.add("SampleCreature.unarchived (KeyedUnarchiver)") {
        for data in bytes { _ = try SampleCreature.unarchived(data) }
    }
    race.add("NSKeyedUnarchiver") {
        for data in bytes {
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
            unarchiver.setClass(FoundationCreature.self, forClassName: "ScaryCreatures.ScaryCreatureData")
            _ = unarchiver.decodeObject(of: FoundationCreature.self, forKey: NSKeyedArchiveRootObjectKey)
        }
    }
    try await race.report()
}
