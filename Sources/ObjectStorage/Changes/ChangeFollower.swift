import Foundation

/// Follows the other writers of a prefix through their journals (``ChangeJournal``): each
/// ``pass()`` reads the roster and the journal of every writer active now with `If-None-Match`,
/// and answers the names written since the last pass — so a reader learns of a change within
/// one pass, and an idle prefix costs one GET a pass (a 304, no body) plus one per writer still
/// active, however many documents there are.
///
/// It never misses what a journal held: a journal that skipped batches this reader did not see
/// (it keeps only the latest), or that cannot be read as one, answers ``Pass/everything`` —
/// look at the whole prefix. What no journal tells (writes by other programs, a writer that
/// died before writing its journal) only a full listing finds: callers list the prefix slowly
/// as well (once a minute).
public actor ChangeFollower {
    /// What one pass found.
    public struct Pass: Sendable, Hashable {
        /// The names (relative to the prefix) other writers changed since the last pass.
        public var names: Set<String> = []
        /// The ETag the writer gave, for those of ``names`` it knew (the latest batch's).
        public var etags: [String: String] = [:]
        /// The digest of the bytes written (``ChangeJournalFormat/Entry/digests``), for those of
        /// ``names`` whose latest write is known: only one writer told of the name within
        /// ``ChangeFollower/digestWindow`` (this process's own journal included) — when two did,
        /// which write came last cannot be told from the journals, and the object must be read.
        public var digests: [String: String] = [:]
        /// Whether the caller must look at the whole prefix: a journal lost batches this reader
        /// had not read, or could not be read as one, or a writer changed too much to list.
        public var everything = false
        /// Whether every journal active was read: false when some could not be (the storage
        /// failed); their names come in a later pass.
        public var complete = true
    }

    /// The client that reads.
    public nonisolated let client: S3Client
    /// The prefix followed.
    public nonisolated let prefix: String
    /// This process's own writer, whose journal is not read.
    public nonisolated let ownWriter: String?
    /// This process's own journal: the names it recorded lately make another writer's digest of
    /// them unsure.
    public nonisolated let ownJournal: ChangeJournal?
    /// Batches a writer made before this time (less `clockMargin`), found in a journal read for
    /// the first time, are what the caller's first full look already saw.
    public nonisolated let since: Date
    /// How far writers' clocks may be from this machine's.
    public nonisolated let clockMargin: TimeInterval

    /// The roster as last read, and its ETag.
    private var roster = ChangeJournalFormat.Roster()
    private var rosterETag: String?
    /// Each writer's journal ETag as last read.
    private var journalETags: [String: String] = [:]
    /// The number of the last batch read, per writer.
    private var lastSequence: [String: Int] = [:]
    /// Writers whose closed journal was read: nothing more will come from them.
    private var finished = Set<String>()
    /// The writer that last told of each name, and when (by this machine's clock), kept
    /// ``digestWindow``.
    private var lastTeller: [String: (writer: String, at: ContinuousClock.Instant)] = [:]
    /// How many GET requests the passes made.
    public private(set) var requestCount = 0

    /// How long after one writer told of a name another writer's digest of it is not taken
    /// (``defaultDigestWindow``; at most ``ChangeJournal/recentMemory`` for this process's own
    /// writes).
    public nonisolated let digestWindow: Duration

    /// The servers' ``digestWindow``: batches of two writers may reach a reader in either order
    /// (a journal written late after a failure, a pass that could not read one journal), within
    /// 15 s as a rule; what comes later still, the full listing's comparison of ETags finds.
    public static let defaultDigestWindow: Duration = .seconds(15)

    /// A follower of `prefix` that skips `ownWriter`'s journal; `ownJournal`, when given, is
    /// this process's journal of the prefix (see ``Pass/digests``).
    public init(
        client: S3Client, prefix: String, ownWriter: String?, ownJournal: ChangeJournal? = nil, since: Date = Date(), clockMargin: TimeInterval = 5,
        digestWindow: Duration = ChangeFollower.defaultDigestWindow
    ) {
        self.client = client
        self.prefix = prefix
        self.ownWriter = ownWriter
        self.ownJournal = ownJournal
        self.digestWindow = digestWindow
        self.since = since
        self.clockMargin = clockMargin
    }

    /// Reads the roster and the changed journals of the writers active now. The journals of the
    /// writers active by the roster as last read are read at the same time as the roster, all at
    /// once (at most ``concurrentReads``); those of writers the roster newly names, right
    /// after it — so a pass takes about one request's time, not one per writer, however busy
    /// the storage.
    ///
    /// - Throws: ``S3Error`` when the roster cannot be read (nothing was learnt).
    public func pass() async throws -> Pass {
        let known = activeWriters()
        let client = self.client, prefix = self.prefix, etags = journalETags
        requestCount += 1 + known.count
        async let rosterRead = Self.readRoster(client: client, prefix: prefix, etag: rosterETag)
        var reads = try await Self.readJournals(known, client: client, prefix: prefix, etags: etags)
        apply(try await rosterRead)
        let active = activeWriters()
        let newcomers = active.filter { reads[$0] == nil }
        if !newcomers.isEmpty {
            requestCount += newcomers.count
            reads.merge(try await Self.readJournals(newcomers, client: client, prefix: prefix, etags: journalETags)) { $1 }
        }
        var pass = Pass()
        let clockNow = ContinuousClock.now
        let window = digestWindow
        lastTeller = lastTeller.filter { clockNow - $0.value.at < window }
        var unsure = await ownJournal?.recentlyRecorded(within: window) ?? []
        for id in active {
            switch reads[id] {
            case .read(let body, let etag):
                journalETags[id] = etag
                take(ChangeJournalFormat.journal(from: body), of: id, into: &pass, unsure: &unsure)
            case .tooLarge:
                journalETags[id] = nil
                pass.everything = true
            case .failed:
                pass.complete = false
            case .notModified, .notWritten, nil:
                continue
            }
        }
        return pass
    }

    /// The most journals a pass reads at once.
    public static let concurrentReads = 16

    /// The writers whose journals a pass reads, by the roster as last read: not this process,
    /// not finished, and within their time (allowing for clocks); in id order.
    private func activeWriters() -> [String] {
        let now = Date().timeIntervalSince1970
        return roster.writers.filter { $0.key != ownWriter && !finished.contains($0.key) && $0.value + clockMargin >= now }.keys.sorted()
    }

    /// What a read of one journal found.
    private enum JournalRead: Sendable {
        /// Unchanged since the ETag this reader holds.
        case notModified
        /// The journal's bytes and ETag.
        case read(body: Data, etag: String)
        /// Not there: the writer entered the roster and has not written it yet.
        case notWritten
        /// Larger than a journal may be.
        case tooLarge
        /// The storage failed; a later pass reads it.
        case failed
    }

    /// Reads the journals of `ids` (with `If-None-Match` of `etags`), ``concurrentReads`` at a
    /// time.
    ///
    /// - Throws: `CancellationError` only.
    private static func readJournals(_ ids: [String], client: S3Client, prefix: String, etags: [String: String]) async throws -> [String: JournalRead] {
        var reads: [String: JournalRead] = [:]
        var start = 0
        while start < ids.count {
            let batch = ids[start..<min(start + concurrentReads, ids.count)]
            start = batch.endIndex
            try await withThrowingTaskGroup(of: (String, JournalRead).self) { group in
                for id in batch {
                    group.addTask { (id, try await readJournal(id, client: client, prefix: prefix, etag: etags[id])) }
                }
                for try await (id, read) in group { reads[id] = read }
            }
        }
        return reads
    }

    /// Reads writer `id`'s journal unless it still has `etag`.
    ///
    /// - Throws: `CancellationError` only.
    private static func readJournal(_ id: String, client: S3Client, prefix: String, etag: String?) async throws -> JournalRead {
        do {
            switch try await client.get(prefix + ChangeJournalFormat.journalName(of: id), ifNoneMatch: etag, maxBytes: ChangeJournalFormat.maxObjectBytes) {
            case .notModified: return .notModified
            case .object(let object): return .read(body: object.body, etag: object.etag)
            }
        } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
            return .notWritten
        } catch let error as S3Error where error.code == .tooLarge {
            return .tooLarge
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            return .failed
        }
    }

    /// What a read of the roster found: unchanged, or the roster (nil: none) and its ETag.
    private enum RosterRead: Sendable {
        case notModified
        case read(ChangeJournalFormat.Roster, etag: String?)
    }

    /// Reads the roster unless it still has `etag`; a missing or oversized roster has no writers.
    ///
    /// - Throws: ``S3Error`` when the storage fails.
    private static func readRoster(client: S3Client, prefix: String, etag: String?) async throws -> RosterRead {
        do {
            switch try await client.get(prefix + ChangeJournalFormat.rosterName, ifNoneMatch: etag, maxBytes: ChangeJournalFormat.maxObjectBytes) {
            case .notModified:
                return .notModified
            case .object(let object):
                return .read(ChangeJournalFormat.roster(from: object.body), etag: object.etag)
            }
        } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
            return .read(ChangeJournalFormat.Roster(), etag: nil)
        } catch let error as S3Error where error.code == .tooLarge {
            return .read(ChangeJournalFormat.Roster(), etag: nil)
        }
    }

    /// Takes the roster read. Writers no longer in it are forgotten (their last batch numbers
    /// are kept, at most 10,000 of them).
    private func apply(_ read: RosterRead) {
        guard case .read(let newer, let etag) = read else { return }
        roster = newer
        rosterETag = etag
        journalETags = journalETags.filter { roster.writers[$0.key] != nil }
        finished = finished.filter { roster.writers[$0] != nil }
        if lastSequence.count > 10_000 { lastSequence = lastSequence.filter { roster.writers[$0.key] != nil } }
    }

    /// Adds what `journal` holds that this reader has not taken yet; `unsure` are the names
    /// whose digests are not taken (and it gains those another writer told of lately).
    private func take(_ journal: ChangeJournalFormat.Journal?, of id: String, into pass: inout Pass, unsure: inout Set<String>) {
        guard let journal, journal.writer == id else {
            pass.everything = true  // not a journal this reader can follow: look at everything
            return
        }
        if journal.closed { finished.insert(id) }
        guard let newest = journal.entries.last else { return }
        let fresh: ArraySlice<ChangeJournalFormat.Entry>
        if let last = lastSequence[id] {
            if let first = journal.entries.first, first.sequence > last, first.sequence != last &+ 1 {
                pass.everything = true  // batches were dropped before this reader read them
            }
            fresh = journal.entries.drop(while: { $0.sequence <= last })
        } else {
            let start = since.timeIntervalSince1970 - clockMargin
            fresh = journal.entries.drop(while: { $0.time < start })
        }
        lastSequence[id] = newest.sequence
        for entry in fresh {
            if entry.everything {
                pass.everything = true
            } else {
                pass.names.formUnion(entry.names)
                let now = ContinuousClock.now
                for name in entry.names {
                    pass.etags[name] = entry.etags[name]
                    if let teller = lastTeller[name], teller.writer != id { unsure.insert(name) }
                    lastTeller[name] = (id, now)
                    pass.digests[name] = unsure.contains(name) ? nil : entry.digests[name]
                }
            }
        }
    }
}
