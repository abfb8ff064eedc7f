import Foundation

/// What happened to a document.
public enum ChangeKind: String, Sendable, Hashable {
    /// It appeared.
    case created
    /// Its data changed.
    case updated
    /// Its photo (attachment) was set, changed or removed.
    case photo
    /// Files attached to it beside its photo (Homepwner's receipts, manuals and warranty papers)
    /// were added or removed; its data is unchanged.
    case attachments
    /// It was deleted.
    case deleted
}

/// One change to the document `subject` (a creature's number, an item's key).
public struct Change<Subject: Sendable & Hashable>: Sendable, Hashable {
    /// The change's number in this run, from 1.
    public let sequence: Int
    /// What happened.
    public let kind: ChangeKind
    /// Which document.
    public let subject: Subject
    /// The document's version after the change (nil once deleted).
    public let version: String?
}

/// What a subscriber to a ``ChangeLog`` receives.
public enum ChangeEvent<Subject: Sendable & Hashable>: Sendable, Hashable {
    /// A change.
    case change(Change<Subject>)
    /// Changes were missed (the subscriber was away too long): reload everything.
    case reset
}

/// The bookkeeping of a stream of changes, kept inside the actor that publishes them: numbering,
/// the recent history for subscribers that reconnect, and the subscribers.
///
/// A subscriber that was away asks for what came after the last event it saw (by the ID from
/// ``eventID(_:runID:)``, which names the run) and gets it from the history, or a
/// ``ChangeEvent/reset`` when that is too old to replay or from another run. Memory is bounded:
/// the history keeps the last ``historyLimit`` changes, and a subscriber that falls more than
/// ``subscriberBuffer`` events behind is ended (it reconnects and catches up, or reloads).
public struct ChangeLog<Subject: Sendable & Hashable> {
    /// How many recent changes are kept for subscribers that reconnect.
    public let historyLimit: Int
    /// How many events may wait for one slow subscriber before it is ended.
    public let subscriberBuffer: Int
    /// This run's identity: sequence numbers of another run mean nothing here.
    public let runID = String(UInt64.random(in: 1...UInt64.max), radix: 36)

    private var nextSequence = 1
    private var history: [Change<Subject>] = []
    private var subscribers: [UUID: AsyncStream<ChangeEvent<Subject>>.Continuation] = [:]

    /// An empty log.
    public init(historyLimit: Int = 1000, subscriberBuffer: Int = 256) {
        self.historyLimit = max(1, historyLimit)
        self.subscriberBuffer = max(1, subscriberBuffer)
    }

    /// Numbers a change, keeps it in the history and hands it to every subscriber (ending those
    /// too far behind).
    public mutating func publish(_ kind: ChangeKind, subject: Subject, version: String?) {
        let change = Change(sequence: nextSequence, kind: kind, subject: subject, version: version)
        nextSequence += 1
        history.append(change)
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
        for (key, continuation) in subscribers {
            if case .dropped = continuation.yield(.change(change)) {
                continuation.finish()  // too far behind: it reconnects with Last-Event-ID
                subscribers[key] = nil
            }
        }
    }

    /// Events after `lastEventID` (nil: only what happens from now on), then every new one.
    /// `onTermination` is called with the subscription's key when the subscriber stops; the
    /// owner then calls ``unsubscribe(_:)`` with it.
    public mutating func subscribe(
        after lastEventID: String?, onTermination: @escaping @Sendable (UUID) -> Void
    ) -> AsyncStream<ChangeEvent<Subject>> {
        let (stream, continuation) = AsyncStream<ChangeEvent<Subject>>.makeStream(bufferingPolicy: .bufferingOldest(subscriberBuffer))
        if let lastEventID {
            let oldestKept = history.first?.sequence ?? nextSequence
            if let sequence = sequence(of: lastEventID), sequence + 1 >= oldestKept {
                for change in history where change.sequence > sequence { continuation.yield(.change(change)) }
            } else {
                continuation.yield(.reset)
            }
        }
        let key = UUID()
        subscribers[key] = continuation
        continuation.onTermination = { _ in onTermination(key) }
        return stream
    }

    /// Forgets a subscriber that stopped.
    public mutating func unsubscribe(_ key: UUID) {
        subscribers[key] = nil
    }

    /// Ends every subscription (at shutdown).
    public mutating func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// The `Last-Event-ID` of a change made in the run `runID`: the run and the sequence number
    /// (a static function, so that the log's owner can answer without isolation).
    public static func eventID(_ change: Change<Subject>, runID: String) -> String { "\(runID)-\(change.sequence)" }

    private func sequence(of eventID: String) -> Int? {
        let parts = eventID.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == runID, let sequence = Int(parts[1]), sequence >= 0, sequence < nextSequence else { return nil }
        return sequence
    }
}
