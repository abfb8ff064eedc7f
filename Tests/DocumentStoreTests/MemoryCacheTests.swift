import DocumentStore
import Foundation
import Logging
import Testing

@Suite("Memory cache")
struct MemoryCacheTests {
    @Test("inserting past the budget evicts the least recently used entries first")
    func lruEviction() async {
        let cache = MemoryCache<String, Data>(budget: 300)
        await cache.insert(Data(count: 100), for: "a")
        await cache.insert(Data(count: 100), for: "b")
        await cache.insert(Data(count: 100), for: "c")
        #expect(await cache.value(for: "a") != nil)  // a is now the most recent
        await cache.insert(Data(count: 150), for: "d")  // evicts b, then c
        #expect(await cache.value(for: "b") == nil)
        #expect(await cache.value(for: "c") == nil)
        #expect(await cache.value(for: "a")?.count == 100)
        #expect(await cache.value(for: "d")?.count == 150)
        #expect(await cache.totalCost == 250)
        #expect(await cache.evictionCount == 2)
    }

    @Test("replacing an entry re-weighs it; an entry over the whole budget is not kept")
    func replaceAndOversize() async {
        let cache = MemoryCache<Int, Data>(budget: 1000)
        await cache.insert(Data(count: 600), for: 1)
        await cache.insert(Data(count: 200), for: 1)
        #expect(await cache.totalCost == 200)
        await cache.insert(Data(count: 1001), for: 1)
        #expect(await cache.value(for: 1) == nil)
        #expect(await cache.totalCost == 0)
        await cache.insert(Data(count: 10), for: 2)
        await cache.remove(2)
        #expect(await cache.count == 0)
    }

    @Test("many inserts keep the cache within budget and keep the newest entries")
    func staysWithinBudget() async {
        let cache = MemoryCache<Int, Data>(budget: 10_000)
        for key in 0..<1000 { await cache.insert(Data(count: 50 + key % 100), for: key) }
        #expect(await cache.totalCost <= 10_000)
        #expect(await cache.value(for: 999) != nil)
        #expect(await cache.value(for: 0) == nil)
    }

    @Test("purge drops everything, reports and logs what it freed")
    func purgeReportsAndLogs() async {
        let log = RecordedLog()
        let cache = MemoryCache<String, Data>(budget: 1 << 20, logger: log.logger)
        await cache.insert(Data(count: 1000), for: "thumb-1")
        await cache.insert(Data(count: 500), for: "thumb-2")
        let report = await cache.purge()
        #expect(report == .init(entries: 2, bytes: 1500))
        #expect(await cache.count == 0)
        #expect(await cache.totalCost == 0)
        let messages = log.messages
        #expect(messages.contains { $0.contains("purged") && $0.contains("bytes=1500") && $0.contains("entries=2") })
    }

    @Test("a manual memory-pressure trigger purges a watching cache")
    func manualPressurePurges() async throws {
        let source = ManualMemoryPressureSource()
        let cache = MemoryCache<String, Data>(budget: 1 << 20)
        await cache.insert(Data(count: 4096), for: "photo")
        let watcher = Task { await cache.watch(source) }
        defer { watcher.cancel() }
        try await waitUntil { source.listenerCount == 1 }
        source.trigger(.warning, detail: "test")
        try await waitUntil { await cache.count == 0 }
        #expect(await cache.totalCost == 0)
    }

    @Test("the monitor service purges every cache on pressure and stops when cancelled")
    func monitorService() async throws {
        let source = ManualMemoryPressureSource()
        let first = MemoryCache<Int, Data>(budget: 1000)
        let second = MemoryCache<Int, Data>(budget: 1000)
        await first.insert(Data(count: 10), for: 1)
        await second.insert(Data(count: 10), for: 1)
        let monitor = MemoryPressureMonitor(source: source, caches: [first, second])
        let running = Task { try await monitor.run() }
        try await waitUntil { source.listenerCount == 1 }
        source.trigger()
        try await waitUntil {
            let remaining = await first.count + second.count
            return remaining == 0
        }
        running.cancel()
        _ = await running.result
    }
}

/// Polls `condition` every 5 ms for up to 10 s.
func waitUntil(_ condition: @Sendable () async -> Bool) async throws {
    for _ in 0..<2000 {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("condition not met within 10 s")
}

/// A logger whose lines are kept for the test to read.
final class RecordedLog: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    fileprivate func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            log.append("\(event.message) \(fields.joined(separator: " "))")
        }
    }
}
