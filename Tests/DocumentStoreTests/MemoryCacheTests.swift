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
        #expect(report.entries == 2)
        #expect(report.bytes == 1500)
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

/// A value's source for the generation tests: a version that a writer bumps.
actor VersionedSource {
    private(set) var version = 0
    private(set) var invalidated = false

    func write(_ newVersion: Int) { version = newVersion }
    func markInvalidated() { invalidated = true }
}

@Suite("Memory cache generations")
struct MemoryCacheGenerationTests {
    @Test("an insert with a generation read before invalidate is ignored; one read after is stored")
    func staleInsertIgnored() async {
        let cache = MemoryCache<Int, Data>(budget: 1000)
        let before = await cache.generation(for: 7)
        await cache.invalidate(7)
        #expect(await cache.insert(Data([1]), for: 7, generation: before) == false)
        #expect(await cache.value(for: 7) == nil)
        let after = await cache.generation(for: 7)
        #expect(await cache.insert(Data([2]), for: 7, generation: after))
        #expect(await cache.value(for: 7) == Data([2]))
        // Another key's invalidation does not touch this one's generations.
        let forEight = await cache.generation(for: 8)
        await cache.invalidate(9)
        #expect(await cache.insert(Data([3]), for: 8, generation: forEight))
    }

    @Test("remove invalidates like invalidate; a purge drops values but keeps generations current")
    func removeAndPurge() async {
        let cache = MemoryCache<Int, Data>(budget: 1000)
        let beforeRemove = await cache.generation(for: 1)
        await cache.insert(Data([1]), for: 1)
        await cache.remove(1)
        #expect(await cache.insert(Data([1]), for: 1, generation: beforeRemove) == false)
        let beforePurge = await cache.generation(for: 1)
        await cache.purge(reason: "test")
        #expect(await cache.insert(Data([2]), for: 1, generation: beforePurge))
        #expect(await cache.value(for: 1) == Data([2]))
    }

    @Test("a slow load that began before an invalidation never brings the old value back")
    func slowLoaderAgainstInvalidation() async {
        let cache = MemoryCache<String, Data>(budget: 1 << 20)
        let (gate, open) = AsyncStream<Void>.makeStream()
        let (loaded, reportLoaded) = AsyncStream<Void>.makeStream()
        let loader = Task {
            let generation = await cache.generation(for: "thumb-3")
            let old = Data("old photo".utf8)  // read from disk before the change
            reportLoaded.yield()
            for await _ in gate { break }     // slow: resumes after the change
            return await cache.insert(old, for: "thumb-3", generation: generation)
        }
        for await _ in loaded { break }
        await cache.invalidate("thumb-3")     // the photo changed
        open.yield()
        #expect(await loader.value == false)
        #expect(await cache.value(for: "thumb-3") == nil)
        #expect(await cache.count == 0)
    }

    @Test("loads racing a write: once the write's invalidation returns, the old value is never visible")
    func racingLoadsAndWrite() async {
        for _ in 0..<200 {
            let cache = MemoryCache<Int, Int>(budget: 100)
            let source = VersionedSource()
            let staleSightings = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        let generation = await cache.generation(for: 1)
                        let value = await source.version
                        for _ in 0..<Int.random(in: 0...3) { await Task.yield() }
                        await cache.insert(value, cost: 1, for: 1, generation: generation)
                        return 0
                    }
                }
                group.addTask {
                    await source.write(1)
                    await cache.invalidate(1)
                    await source.markInvalidated()
                    return 0
                }
                for _ in 0..<6 {
                    group.addTask {
                        var stale = 0
                        for _ in 0..<4 {
                            let afterInvalidation = await source.invalidated
                            if afterInvalidation, await cache.value(for: 1) == 0 { stale += 1 }
                            await Task.yield()
                        }
                        return stale
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(staleSightings == 0)
            let final = await cache.value(for: 1)
            #expect(final == nil || final == 1)
        }
    }

    @Test("value(for:loading:) caches a load, and returns but does not cache one overtaken by an invalidation")
    func loadingHelper() async throws {
        let cache = MemoryCache<Int, Data>(budget: 1000)
        let first = try await cache.value(for: 1) { (Data([1]), 1) }
        #expect(first == Data([1]))
        #expect(try await cache.value(for: 1) { (Data([9]), 1) } == Data([1]))  // cached: not loaded
        let overtaken = try await cache.value(for: 2) {
            await cache.invalidate(2)  // the source changes while the load runs
            return (Data([2]), 1)
        }
        #expect(overtaken == Data([2]))
        #expect(await cache.value(for: 2) == nil)
    }

    @Test("past 65,536 invalidated keys, older generations are all refused: a miss, never a stale value")
    func boundedInvalidationMemory() async {
        let cache = MemoryCache<Int, Int>(budget: 100)
        let early = await cache.generation(for: -1)
        for key in 0..<65_537 { await cache.invalidate(key) }
        #expect(await cache.insert(1, cost: 1, for: -1, generation: early) == false)
        let fresh = await cache.generation(for: -1)
        #expect(await cache.insert(2, cost: 1, for: -1, generation: fresh))
        #expect(await cache.value(for: -1) == 2)
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
