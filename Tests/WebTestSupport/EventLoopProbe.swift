import Foundation
import Synchronization

/// What a server's event loops did while some heavy work ran: the processor time of its threads
/// (``ThreadTimes``), and how many small requests, sent one after another meanwhile, were
/// answered — how a test tells that the work ran off the loops, by the threads that did it and
/// by order, never by a clock.
public struct EventLoopProbe: Sendable {
    /// The processor time the server used while the work ran, on its event loops and in all.
    public var times: ThreadTimes
    /// The small requests answered while the work ran.
    public var probes: Int

    /// Runs `work` against the server of process `pid` on `port`; when `probing`, sends `probe`
    /// (a whole request, `GET /openapi.yaml` by default) again and again meanwhile, each once
    /// the last is answered, and counts the answers with status 200.
    ///
    /// New connections alternate between the server's loops: had the work held its loop, the
    /// second probe would have waited for it, so three or more answers prove the loop free.
    public static func measure(
        pid: Int32, port: Int, probing: Bool = false, probe: String = "GET /openapi.yaml HTTP/1.1\r\nHost: localhost\r\n\r\n",
        during work: @escaping @Sendable () async throws -> Void
    ) async throws -> EventLoopProbe {
        let before = try ThreadTimes.of(pid: pid)
        let finished = Finished()
        let heavy = Task {
            defer { finished.set() }
            try await work()
        }
        var probes = 0
        while probing, !finished.isSet {
            if try await RawConnection.exchange(port: port, probe, timeout: 60).status == 200 { probes += 1 }
        }
        try await heavy.value
        return EventLoopProbe(times: try ThreadTimes.of(pid: pid).since(before), probes: probes)
    }

    /// Whether the loops did at most a tenth of the work (and at least 50 ms may always be
    /// theirs: they read the request and write the answer).
    public var loopsStayedFree: Bool {
        times.eventLoops <= max(0.05, times.total * 0.1)
    }
}

/// Whether the work has finished, read from any task.
private final class Finished: Sendable {
    private let value = Mutex(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() { value.withLock { $0 = true } }
}
