import Foundation

/// The stream of changes a store makes: every item created, updated, given or losing a photo,
/// or deleted, each with a sequence number. A subscriber that was away asks for what came after
/// the last one it saw and gets it from the recent history, or a ``Event/reset`` when that is
/// too old to replay.
///
/// Memory is bounded: the history keeps the last ``historyLimit`` changes, and a subscriber that
/// falls more than ``subscriberBuffer`` events behind is ended (it reconnects and catches up, or
/// reloads). Only the process holding the folder can change it (see ``ItemStore``), so this
/// process's own changes are all there are.
public actor ItemChangeFeed {
    /// What happened to an item.
    public enum Kind: String, Sendable, Hashable {
        /// It was added.
        case created
        /// Its name, serial number or value changed.
        case updated
        /// Its photo was set, replaced or removed.
        case photo
        /// It was deleted.
        case deleted
    }

    /// One change.
    public struct Change: Sendable, Hashable {
        /// The change's number in this run, from 1.
        public let sequence: Int
        /// What happened.
        public let kind: Kind
        /// The item's key.
        public let itemKey: String
        /// The item's version after the change (nil once deleted).
        public let version: String?
    }

    /// What a subscriber receives.
    public enum Event: Sendable, Hashable {
        /// A change.
        case change(Change)
        /// Changes were missed (the subscriber was away too long): reload everything.
        case reset
    }

    /// How many recent changes are kept for subscribers that reconnect.
    public let historyLimit: Int
    /// How many events may wait for one slow subscriber before it is ended.
    public let subscriberBuffer: Int
    /// This run's identity: sequence numbers of another run mean nothing here.
    public nonisolated let runID = String(UInt64.random(in: 1...UInt64.max), radix: 36)

    private var nextSequence = 1
    private var history: [Change] = []
    private var subscribers: [UUID: AsyncStream<Event>.Continuation] = [:]

    /// Creates an empty feed.
    public init(historyLimit: Int = 1000, subscriberBuffer: Int = 256) {
        self.historyLimit = max(1, historyLimit)
        self.subscriberBuffer = max(1, subscriberBuffer)
    }

    /// Publishes a change to every subscriber.
    public func publish(_ kind: Kind, itemKey: String, version: String?) {
        let change = Change(sequence: nextSequence, kind: kind, itemKey: itemKey, version: version)
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

    /// Events after `lastEventID` (an ID from ``eventID(_:)``; nil for only what happens from now
    /// on), then every new one, until the subscriber stops or falls too far behind.
    public func subscribe(after lastEventID: String?) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingOldest(subscriberBuffer))
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
        continuation.onTermination = { _ in Task { await self.unsubscribe(key) } }
        return stream
    }

    /// Ends every subscription (at shutdown).
    public func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// The `Last-Event-ID` of a change: this run's identity and the sequence number.
    public nonisolated func eventID(_ change: Change) -> String { "\(runID)-\(change.sequence)" }

    private func sequence(of eventID: String) -> Int? {
        let parts = eventID.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == runID, let sequence = Int(parts[1]), sequence >= 0, sequence < nextSequence else { return nil }
        return sequence
    }

    private func unsubscribe(_ key: UUID) {
        subscribers[key] = nil
    }
}
