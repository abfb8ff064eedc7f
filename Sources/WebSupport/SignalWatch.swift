import Dispatch
import Foundation
import ServiceLifecycle

/// A service that calls `action` each time the process receives `signal` (for example
/// `SIGUSR1` to purge caches), until the service group shuts down.
public struct SignalWatch: Service {
    let signal: Int32
    let action: @Sendable () -> Void

    /// Creates the watch; the signal's default action is replaced while it runs.
    public init(signal: Int32, action: @escaping @Sendable () -> Void) {
        self.signal = signal
        self.action = action
    }

    /// Watches until graceful shutdown or cancellation.
    public func run() async throws {
        Foundation.signal(signal, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
        source.setEventHandler(handler: action)
        source.resume()
        defer { source.cancel() }
        try? await gracefulShutdown()
    }
}
