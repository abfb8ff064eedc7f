import Dispatch
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// How a serving process stops, in bounded time: on the first SIGTERM or SIGINT it stops
/// accepting connections and lets the requests in flight finish (graceful shutdown of the
/// service group: event streams end, the app's services stop in turn); once the grace period
/// has passed it cancels whatever is left (requests, storage retries, listings, the bucket
/// watch) and returns, and the process exits 0. A second SIGTERM or SIGINT ends the process at
/// once, with status 128 + the signal (143, 130), as a shell reports a process a signal ended.
/// Should cancelled work still not have ended a second after the grace period (a file-system
/// call that cannot be cut short), the process exits 0 anyway, saying so: what a client was
/// told is done is durable before it is told.
public struct GracefulStop: Sendable {
    /// How long requests in flight may take to finish after the first signal.
    public var grace: Duration
    /// How long cancelled work may take before the process exits regardless.
    public var cancellationLimit: Duration = .milliseconds(900)
    /// Where it says what it does.
    public var logger: Logger

    /// A stop with `grace` for the requests in flight.
    public init(grace: Duration, logger: Logger) {
        self.grace = grace
        self.logger = logger
    }

    /// Runs `service` (an application) until it ends or the process is told to stop, as above.
    ///
    /// - Throws: what the service throws while it runs (a port in use); nothing once a stop
    ///   has begun.
    public func run(_ service: any Service) async throws {
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [service], logger: logger))
        let running = Task { try await group.run() }
        let stopping = Atomic<Bool>(false)
        let grace = self.grace, limit = cancellationLimit, logger = self.logger
        let handler: @Sendable (Int32, Int) -> Void = { signal, count in
            guard count == 1 else {
                // The second signal: at once, with the status a shell gives a process the signal
                // ended (the signal itself cannot end it: the dispatch source keeps it blocked).
                logger.notice("a second signal: stopping at once")
                fflush(nil)
                _exit(128 + signal)
            }
            stopping.store(true, ordering: .releasing)
            logger.notice("stopping: requests in flight may take \(Self.text(grace)) to finish (a second signal stops at once)")
            Task { await group.triggerGracefulShutdown() }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeInterval(grace)) {
                guard !running.isCancelled else { return }
                logger.notice("the grace period passed: cancelling the requests and storage work left")
                running.cancel()
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeInterval(grace + limit)) {
                logger.warning("work cancelled \(Self.text(limit)) ago has not ended: exiting without it")
                fflush(nil)  // every stream
                _exit(0)
            }
        }
        do {
            try await SignalCatcher.catching([SIGTERM, SIGINT], handler: handler) {
                try await withTaskCancellationHandler {
                    try await running.value
                } onCancel: {
                    running.cancel()
                }
            }
        } catch where stopping.load(ordering: .acquiring) {
            // Cancelled after the grace period: the stop the signal asked for.
            logger.debug("stopped after cancelling: \(error)")
        }
    }

    /// `10 s`, `2.5 s`.
    static func text(_ duration: Duration) -> String {
        let seconds = timeInterval(duration)
        return seconds.rounded() == seconds ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    static func timeInterval(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Catches signals while a body runs (their default action set aside) and calls a handler with
/// each signal and how many of the caught signals have arrived so far, counting from 1.
enum SignalCatcher {
    /// Runs `body` while `signals` are caught; `handler` runs on a dispatch queue. The signals
    /// stay ignored after `body` (the process ends next).
    static func catching<Result>(
        _ signals: [Int32], handler: @escaping @Sendable (Int32, Int) -> Void, body: () async throws -> Result
    ) async rethrows -> Result {
        let count = Counter()
        var sources: [any DispatchSourceSignal] = []
        for signal in signals {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { handler(signal, count.next()) }
            source.resume()
            sources.append(source)
        }
        defer { for source in sources { source.cancel() } }
        return try await body()
    }

    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func next() -> Int { value.add(1, ordering: .relaxed).newValue }
    }
}
