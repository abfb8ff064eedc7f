import BackgroundWork
import Foundation

/// Memory pressure from a cgroup v2 `memory.events` file: reports when the `high` counter
/// (throttled above memory.high: a warning) or the `max`/`oom` counters (hit the limit:
/// critical) go up between two reads.
public struct CgroupMemoryEventsSource: MemoryPressureSource {
    /// The file read (inject a fake one in tests).
    public var path: String
    /// How often it is read.
    public var interval: Duration
    /// The clock the polling sleeps on (a test clock in tests, so no test waits for real time).
    public var clock: any Clock<Duration>

    /// Creates a source over this process's cgroup by default.
    public init(path: String = "/sys/fs/cgroup/memory.events", interval: Duration = .seconds(2), clock: any Clock<Duration> = ContinuousClock()) {
        self.path = path
        self.interval = interval
        self.clock = clock
    }

    /// Whether the file is readable here.
    public static func isAvailable(path: String = "/sys/fs/cgroup/memory.events") -> Bool {
        (try? String(contentsOfFile: path, encoding: .utf8)).map { parse($0)["high"] != nil } ?? false
    }

    /// The counters of a `memory.events` file, by name.
    public static func parse(_ text: String) -> [String: UInt64] {
        var counters: [String: UInt64] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = UInt64(fields[1]) { counters[String(fields[0])] = value }
        }
        return counters
    }

    /// A stream of counter increases, polled until the stream is dropped.
    public func events() -> AsyncStream<MemoryPressureEvent> {
        let source = self
        return AsyncStream { continuation in
            let task = Background.task {
                var previous: [String: UInt64]?
                while !Task.isCancelled {
                    if let text = try? String(contentsOfFile: source.path, encoding: .utf8) {
                        let counters = Self.parse(text)
                        if let previous {
                            let rose = ["oom_kill", "oom", "max", "high"].filter { (counters[$0] ?? 0) > (previous[$0] ?? 0) }
                            if let first = rose.first {
                                let level: MemoryPressureLevel = first == "high" ? .warning : .critical
                                let detail = rose.map { "\($0) \(previous[$0] ?? 0) → \(counters[$0] ?? 0)" }.joined(separator: ", ")
                                continuation.yield(MemoryPressureEvent(level: level, detail: "memory.events " + detail))
                            }
                        }
                        previous = counters
                    }
                    try? await source.clock.sleep(for: source.interval, tolerance: nil)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
