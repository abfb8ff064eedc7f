import DocumentStore
import Synchronization

/// What a server answers at `GET /readyz`: ready once the app's own condition holds (Scary
/// Creatures: its first listing is in memory) and its storage answered a cheap question within
/// ``deadline``; otherwise the reason. A load balancer or Kubernetes asks it every few seconds,
/// and anyone who can reach the server may: so the storage is asked at most once at a time and
/// at most once per ``freshFor`` (answers in between are the last one), and a storage that does
/// not answer keeps no request waiting longer than ``deadline``.
public final class Readiness: Sendable {
    /// Whether the server can serve, and if not, why.
    public enum State: Sendable, Equatable {
        /// It can.
        case ready
        /// It cannot yet (or any more), for this reason.
        case notReady(String)
    }

    /// How long the storage may take to answer.
    public let deadline: Duration
    /// How long a storage answer is reused.
    public let freshFor: Duration
    /// How long one probe of the storage may go on (in the background, once its askers have
    /// stopped waiting at ``deadline``): 10 s.
    static let probeLimit: Duration = .seconds(10)
    private let storage: any BlobStore
    private let pending: @Sendable () async -> String?
    private let probes = SharedRun<Int, String?>()
    private let last = Mutex<(at: ContinuousClock.Instant, failure: String?)?>(nil)

    /// Readiness on `storage`, once `pending` (the app's own condition: nil when it holds, else
    /// why not) says so.
    public init(
        storage: any BlobStore, deadline: Duration = .seconds(1), freshFor: Duration = .seconds(1),
        pending: @escaping @Sendable () async -> String? = { nil }
    ) {
        self.storage = storage
        self.deadline = deadline
        self.freshFor = freshFor
        self.pending = pending
    }

    /// Whether the server is ready now: the app's condition first, then the storage.
    public func state() async -> State {
        if let reason = await pending() { return .notReady(reason) }
        if let failure = await storageFailure() { return .notReady(failure) }
        return .ready
    }

    /// Nil when the storage answered within the deadline (now, or less than ``freshFor`` ago),
    /// else what went wrong.
    private func storageFailure() async -> String? {
        let now = ContinuousClock.now
        if let last = last.withLock({ $0 }), now - last.at < freshFor { return last.failure }
        let storage = self.storage
        let deadline = self.deadline
        let answer = try? await probes.value(for: 0, waitingAtMost: deadline) { [self] in
            let failure: String?
            do {
                try await storage.checkAnswers(within: max(deadline, Self.probeLimit))
                failure = nil
            } catch {
                failure = "the storage failed: \(String(describing: error).prefix(300))"
            }
            last.withLock { $0 = (ContinuousClock.now, failure) }
            return failure
        }
        guard let answer else {
            let failure = "the storage (\(storage.description)) did not answer within \(Self.seconds(deadline))"
            last.withLock { $0 = (ContinuousClock.now, failure) }
            return failure
        }
        return answer
    }

    /// `1 s`, `0.5 s`.
    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}

/// An app's API that answers the probes (`GET /healthz`, `GET /readyz`): the adapters the
/// OperationsGlue plugin copies into each app's web target answer them from its ``readiness``.
public protocol ReadinessReporting {
    /// What `GET /readyz` answers.
    var readiness: Readiness { get }
}
