import Foundation

/// Something that happens once, awaited by one waiter: a readiness signal a test awaits instead
/// of sleeping.
public struct Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// A signal not yet given.
    public init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    /// Gives the signal (again: nothing more happens).
    public func fire() {
        continuation.yield()
        continuation.finish()
    }

    /// Returns once the signal was given.
    public func wait() async {
        for await _ in stream { return }
    }
}
