import BenchmarkSupport
import Foundation

// `scary-creatures list` over 10,000 creatures, the whole process, against the straightforward
// Foundation version of the same listing (also a whole process: FileManager.contentsOfDirectory,
// NSKeyedUnarchiver on each Data.plist, the same lines printed) and against SQLite's select of
// the same 10,000 rows (as a whole process printing the same lines, and in process alone), side
// by side, ratios printed. `list` runs cold (the folder's listing summary deleted before each
// run: every Data.plist read, the summary written) and warm (the summary there and valid), and
// beside them the floor of a warm listing: a process that only reads the folder and stats each
// Data.plist, as the summary's validation must.
// Usage, from the project folder: swift run --package-path Benchmarks -c release scary-creatures-benchmarks [--creatures N] [--runs N] [--work DIR]

var count = 10_000
var runs = 7
var work = FileManager.default.temporaryDirectory.appendingPathComponent("scary-creatures-benchmarks")
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--creatures": count = Int(arguments.next() ?? "") ?? count
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    case "--work": work = URL(fileURLWithPath: arguments.next() ?? work.path)
    case "--foundation-list":
        // Internal: the Foundation version, as its own process.
        guard let path = arguments.next() else { exit(64) }
        var text = ""
        for (id, creature) in try foundationListing(of: URL(fileURLWithPath: path)) {
            text += "\(id)  \(creature.rating)  \(creature.title)\n"
        }
        FileHandle.standardOutput.write(Data(text.utf8))
        exit(0)
    case "--stat-floor":
        // Internal: the folder read and one stat per Data.plist, as its own process.
        guard let path = arguments.next() else { exit(64) }
        print("\(StatFloor.run(URL(fileURLWithPath: path))) data files")
        exit(0)
    case "--sqlite-list":
        // Internal: SQLite's select of the same rows, as its own process.
        guard let path = arguments.next() else { exit(64) }
        FileHandle.standardOutput.write(Data(try SQLiteListing.select(URL(fileURLWithPath: path)).utf8))
        exit(0)
    default:
        FileHandle.standardError.write(Data("usage: scary-creatures-benchmarks [--creatures N] [--runs N] [--work DIR]\n".utf8))
        exit(64)
    }
}

let me = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
guard let cli = projectTool(named: "scary-creatures") else {
    FileHandle.standardError.write(Data(buildFirst("scary-creatures").utf8))
    exit(1)
}
let folder = try creatureFolder(count: count, in: work)

/// Runs a command to the end with its output discarded; returns the wall time in seconds.
func wallTime(_ executable: URL, _ arguments: [String]) throws -> Double {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    return seconds(clock.now - start)
}

let database = try SQLiteListing.database(count: count, in: work)
let summary = folder.appendingPathComponent(".listing-summary")

var race = Race("list \(count) creatures, whole process (start, read every Data.plist or the summary, print)", iterations: runs)
race.add("scary-creatures list, warm (summary)") { _ = try wallTime(cli, ["list", "--data-dir", folder.path]) }
race.add("scary-creatures list, cold (no summary)") {
    try? FileManager.default.removeItem(at: summary)
    _ = try wallTime(cli, ["list", "--data-dir", folder.path])
}
race.add("FileManager + NSKeyedUnarchiver process") { _ = try wallTime(me, ["--foundation-list", folder.path]) }
race.add("readdir + stat of each Data.plist, process") { _ = try wallTime(me, ["--stat-floor", folder.path]) }
race.add("SQLite select, whole process") { _ = try wallTime(me, ["--sqlite-list", database.path]) }
race.add("SQLite select, in process") { _ = try SQLiteListing.select(database) }
print("scary-creatures benchmark: median of \(runs) interleaved runs, warm page cache")
let results = try await race.run()
// The cold run left a summary; the warm runs that follow it in each round use it.
print(race.name)
for result in results {
    print("  \(result.name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(milliseconds(result.median))")
}
let time = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0.median) })
func ratio(_ numerator: String, _ denominator: String) -> String {
    String(format: "%.1f×", (time[numerator] ?? 0) / max(time[denominator] ?? 1, 1e-9))
}
let warm = "scary-creatures list, warm (summary)", cold = "scary-creatures list, cold (no summary)"
print("ratios (target: Foundation ≥ 5× ours; ours within 3× of SQLite's select)")
for (name, ours) in [("warm", warm), ("cold", cold)] {
    print("  \(name): Foundation / ours \(ratio("FileManager + NSKeyedUnarchiver process", ours)), "
        + "ours / SQLite process \(ratio(ours, "SQLite select, whole process")), "
        + "ours / SQLite in process \(ratio(ours, "SQLite select, in process"))")
}
print("  the stat pass alone (no summary read, nothing printed) / SQLite process: "
    + ratio("readdir + stat of each Data.plist, process", "SQLite select, whole process")
    + "; warm list / the stat pass alone: " + ratio(warm, "readdir + stat of each Data.plist, process"))
