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
        let log = RecordedLog()
        let cache = MemoryCache<String, Data>(budget: 1 << 20, logger: log.logger)
        await cache.insert(Data(count: 4096), for: "photo")
        var lines = log.lines.makeAsyncIterator()
        let watcher = Task { await cache.watch(source) }
        defer { watcher.cancel() }
        await source.waitForListeners(1)
        source.trigger(.warning, detail: "test")
        #expect(await lines.next() == "memory cache purged bytes=4096 entries=1 reason=memory pressure: test")
        #expect(await cache.count == 0)
        #expect(await cache.totalCost == 0)
    }

    @Test("the monitor service purges every cache on pressure and stops when cancelled")
    func monitorService() async throws {
        let source = ManualMemoryPressureSource()
        let log = RecordedLog()
        let first = MemoryCache<Int, Data>(budget: 1000, logger: log.logger)
        let second = MemoryCache<Int, Data>(budget: 1000, logger: log.logger)
        await first.insert(Data(count: 10), for: 1)
        await second.insert(Data(count: 20), for: 1)
        var lines = log.lines.makeAsyncIterator()
        let monitor = MemoryPressureMonitor(source: source, caches: [first, second], logger: log.logger)
        let running = Task { try await monitor.run() }
        await source.waitForListeners(1)
        source.trigger()
        #expect(await lines.next() == "memory pressure detail=manual level=critical")
        #expect(await lines.next() == "memory cache purged bytes=10 entries=1 reason=memory pressure (critical): manual")
        #expect(await lines.next() == "memory cache purged bytes=20 entries=1 reason=memory pressure (critical): manual")
        #expect(await first.count == 0)
        #expect(await second.count == 0)
        running.cancel()
        #expect(await running.result.isSuccess)
    }
}

extension Result {
    /// Whether this is a success.
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

/// A logger whose lines are kept for the test to read, and streamed as they are logged (a test
/// awaits the line that says something happened instead of polling for it).
final class RecordedLog: @unchecked Sendable {
    // @unchecked Sendable: `recorded` is only touched under `lock`; the continuation is Sendable.
    private let lock = NSLock()
    private var recorded: [String] = []
    private let continuation: AsyncStream<String>.Continuation
    /// Every line logged, in order, as it is logged.
    let lines: AsyncStream<String>

    init() {
        (lines, continuation) = AsyncStream<String>.makeStream()
    }

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    fileprivate func append(_ line: String) {
        lock.lock()
        recorded.append(line)
        lock.unlock()
        continuation.yield(line)
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
