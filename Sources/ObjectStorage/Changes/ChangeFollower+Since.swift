import Foundation

extension ChangeFollower {
    /// A one-off look at every writer's journal for what was changed since `since` (by the
    /// writers' clocks, less `clockMargin`): how a starting server brings a listing summary
    /// written earlier up to date without listing the prefix.
    ///
    /// The answer is ``Pass/everything`` (look at the whole prefix) whenever the journals cannot
    /// prove they hold every change since then: a journal unreadable or foreign, one whose
    /// oldest kept batch is newer than `since` while batches before it were dropped, a batch too
    /// large to list, or `since` so long ago that a writer idle since may have been dropped from
    /// the roster with its journal (``ChangeJournal/Settings/forgetAfter`` after its time ran
    /// out). Writes by programs that keep no journal are never in it: only a listing finds them.
    ///
    /// - Parameter retention: how long a writer that wrote stays in the roster at least (its
    ///   half renewal of ``ChangeJournal/Settings/activeFor`` and then `forgetAfter`: 900 s by
    ///   default).
    /// - Throws: ``S3Error`` when the roster or a journal cannot be read.
    public static func changes(
        client: S3Client, prefix: String, since: Date, clockMargin: TimeInterval = 5, retention: TimeInterval = 900, now: Date = Date()
    ) async throws -> Pass {
        var pass = Pass()
        let start = since.timeIntervalSince1970 - clockMargin
        guard now.timeIntervalSince1970 - start < retention else {
            pass.everything = true
            return pass
        }
        let roster: ChangeJournalFormat.Roster
        do {
            guard case .object(let object) = try await client.get(prefix + ChangeJournalFormat.rosterName, maxBytes: ChangeJournalFormat.maxObjectBytes) else {
                return pass
            }
            roster = ChangeJournalFormat.roster(from: object.body)
        } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
            return pass  // no writer ever kept a journal here
        } catch let error as S3Error where error.code == .tooLarge {
            pass.everything = true
            return pass
        }
        for id in roster.writers.keys.sorted() {
            let journal: ChangeJournalFormat.Journal?
            do {
                guard case .object(let object) = try await client.get(prefix + ChangeJournalFormat.journalName(of: id), maxBytes: ChangeJournalFormat.maxObjectBytes) else {
                    continue
                }
                journal = ChangeJournalFormat.journal(from: object.body)
            } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
                continue  // entered, never written: it changed nothing
            } catch let error as S3Error where error.code == .tooLarge {
                pass.everything = true
                return pass
            }
            guard let journal, journal.writer == id else {
                pass.everything = true
                return pass
            }
            if let first = journal.entries.first, first.sequence > 1, first.time >= start {
                pass.everything = true  // batches since `since` may have been dropped
                return pass
            }
            for entry in journal.entries where entry.time >= start {
                if entry.everything {
                    pass.everything = true
                    return pass
                }
                pass.names.formUnion(entry.names)
                for name in entry.names { pass.etags[name] = entry.etags[name] }
            }
        }
        return pass
    }
}
