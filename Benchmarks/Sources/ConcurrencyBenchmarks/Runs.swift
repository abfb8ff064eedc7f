import BenchmarkSupport
import DocumentStore
import Foundation

/// Updates per second over a run, and every update's latency in seconds.
struct Figures {
    var perSecond: Double
    var latencies: [Double]
}

/// Collects read latencies from several reader tasks.
actor ReadCounter {
    private(set) var latencies: [Double] = []
    func add(_ latency: Double) { latencies.append(latency) }
}

/// `tasks` concurrent tasks, each doing `updates` durable DocumentFolder updates of the bundle
/// `id(task, index)` chooses.
func ours(tasks: Int, updates: Int, id: @escaping @Sendable (Int, Int) -> Int) async throws -> Figures {
    let start = ContinuousClock.now
    let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
        for task in 0..<tasks {
            group.addTask {
                var latencies: [Double] = []
                for index in 0..<updates {
                    let data = record + Data("\(task)-\(index)".utf8)
                    let started = ContinuousClock.now
                    try await folder.writeData(data, of: id(task, index))
                    latencies.append(seconds(ContinuousClock.now - started))
                }
                return latencies
            }
        }
        return try await group.reduce(into: [Double]()) { $0 += $1 }
    }
    return Figures(perSecond: Double(latencies.count) / seconds(ContinuousClock.now - start), latencies: latencies)
}

/// One task doing `updates` updates in a row of the bundle `id(index)` chooses.
func ours(tasks: Int, updates: Int, id: @escaping @Sendable (Int) -> Int) async throws -> Figures {
    try await ours(tasks: 1, updates: updates) { _, index in id(index) }
}

/// `threads` threads, each with its own SQLite connection (or all sharing one, taken in turn),
/// doing `updates` durable updates of the row `id(thread, index)` chooses.
func theirs(threads: Int, updates: Int, path: String, shared: Bool = false, id: @escaping @Sendable (Int, Int) -> Int) throws -> Figures {
    let lock = NSLock()
    let connectionLock = NSLock()
    nonisolated(unsafe) let sharedStore = shared ? try SQLiteStore(path: path) : nil
    nonisolated(unsafe) var latencies: [Double] = []
    nonisolated(unsafe) var failure: (any Error)?
    let done = DispatchGroup()
    let start = ContinuousClock.now
    for thread in 0..<threads {
        done.enter()
        Thread {
            defer { done.leave() }
            do {
                let store = try sharedStore ?? SQLiteStore(path: path)
                var mine: [Double] = []
                for index in 0..<updates {
                    let data = record + Data("\(thread)-\(index)".utf8)
                    let started = ContinuousClock.now
                    if shared {
                        try connectionLock.withLock { try store.update(id(thread, index), data: data) }
                    } else {
                        try store.update(id(thread, index), data: data)
                    }
                    mine.append(seconds(ContinuousClock.now - started))
                }
                lock.withLock { latencies += mine }
            } catch {
                lock.withLock { failure = error }
            }
        }.start()
    }
    done.wait()
    if let failure { throw failure }
    return Figures(perSecond: Double(latencies.count) / seconds(ContinuousClock.now - start), latencies: latencies)
}

/// One thread doing `updates` updates in a row of the row `id(index)` chooses.
func theirs(threads: Int, updates: Int, path: String, id: @escaping @Sendable (Int) -> Int) throws -> Figures {
    try theirs(threads: 1, updates: updates, path: path) { _, index in id(index) }
}
