import Foundation

/// The processor time a process's threads have used, from `/proc/PID/task/*/stat`: how a test
/// tells whether work ran on the event loops, whatever else the machine was doing.
public struct ThreadTimes: Sendable {
    /// Seconds used by the event-loop threads (named `NIO-ELT-…` or `NIO-SGLTN-…`).
    public var eventLoops: Double
    /// Seconds used by every thread.
    public var total: Double

    /// The times of process `pid` now.
    public static func of(pid: Int32) throws -> ThreadTimes {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var times = ThreadTimes(eventLoops: 0, total: 0)
        let tasks = "/proc/\(pid)/task"
        for task in try FileManager.default.contentsOfDirectory(atPath: tasks) {
            guard let stat = try? String(contentsOfFile: "\(tasks)/\(task)/stat", encoding: .utf8),
                let nameEnd = stat.lastIndex(of: ")"), let nameStart = stat.firstIndex(of: "(")
            else { continue }
            let name = stat[stat.index(after: nameStart)..<nameEnd]
            // Fields after the name: state is the 3rd field, utime the 14th and stime the 15th.
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            let seconds = (user + system) / ticks
            times.total += seconds
            if name.hasPrefix("NIO-ELT") || name.hasPrefix("NIO-SGLTN") { times.eventLoops += seconds }
        }
        return times
    }

    /// The time used between `earlier` and these.
    public func since(_ earlier: ThreadTimes) -> ThreadTimes {
        ThreadTimes(eventLoops: eventLoops - earlier.eventLoops, total: total - earlier.total)
    }
}
