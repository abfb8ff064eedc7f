import BenchmarkSupport
import DocumentStore
import DocumentStoreSamples
import Foundation

// Concurrent durable updates: DocumentFolder against SQLite (WAL, synchronous=FULL, one row per
// creature), single task against 64, different creatures and the same one, and thumbnail reads
// while writes run. Every update is durable when it returns, in both stores.
// Usage, from the project folder: swift run --package-path Benchmarks -c release document-store-concurrency-benchmarks [--updates N] [--tasks N] [--pool THREADS] [--work DIR]

var updatesPerTask = 20
var taskCount = 64
var poolThreads = BlockingPool.shared.threadCount
var work = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/concurrency-benchmarks")
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--updates": updatesPerTask = Int(arguments.next() ?? "") ?? updatesPerTask
    case "--tasks": taskCount = Int(arguments.next() ?? "") ?? taskCount
    case "--pool": poolThreads = Int(arguments.next() ?? "") ?? poolThreads
    case "--work": work = URL(fileURLWithPath: arguments.next() ?? work.path)
    default:
        FileHandle.standardError.write(Data("usage: document-store-concurrency-benchmarks [--updates N] [--tasks N] [--pool THREADS] [--work DIR]\n".utf8))
        exit(64)
    }
}

try? FileManager.default.removeItem(at: work)
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

let record = try SampleCreature(title: "A creature with a reasonably long title", rating: 3.5).archived()
let thumbnail = Data(repeating: 0x89, count: 6_000)
let folder = DocumentFolder(root: work.appendingPathComponent("PrivateDocuments"), configuration: .sampleCreatures, pool: BlockingPool(threadCount: poolThreads))
try await folder.open()
for _ in 0..<taskCount { _ = try await folder.create(data: record, attachments: ["thumbImage.png": thumbnail]) }
let sqlitePath = work.appendingPathComponent("creatures.sqlite").path
try SQLiteStore(path: sqlitePath).fill(count: taskCount, data: record)

print("durable updates of a \(record.count)-byte creature record, \(updatesPerTask) per task, on \(work.path); DocumentFolder's pool: \(poolThreads) threads")
/// One table row: the name padded, then the figures right-aligned.
func row(_ name: String, _ rate: String, _ p50: String, _ p99: String) -> String {
    func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    return "  " + name.padding(toLength: 66, withPad: " ", startingAt: 0) + right(rate, 10) + right(p50, 12) + right(p99, 12)
}
print(row("", "updates/s", "p50", "p99"))

var figures: [String: Figures] = [:]
@MainActor func show(_ name: String, _ result: Figures) {
    figures[name] = result
    print(row(name, String(format: "%.0f", result.perSecond), milliseconds(median(result.latencies)), milliseconds(percentile(result.latencies, 0.99))))
}

let total = updatesPerTask * taskCount
let bundles = taskCount
show("DocumentFolder, 1 task, creatures in turn", try await ours(tasks: 1, updates: total) { $0 % bundles + 1 })
show("SQLite, 1 thread, creatures in turn", try theirs(threads: 1, updates: total, path: sqlitePath) { $0 % bundles + 1 })
show("DocumentFolder, \(taskCount) tasks, each its own creature", try await ours(tasks: taskCount, updates: updatesPerTask) { task, _ in task + 1 })
show("SQLite, \(taskCount) threads, each its own creature", try theirs(threads: taskCount, updates: updatesPerTask, path: sqlitePath) { task, _ in task + 1 })
show("SQLite, \(taskCount) threads, own creatures, 1 connection", try theirs(threads: taskCount, updates: updatesPerTask, path: sqlitePath, shared: true) { task, _ in task + 1 })
show("DocumentFolder, \(taskCount) tasks, all the same creature", try await ours(tasks: taskCount, updates: updatesPerTask) { _, _ in 1 })
show("SQLite, \(taskCount) threads, all the same creature", try theirs(threads: taskCount, updates: updatesPerTask, path: sqlitePath) { _, _ in 1 })
show("SQLite, \(taskCount) threads, same creature, 1 connection", try theirs(threads: taskCount, updates: updatesPerTask, path: sqlitePath, shared: true) { _, _ in 1 })
let reads = ReadCounter()
let readers = (0..<8).map { reader in
    Task {
        var id = reader
        while !Task.isCancelled {
            let started = ContinuousClock.now
            _ = try await folder.read(id % bundles + 1) { try $0.readAttachment(named: "thumbImage.png") }
            await reads.add(seconds(ContinuousClock.now - started))
            id += 1
        }
    }
}
let readStart = ContinuousClock.now
show("DocumentFolder, \(taskCount) tasks own creatures + 8 thumbnail readers", try await ours(tasks: taskCount, updates: updatesPerTask) { task, _ in task + 1 })
for reader in readers { reader.cancel() }
let readSeconds = seconds(ContinuousClock.now - readStart)
let readLatencies = await reads.latencies
print(row("  thumbnail reads meanwhile (reads/s)", String(format: "%.0f", Double(readLatencies.count) / readSeconds), milliseconds(median(readLatencies)), milliseconds(percentile(readLatencies, 0.99))))

@MainActor func ratio(_ ours: String, _ theirs: String) -> Double {
    (figures[ours]?.perSecond ?? 0) / max(figures[theirs]?.perSecond ?? 1, 1e-9)
}
print("")
print(String(format: "  %d tasks, own creatures: DocumentFolder %.1f× SQLite (%.1f× SQLite on one shared connection); %.1f× its own single task", taskCount,
             ratio("DocumentFolder, \(taskCount) tasks, each its own creature", "SQLite, \(taskCount) threads, each its own creature"),
             ratio("DocumentFolder, \(taskCount) tasks, each its own creature", "SQLite, \(taskCount) threads, own creatures, 1 connection"),
             ratio("DocumentFolder, \(taskCount) tasks, each its own creature", "DocumentFolder, 1 task, creatures in turn")))
print(String(format: "  %d tasks, one creature:  DocumentFolder %.1f× SQLite (%.1f× SQLite on one shared connection)", taskCount,
             ratio("DocumentFolder, \(taskCount) tasks, all the same creature", "SQLite, \(taskCount) threads, all the same creature"),
             ratio("DocumentFolder, \(taskCount) tasks, all the same creature", "SQLite, \(taskCount) threads, same creature, 1 connection")))
print(String(format: "  1 task:                 DocumentFolder %.1f× SQLite", ratio("DocumentFolder, 1 task, creatures in turn", "SQLite, 1 thread, creatures in turn")))
