import BenchmarkSupport
import Foundation

// `scary-creatures list` over 10,000 creatures, the whole process, against the straightforward
// Foundation version of the same listing (also a whole process: FileManager.contentsOfDirectory,
// NSKeyedUnarchiver on each Data.plist, the same lines printed), side by side, ratio printed.
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

var race = Race("list \(count) creatures, whole process (start, read every Data.plist, print)", iterations: runs)
race.add("scary-creatures list") { _ = try wallTime(cli, ["list", "--data-dir", folder.path]) }
race.add("FileManager + NSKeyedUnarchiver process") { _ = try wallTime(me, ["--foundation-list", folder.path]) }
print("scary-creatures benchmark: median of \(runs) interleaved runs, warm page cache")
try await race.report()
