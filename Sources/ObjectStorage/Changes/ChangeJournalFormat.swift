import Foundation

/// The two kinds of object a prefix's change journals are made of, under `PREFIX.changes/`:
/// each writer's journal (``ChangeJournalFormat/Journal``, at `.changes/WRITER`) and the roster
/// of writers (``ChangeJournalFormat/Roster``, at `.changes/roster`). Both are small JSON
/// objects; reading either is total: anything that is not what this type writes reads as
/// nothing (a roster with no writers, a journal that asks for a full look).
public enum ChangeJournalFormat {
    /// The folder of journals under the prefix.
    public static let folder = ".changes/"
    /// The roster's name under the prefix.
    public static let rosterName = folder + "roster"
    /// The format named in every object, so another version of the format is never misread.
    static let formatName = "change-journal/1"
    /// The most bytes a journal or the roster may have when read.
    public static let maxObjectBytes = 1 << 20

    /// The name of writer `id`'s journal under the prefix.
    public static func journalName(of id: String) -> String { folder + id }

    /// Whether `id` can be a writer's id: 1–64 lower-case hex digits (what ``ChangeJournal``
    /// makes), so an id read from a roster can never name another object.
    public static func isWriterID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// One batch of changes a writer made: the names (relative to the prefix) it wrote or
    /// deleted, or, when there were too many to list, a request to look at everything.
    public struct Entry: Sendable, Hashable {
        /// The batch's number: one more than the batch before, per writer.
        public var sequence: Int
        /// When the writer wrote it, by the writer's clock (seconds since 1970).
        public var time: Double
        /// The names changed (empty when ``everything`` is set).
        public var names: [String]
        /// The ETag each of those names had once the writer wrote it, where the writer knows it
        /// (not for a delete, nor a write whose answer was lost): a reader's full listing that
        /// finds the same ETag need not read that object again.
        public var etags: [String: String]
        /// The digest of the bytes each of those names was written with (``Hex/FNV1a``, 16 hex
        /// digits), for small objects the writer wrote whole and saw land (at most
        /// ``ChangeJournal/digestMaxBytes``): a reader that needs only that digest (a creature's
        /// version) need not read the object.
        public var digests: [String: String]
        /// Too many names to list: readers look at the whole prefix.
        public var everything: Bool

        /// A batch.
        public init(
            sequence: Int, time: Double, names: [String], etags: [String: String] = [:], digests: [String: String] = [:], everything: Bool = false
        ) {
            self.sequence = sequence
            self.time = time
            self.names = names
            self.etags = etags
            self.digests = digests
            self.everything = everything
        }
    }

    /// A writer's journal: its latest batches, oldest first.
    public struct Journal: Sendable, Hashable {
        /// The writer's id.
        public var writer: String
        /// The latest batches, in increasing ``Entry/sequence``, without gaps.
        public var entries: [Entry]
        /// Whether the writer has finished (a command that ended, a server that stopped): readers
        /// that have read it need not look again.
        public var closed: Bool

        /// A journal.
        public init(writer: String, entries: [Entry], closed: Bool = false) {
            self.writer = writer
            self.entries = entries
            self.closed = closed
        }
    }

    /// The writers that wrote lately, each with the time until which readers should look at its
    /// journal (seconds since 1970, by the writer's clock).
    public struct Roster: Sendable, Hashable {
        /// Writer id → until when its journal is worth reading.
        public var writers: [String: Double]

        /// A roster.
        public init(writers: [String: Double] = [:]) {
            self.writers = writers
        }
    }

    // MARK: - Stored form

    /// How a journal is stored.
    private struct StoredJournal: Codable {
        var format: String
        var writer: String
        var closed: Bool?
        var entries: [StoredEntry]
    }

    /// How an entry is stored.
    private struct StoredEntry: Codable {
        var seq: Int
        var at: Double
        var names: [String]?
        var etags: [String: String]?
        var digests: [String: String]?
        var everything: Bool?
    }

    /// How the roster is stored.
    private struct StoredRoster: Codable {
        var format: String
        var writers: [String: Double]
    }

    /// The journal as stored.
    public static func encode(_ journal: Journal) -> Data {
        let entries = journal.entries.map { StoredEntry(
                seq: $0.sequence, at: $0.time, names: $0.everything ? nil : $0.names, etags: $0.everything || $0.etags.isEmpty ? nil : $0.etags,
                digests: $0.everything || $0.digests.isEmpty ? nil : $0.digests, everything: $0.everything ? true : nil
            ) }
        return json(StoredJournal(format: formatName, writer: journal.writer, closed: journal.closed, entries: entries))
    }

    /// The roster as stored.
    public static func encode(_ roster: Roster) -> Data {
        json(StoredRoster(format: formatName, writers: roster.writers))
    }

    /// `value` as JSON, keys sorted (the same content always makes the same bytes).
    private static func json(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data()
    }

    /// The journal in `data`, or nil when it is not a journal of this format, or its entries do
    /// not follow one another (a reader then looks at everything).
    public static func journal(from data: Data) -> Journal? {
        guard data.count <= maxObjectBytes, let stored = try? JSONDecoder().decode(StoredJournal.self, from: data),
              stored.format == formatName, isWriterID(stored.writer) else { return nil }
        var entries: [Entry] = []
        for item in stored.entries {
            if let last = entries.last {
                let (next, overflow) = last.sequence.addingReportingOverflow(1)
                if overflow || item.seq != next { return nil }
            }
            guard item.at.isFinite else { return nil }
            let everything = item.everything == true
            let names = everything ? [] : item.names ?? []
            // Only ETags of names the entry lists, and only as long as an ETag can be; only
            // digests of listed names that are what a digest is.
            let listed = Set(names.map { Array($0.utf8) })
            let etags = (item.etags ?? [:]).filter { listed.contains(Array($0.key.utf8)) && $0.value.utf8.count <= 1024 }
            let digests = (item.digests ?? [:]).filter { listed.contains(Array($0.key.utf8)) && isDigest($0.value) }
            entries.append(Entry(
                sequence: item.seq, time: item.at, names: names, etags: everything ? [:] : etags, digests: everything ? [:] : digests, everything: everything
            ))
        }
        return Journal(writer: stored.writer, entries: entries, closed: stored.closed == true)
    }

    /// Whether `text` can be a digest: exactly 16 lower-case hex digits.
    public static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 16 && isWriterID(text)
    }

    /// The roster in `data`; what is not a roster of this format reads as one with no writers.
    /// Entries whose id is not a writer's are left out.
    public static func roster(from data: Data) -> Roster {
        guard data.count <= maxObjectBytes, let stored = try? JSONDecoder().decode(StoredRoster.self, from: data),
              stored.format == formatName else { return Roster() }
        return Roster(writers: stored.writers.filter { isWriterID($0.key) && $0.value.isFinite })
    }
}
