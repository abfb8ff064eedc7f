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
    public enum Kind: String, Sendable, Hashable {
        /// It appeared.
        case created
        /// Its title, rating or other data changed.
        case updated
        /// Its photo was set, changed or removed.
        case photo
        /// It was deleted.
        case deleted
    }

    /// One change.
    public struct Change: Sendable, Hashable {
        /// The change's number in this server's run, from 1.
        public let sequence: Int
        /// What happened.
        public let kind: Kind
        /// The creature.
        public let id: Int
        /// Its version after the change (nil once deleted).
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
    /// The last state seen of each creature, so a change noticed twice is published once.
    private var known: [Int: CreatureState] = [:]

    /// Creates an empty stream.
    public init(historyLimit: Int = 1000, subscriberBuffer: Int = 256) {
        self.historyLimit = historyLimit
        self.subscriberBuffer = subscriberBuffer
    }

    /// Publishes a change made by this process, and remembers the creature's new state —
    /// unless the watch already saw that very state and published it.
    func publish(_ kind: Kind, id: Int, state: CreatureState?) {
        guard known[id] != state else { return }
        known[id] = state
        emit(kind, id: id, version: state?.version)
    }

    /// Records what a watch saw of creature `id` (nil: it is gone) and publishes what changed
    /// since it was last seen; nothing when it is the same.
    func observe(id: Int, state: CreatureState?) {
        let before = known[id]
        guard before != state else { return }
        known[id] = state
        switch (before, state) {
        case (nil, .some(let now)): emit(.created, id: id, version: now.version)
        case (.some, nil): emit(.deleted, id: id, version: nil)
        case (.some(let then), .some(let now)):
            if then.version != now.version { emit(.updated, id: id, version: now.version) }
            if then.photo != now.photo { emit(.photo, id: id, version: now.version) }
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
        let parts = eventID.split(separator: "-")
        guard parts.count == 2, parts[0] == runID, let sequence = Int(parts[1]), sequence >= 0, sequence < nextSequence else { return nil }
        return sequence
    }

    private func emit(_ kind: Kind, id: Int, version: String?) {
        let change = Change(sequence: nextSequence, kind: kind, id: id, version: version)
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

    private func unsubscribe(_ key: UUID) {
        subscribers[key] = nil
    }
}

/// What identifies a creature's state for the change stream: its data's version and its photo
/// files (names, sizes and times).
struct CreatureState: Sendable, Hashable {
    var version: String
    var photo: String
}
