import BackgroundWork
import Foundation

/// What identifies a document's state for a change feed: its data's version and a token of its
/// attachments (names, sizes and times), so a feed can tell an update from a new photo.
public struct DocumentState: Sendable, Hashable {
    /// The data's version.
    public var version: String
    /// What the attachments are, as a token.
    public var attachments: String

    /// A state.
    public init(version: String, attachments: String) {
        self.version = version
        self.attachments = attachments
    }
}

/// The stream of changes to a collection of documents, for live pages: every document created,
/// updated, given or losing an attachment, or deleted, each with a sequence number. A
/// subscriber that was away asks for what came after the last one it saw (by its
/// ``eventID(_:)``) and gets it from the recent history, or a ``ChangeEvent/reset`` when that is
/// too old to replay.
///
/// A store publishes its own changes. A store whose folder other processes change too also
/// hands in what a watch saw (``observe(_:state:)``): the feed remembers each document's last
/// known ``DocumentState`` and publishes only real changes, once, whoever noticed them first.
///
/// Memory is bounded: the history keeps the last ``historyLimit`` changes, and a subscriber that
/// falls more than ``subscriberBuffer`` events behind is ended (it reconnects and catches up, or
/// reloads).
public actor ChangeFeed<Subject: Sendable & Hashable> {
    /// What happened to a document.
    public typealias Kind = ChangeKind
    /// One change.
    public typealias Change = DocumentStore.Change<Subject>
    /// What a subscriber receives.
    public typealias Event = ChangeEvent<Subject>

    private var log: ChangeLog<Subject>
    /// The last state seen of each document, so a change noticed twice is published once.
    private var known: [Subject: DocumentState] = [:]

    /// How many recent changes are kept for subscribers that reconnect.
    public nonisolated let historyLimit: Int
    /// How many events may wait for one slow subscriber before it is ended.
    public nonisolated let subscriberBuffer: Int
    /// This run's identity: sequence numbers of another run mean nothing here.
    public nonisolated let runID: String

    /// An empty feed.
    public init(historyLimit: Int = 1000, subscriberBuffer: Int = 256) {
        let log = ChangeLog<Subject>(historyLimit: historyLimit, subscriberBuffer: subscriberBuffer)
        self.log = log
        self.historyLimit = log.historyLimit
        self.subscriberBuffer = log.subscriberBuffer
        self.runID = log.runID
    }

    /// Publishes a change this process made to `subject`, now at `version` (nil once deleted).
    public func publish(_ kind: ChangeKind, subject: Subject, version: String?) {
        log.publish(kind, subject: subject, version: version)
    }

    /// Publishes a change this process made and remembers the document's new state (nil: it is
    /// gone) — unless a watch already saw that very state and published it.
    public func publish(_ kind: ChangeKind, subject: Subject, state: DocumentState?) {
        guard known[subject] != state else { return }
        known[subject] = state
        log.publish(kind, subject: subject, version: state?.version)
    }

    /// Records what a watch saw of `subject` (nil: it is gone) and publishes what changed since
    /// it was last seen: created, deleted, updated (a new version), photo (new attachments);
    /// nothing when it is the same.
    public func observe(_ subject: Subject, state: DocumentState?) {
        let before = known[subject]
        guard before != state else { return }
        known[subject] = state
        switch (before, state) {
        case (nil, .some(let now)): log.publish(.created, subject: subject, version: now.version)
        case (.some, nil): log.publish(.deleted, subject: subject, version: nil)
        case (.some(let then), .some(let now)):
            if then.version != now.version { log.publish(.updated, subject: subject, version: now.version) }
            if then.attachments != now.attachments { log.publish(.photo, subject: subject, version: now.version) }
        case (nil, nil): break
        }
    }

    /// Remembers `subject`'s state without publishing (what a listing found at start).
    public func remember(_ subject: Subject, state: DocumentState) {
        if known[subject] == nil { known[subject] = state }
    }

    /// The state last seen of `subject`, nil when none is known.
    public func state(of subject: Subject) -> DocumentState? { known[subject] }

    /// Whether a state is known for `subject`.
    public func knows(_ subject: Subject) -> Bool { known[subject] != nil }

    /// The documents whose state this feed knows.
    public var knownSubjects: [Subject] { Array(known.keys) }

    /// Events after `lastEventID` (an ID from ``eventID(_:)``; nil for only what happens from now
    /// on), then every new one, until the subscriber stops or falls too far behind.
    public func subscribe(after lastEventID: String?) -> AsyncStream<Event> {
        log.subscribe(after: lastEventID) { key in Background.task { await self.unsubscribe(key) } }
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
