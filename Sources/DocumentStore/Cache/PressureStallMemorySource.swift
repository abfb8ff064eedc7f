import BackgroundWork
import Foundation

/// Memory pressure from Linux pressure-stall information (`/proc/pressure/memory`, or a
/// cgroup's `memory.pressure`): the share of recent time tasks spent waiting for memory.
///
/// Polls the file every `interval`; reports `warning` when `some avg10` reaches
/// `warningPercent` and `critical` when `full avg10` reaches `criticalPercent`. Each episode is
/// reported once: the source re-arms only after the figures fall back below the thresholds.
public struct PressureStallMemorySource: MemoryPressureSource {
    /// The file read (inject a fake one in tests).
    public var path: String
    /// How often it is read.
    public var interval: Duration
    /// The clock the polling sleeps on (a test clock in tests, so no test waits for real time).
    public var clock: any Clock<Duration>
    /// The `some avg10` percentage that makes a warning.
    public var warningPercent: Double
    /// The `full avg10` percentage that makes a critical event.
    public var criticalPercent: Double

    /// Creates a source; the defaults suit a server.
    public init(
        path: String = "/proc/pressure/memory", interval: Duration = .seconds(2), warningPercent: Double = 10, criticalPercent: Double = 5,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.path = path
        self.interval = interval
        self.clock = clock
        self.warningPercent = warningPercent
        self.criticalPercent = criticalPercent
    }

    /// Whether the kernel offers pressure-stall information here.
    public static func isAvailable(path: String = "/proc/pressure/memory") -> Bool {
        (try? String(contentsOfFile: path, encoding: .utf8))?.hasPrefix("some") == true
    }

    /// The `avg10` figures of a pressure file's `some` and `full` lines; nil for unreadable text.
    public static func parse(_ text: String) -> (some: Double, full: Double)? {
        var some: Double?, full = 0.0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let kind = fields.first,
                  let average = fields.first(where: { $0.hasPrefix("avg10=") }).flatMap({ Double($0.dropFirst(6)) })
            else { continue }
            if kind == "some" { some = average } else if kind == "full" { full = average }
        }
        return some.map { ($0, full) }
    }

    /// A stream of pressure episodes, polled until the stream is dropped.
    public func events() -> AsyncStream<MemoryPressureEvent> {
        let source = self
        return AsyncStream { continuation in
            let task = Background.task {
                var armed = true
                while !Task.isCancelled {
                    if let text = try? String(contentsOfFile: source.path, encoding: .utf8),
                       let figures = Self.parse(text) {
                        let level: MemoryPressureLevel? =
                            figures.full >= source.criticalPercent ? .critical
                            : figures.some >= source.warningPercent ? .warning : nil
                        if let level, armed {
                            continuation.yield(MemoryPressureEvent(level: level, detail: "some avg10=\(figures.some) full avg10=\(figures.full)"))
                            armed = false
                        } else if level == nil {
                            armed = true
                        }
                    }
                    try? await source.clock.sleep(for: source.interval, tolerance: nil)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
