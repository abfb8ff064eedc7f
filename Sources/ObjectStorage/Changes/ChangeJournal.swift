import BackgroundWork
import Foundation
import Synchronization

/// What one writer of a prefix tells the others it changed, so that they need not list the
/// whole prefix to find out: the names it wrote or deleted, in numbered batches, kept in a small
/// object of its own (`PREFIX.changes/WRITER`, ``ChangeJournalFormat``) that readers fetch with
/// `If-None-Match` (``ChangeFollower``) — an unchanged journal costs them one GET that carries
/// no body, whatever the number of documents.
///
/// - Names are recorded after the write was sent, whatever its answer (a write whose answer was
///   lost may have landed), and gathered for ``Settings/gatherFor`` before one PUT of the whole
///   journal: the latest ``Settings/keptEntries`` batches, so a reader that missed some passes
///   still finds them (and one that missed more than that looks at everything).
/// - Before writing its journal a writer enters itself in the roster (`PREFIX.changes/roster`,
///   a conditional read-modify-write) with a time until which readers should look: it renews
///   that when half of ``Settings/activeFor`` is gone, so a writer idle for longer costs its
///   readers nothing at all. Entering, it drops writers whose time ran out
///   ``Settings/forgetAfter`` ago, and deletes their journals.
/// - Names whose first part begins with `.` (the store's own bookkeeping: listing summaries,
///   the journals) are not recorded.
///
/// A journal that cannot be written is tried again every second; what it could not tell, the
/// readers' slow full listing finds.
public actor ChangeJournal {
    /// How a journal gathers, keeps and announces its batches.
    public struct Settings: Sendable, Hashable {
        /// How long names are gathered before the journal is written.
        public var gatherFor: Duration = .milliseconds(100)
        /// How many batches the journal keeps.
        public var keptEntries = 256
        /// The most names one batch lists; a batch with more asks readers to look at everything.
        public var namesPerEntry = 256
        /// How long after entering the roster readers look at the journal.
        public var activeFor: TimeInterval = 600
        /// How long after its time ran out a writer is dropped from the roster (and its journal deleted).
        public var forgetAfter: TimeInterval = 600

        /// The defaults.
        public init() {}
    }

    /// The client that writes the journal.
    public nonisolated let client: S3Client
    /// The prefix whose changes it records.
    public nonisolated let prefix: String
    /// This writer's id: 32 random lower-case hex digits.
    public nonisolated let writerID: String
    /// How it gathers and keeps batches.
    public nonisolated let settings: Settings

    /// What is known of a name recorded: the ETag and digest it was written with (nil: not
    /// known — a delete, a write whose answer was lost, an object too large to digest).
    private struct Written {
        var etag: String?
        var digest: String?
    }

    /// Names recorded and not yet in a batch, with what is known of each write.
    private var pending: [String: Written] = [:]
    /// When each name was last recorded, for ``recentlyRecorded(within:)`` (kept
    /// ``recentMemory``, then forgotten).
    private var recent: [String: ContinuousClock.Instant] = [:]
    /// How long the journal remembers when it recorded a name (``recentlyRecorded(within:)``).
    public static let recentMemory: Duration = .seconds(60)
    /// The largest object whose digest a write records (``ChangeJournalFormat/Entry/digests``):
    /// 64 KiB, a document's data file, never a photo.
    public static let digestMaxBytes = 64 << 10
    /// The batches kept, oldest first.
    private var entries: [ChangeJournalFormat.Entry] = []
    /// Whether the stored journal lacks some of ``entries`` (a write failed, or one is due).
    private var unwritten = false
    /// Whether the writer has finished.
    private var closed = false
    /// Until when the roster says readers should look (0: not entered).
    private var enteredUntil: TimeInterval = 0
    /// The writing under way, if any.
    private var writing: Task<Void, Never>?
    /// How many requests the journal made (roster reads and writes, journal writes, deletions).
    public private(set) var requestCount = 0

    /// A journal of `prefix` for a new writer; nothing is written until something is recorded.
    public init(client: S3Client, prefix: String, settings: Settings = Settings()) {
        self.client = client
        self.prefix = prefix
        self.settings = settings
        var generator = SystemRandomNumberGenerator()
        writerID = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The journals of this process that have written and are not closed: held here until
    /// they are, so that a store let go before the process ends still tells that it finished.
    private static let unclosed = Mutex<[ObjectIdentifier: ChangeJournal]>([:])

    /// Closes every journal of this process (``close()``), waiting at most `limit` for their
    /// last writes: a command calls it before it exits, so that servers learn of its changes
    /// within a second rather than at their next full listing.
    public static func closeAll(waitingAtMost limit: Duration) async {
        let journals = unclosed.withLock { Array($0.values) }
        guard !journals.isEmpty else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withTaskGroup(of: Void.self) { closing in
                    for journal in journals { closing.addTask { await journal.close() } }
                }
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// The key of `name` under the prefix.
    private func key(_ name: String) -> String { prefix + name }

    /// Records that the objects at `keys` (whole keys) were written or deleted; keys outside the
    /// prefix, and bookkeeping names, are left out. The journal is written soon after.
    public func record(keys: some Sequence<String>) {
        for key in keys { record(key: key, etag: nil) }
    }

    /// Records that the object at `key` was written with `etag` (nil: deleted, or not known)
    /// and, for a small object whose write landed, `digest` (its bytes' ``Hex/FNV1a``, 16 hex
    /// digits; nil when not known).
    public func record(key: String, etag: String?, digest: String? = nil) {
        guard !closed, key.utf8.starts(with: prefix.utf8) else { return }
        let name = String(decoding: key.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
        guard !name.isEmpty, !name.hasPrefix(".") else { return }
        pending[name] = Written(etag: etag, digest: etag == nil ? nil : digest)
        let now = ContinuousClock.now
        if recent.count >= 4_096 { recent = recent.filter { now - $0.value < Self.recentMemory } }
        recent[name] = now
        startWriting()
    }

    /// The names (relative to the prefix) this writer recorded within the last `window` (at
    /// most a minute back): a reader in the same process does not take another writer's digest
    /// of them, since it cannot tell which of the two writes came last.
    public func recentlyRecorded(within window: Duration) -> Set<String> {
        let now = ContinuousClock.now
        return Set(recent.lazy.filter { now - $0.value < window }.map(\.key))
    }

    /// Writes what was recorded and not yet written, and waits for it (one try, with the
    /// client's retries): a command calls it before it ends.
    public func flush() async {
        if writing == nil, hasWork { startWriting(gather: false) }
        await writing?.value
    }

    /// Flushes, marking the journal finished so readers stop looking at it. Nothing is written
    /// for a writer that never recorded anything. Records after this are ignored.
    public func close() async {
        guard !closed else { return }
        closed = true
        _ = Self.unclosed.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
        if !entries.isEmpty || hasWork { unwritten = true }
        await flush()
    }

    /// Whether something recorded is not yet in the stored journal.
    private var hasWork: Bool { !pending.isEmpty || unwritten }

    /// Starts writing unless a writing is under way (it takes what is recorded meanwhile).
    private func startWriting(gather: Bool = true) {
        guard writing == nil, hasWork else { return }
        if !closed { Self.unclosed.withLock { $0[ObjectIdentifier(self)] = self } }
        writing = Background.task { [self] in await writeUntilDone(gather: gather) }
    }

    /// Writes batches until nothing is left; after a failure waits a second and tries again,
    /// unless the journal is closed (a command ending: what it could not tell, the full listing finds).
    private func writeUntilDone(gather: Bool) async {
        if gather { try? await Task.sleep(for: settings.gatherFor) }
        while hasWork, !Task.isCancelled {
            takeBatch()
            do {
                try await enterRoster()
                let body = ChangeJournalFormat.encode(ChangeJournalFormat.Journal(writer: writerID, entries: entries, closed: closed))
                requestCount += 1
                unwritten = false
                try await client.put(key(ChangeJournalFormat.journalName(of: writerID)), body: body, contentType: "application/json")
            } catch {
                unwritten = true
                if closed { break }
                try? await Task.sleep(for: .seconds(1))
            }
        }
        writing = nil
        if hasWork, !closed { startWriting() }
    }

    /// Moves the names recorded into a new batch.
    private func takeBatch() {
        guard !pending.isEmpty else { return }
        let sequence = (entries.last?.sequence ?? 0) &+ 1
        let time = Date().timeIntervalSince1970
        let everything = pending.count > settings.namesPerEntry
        let names = everything ? [] : pending.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let etags = everything ? [:] : pending.compactMapValues(\.etag)
        let digests = everything ? [:] : pending.compactMapValues(\.digest)
        entries.append(ChangeJournalFormat.Entry(sequence: sequence, time: time, names: names, etags: etags, digests: digests, everything: everything))
        if entries.count > settings.keptEntries { entries.removeFirst(entries.count - settings.keptEntries) }
        pending = [:]
        unwritten = true
    }

    /// Enters this writer in the roster when it is not, or half its time is gone: read the
    /// roster, drop writers forgotten, add this one, write it back only if no one else did
    /// meanwhile (`If-Match`, or `If-None-Match: *` for the first), tried up to 8 times.
    private func enterRoster() async throws {
        let now = Date().timeIntervalSince1970
        guard enteredUntil - now < settings.activeFor / 2 else { return }
        let rosterKey = key(ChangeJournalFormat.rosterName)
        var generator = SystemRandomNumberGenerator()
        for attempt in 1...8 {
            var roster = ChangeJournalFormat.Roster()
            var condition = S3WriteCondition.absent
            requestCount += 1
            do {
                if case .object(let object) = try await client.get(rosterKey, maxBytes: ChangeJournalFormat.maxObjectBytes) {
                    roster = ChangeJournalFormat.roster(from: object.body)
                    condition = .matching(etag: object.etag)
                }
            } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
                // No roster yet: this writer makes it.
            }
            let forgotten = roster.writers.filter { $0.value + settings.forgetAfter < now && $0.key != writerID }.map(\.key)
            for id in forgotten { roster.writers[id] = nil }
            let until = now + settings.activeFor
            roster.writers[writerID] = until
            requestCount += 1
            do {
                try await client.put(rosterKey, body: ChangeJournalFormat.encode(roster), contentType: "application/json", condition: condition)
            } catch let error as S3Error where error.code == .preconditionFailed && attempt < 8 {
                try await Task.sleep(for: .milliseconds(Int.random(in: 10...100, using: &generator) * attempt))
                continue
            }
            enteredUntil = until
            for id in forgotten {
                requestCount += 1
                try? await client.delete(key(ChangeJournalFormat.journalName(of: id)))
            }
            return
        }
    }
}
