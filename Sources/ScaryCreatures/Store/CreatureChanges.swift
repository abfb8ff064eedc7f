import DocumentStore
import Foundation

/// The stream of changes to a data folder: every creature created, updated, given or losing a
/// photo, or deleted — by this process (the database publishes its own writes) or by another
/// (``FolderWatch`` notices them). Each change has a sequence number; a subscriber that was
/// away asks for what came after the last one it saw and gets it from the recent history, or a
/// ``Event/reset`` when that is too old to replay.
///
/// Memory is bounded: the history keeps the last ``historyLimit`` changes, and a subscriber that
/// falls more than ``subscriberBuffer`` events behind is ended (it reconnects and catches up, or
/// reloads).
public actor CreatureChanges {
    /// What happened to a creature.
    public typealias Kind = ChangeKind
    /// One change; its ``DocumentStore/Change/subject`` is the creature's number (also `id`).
    public typealias Change = DocumentStore.Change<Int>
    /// What a subscriber receives.
    public typealias Event = ChangeEvent<Int>

    private var log: ChangeLog<Int>
    /// The last state seen of each creature, so a change noticed twice is published once.
    private var known: [Int: CreatureState] = [:]

    /// How many recent changes are kept for subscribers that reconnect.
    public nonisolated let historyLimit: Int
    /// How many events may wait for one slow subscriber before it is ended.
    public nonisolated let subscriberBuffer: Int
    /// This run's identity: sequence numbers of another run mean nothing here.
    public nonisolated let runID: String

    /// Creates an empty stream.
    public init(historyLimit: Int = 1000, subscriberBuffer: Int = 256) {
        let log = ChangeLog<Int>(historyLimit: historyLimit, subscriberBuffer: subscriberBuffer)
        self.log = log
        self.historyLimit = log.historyLimit
        self.subscriberBuffer = log.subscriberBuffer
        self.runID = log.runID
    }

    /// Publishes a change made by this process, and remembers the creature's new state —
    /// unless the watch already saw that very state and published it.
    func publish(_ kind: Kind, id: Int, state: CreatureState?) {
        guard known[id] != state else { return }
        known[id] = state
        log.publish(kind, subject: id, version: state?.version)
    }

    /// Records what a watch saw of creature `id` (nil: it is gone) and publishes what changed
    /// since it was last seen; nothing when it is the same.
    func observe(id: Int, state: CreatureState?) {
        let before = known[id]
        guard before != state else { return }
        known[id] = state
        switch (before, state) {
        case (nil, .some(let now)): log.publish(.created, subject: id, version: now.version)
        case (.some, nil): log.publish(.deleted, subject: id, version: nil)
        case (.some(let then), .some(let now)):
            if then.version != now.version { log.publish(.updated, subject: id, version: now.version) }
            if then.photo != now.photo { log.publish(.photo, subject: id, version: now.version) }
        case (nil, nil): break
        }
    }

    /// Remembers creature `id`'s state without publishing (what a listing found at start).
    func remember(id: Int, state: CreatureState) {
        if known[id] == nil { known[id] = state }
    }

    /// Whether a state is known for creature `id`.
    func knows(_ id: Int) -> Bool { known[id] != nil }

    /// The ids this stream knows.
    var knownIDs: [Int] { Array(known.keys) }

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

extension DocumentStore.Change where Subject == Int {
    /// The creature's number.
    public var id: Int { subject }
}

/// What identifies a creature's state for the change stream: its data's version and its photo
/// files (names, sizes and times).
struct CreatureState: Sendable, Hashable {
    var version: String
    var photo: String
}
