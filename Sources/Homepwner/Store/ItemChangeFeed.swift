import DocumentStore
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
    public typealias Kind = ChangeKind
    /// One change; its ``DocumentStore/Change/subject`` is the item's key (also `itemKey`).
    public typealias Change = DocumentStore.Change<String>
    /// What a subscriber receives.
    public typealias Event = ChangeEvent<String>

    private var log: ChangeLog<String>

    /// How many recent changes are kept for subscribers that reconnect.
    public nonisolated let historyLimit: Int
    /// How many events may wait for one slow subscriber before it is ended.
    public nonisolated let subscriberBuffer: Int
    /// This run's identity: sequence numbers of another run mean nothing here.
    public nonisolated let runID: String

    /// Creates an empty feed.
    public init(historyLimit: Int = 1000, subscriberBuffer: Int = 256) {
        let log = ChangeLog<String>(historyLimit: historyLimit, subscriberBuffer: subscriberBuffer)
        self.log = log
        self.historyLimit = log.historyLimit
        self.subscriberBuffer = log.subscriberBuffer
        self.runID = log.runID
    }

    /// Publishes a change to every subscriber.
    public func publish(_ kind: Kind, itemKey: String, version: String?) {
        log.publish(kind, subject: itemKey, version: version)
    }

    /// Events after `lastEventID` (an ID from ``eventID(_:)``; nil for only what happens from now
    /// on), then every new one, until the subscriber stops or falls too far behind.
    public func subscribe(after lastEventID: String?) -> AsyncStream<Event> {
        log.subscribe(after: lastEventID) { key in Task { await self.unsubscribe(key) } }
    }

    /// Ends every subscription (at shutdown).
    public func finishAll() {
        log.finishAll()
    }

    /// The `Last-Event-ID` of a change: this run's identity and the sequence number.
    public nonisolated func eventID(_ change: Change) -> String { ChangeLog.eventID(change, runID: runID) }

    private func unsubscribe(_ key: UUID) {
        log.unsubscribe(key)
    }
}

extension DocumentStore.Change where Subject == String {
    /// The item's key.
    public var itemKey: String { subject }
}
