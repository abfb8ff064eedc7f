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
    /// How many GET requests the passes made.
    public private(set) var requestCount = 0

    /// A follower of `prefix` that skips `ownWriter`'s journal.
    public init(client: S3Client, prefix: String, ownWriter: String?, since: Date = Date(), clockMargin: TimeInterval = 5) {
        self.client = client
        self.prefix = prefix
        self.ownWriter = ownWriter
        self.since = since
        self.clockMargin = clockMargin
    }

    /// Reads the roster and the changed journals of the writers active now.
    ///
    /// - Throws: ``S3Error`` when the roster cannot be read (nothing was learnt).
    public func pass() async throws -> Pass {
        try await readRoster()
        var pass = Pass()
        let now = Date().timeIntervalSince1970
        let active = roster.writers.filter { $0.key != ownWriter && !finished.contains($0.key) && $0.value + clockMargin >= now }
        for id in active.keys.sorted() {
            requestCount += 1
            do {
                switch try await client.get(prefix + ChangeJournalFormat.journalName(of: id), ifNoneMatch: journalETags[id], maxBytes: ChangeJournalFormat.maxObjectBytes) {
                case .notModified:
                    continue
                case .object(let object):
                    journalETags[id] = object.etag
                    take(ChangeJournalFormat.journal(from: object.body), of: id, into: &pass)
                }
            } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
                continue  // entered, not written yet
            } catch let error as S3Error where error.code == .tooLarge {
                journalETags[id] = nil
                pass.everything = true
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                pass.complete = false
            }
        }
        return pass
    }

    /// Reads the roster unless it is unchanged; a missing roster has no writers. Writers no
    /// longer in it are forgotten (their last batch numbers are kept, at most 10,000 of them).
    private func readRoster() async throws {
        requestCount += 1
        do {
            switch try await client.get(prefix + ChangeJournalFormat.rosterName, ifNoneMatch: rosterETag, maxBytes: ChangeJournalFormat.maxObjectBytes) {
            case .notModified:
                return
            case .object(let object):
                roster = ChangeJournalFormat.roster(from: object.body)
                rosterETag = object.etag
            }
        } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
            roster = ChangeJournalFormat.Roster()
            rosterETag = nil
        } catch let error as S3Error where error.code == .tooLarge {
            roster = ChangeJournalFormat.Roster()
            rosterETag = nil
        }
        journalETags = journalETags.filter { roster.writers[$0.key] != nil }
        finished = finished.filter { roster.writers[$0] != nil }
        if lastSequence.count > 10_000 { lastSequence = lastSequence.filter { roster.writers[$0.key] != nil } }
    }

    /// Adds what `journal` holds that this reader has not taken yet.
    private func take(_ journal: ChangeJournalFormat.Journal?, of id: String, into pass: inout Pass) {
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
                for name in entry.names { pass.etags[name] = entry.etags[name] }
            }
        }
    }
}
