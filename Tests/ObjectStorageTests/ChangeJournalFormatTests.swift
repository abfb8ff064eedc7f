import Foundation
import Testing
@testable import ObjectStorage

@Suite("Change journals as stored: what is written reads back; anything else reads as nothing")
struct ChangeJournalFormatTests {
    private let writer = "0123456789abcdef0123456789abcdef"

    @Test("a journal and a roster read back as written, names byte for byte (é composed and decomposed stay two names)")
    func roundTrip() throws {
        let journal = ChangeJournalFormat.Journal(writer: writer, entries: [
            .init(sequence: 7, time: 1_764_350_000.125, names: ["1.scarycreature/Data.plist", "caf\u{E9}", "cafe\u{301}"], etags: ["caf\u{E9}": "\"e1\""]),
            .init(sequence: 8, time: 1_764_350_001.5, names: [], everything: true),
        ], closed: true)
        let read = try #require(ChangeJournalFormat.journal(from: ChangeJournalFormat.encode(journal)))
        #expect(read.writer == writer && read.closed)
        #expect(read.entries.map(\.sequence) == [7, 8])
        #expect(read.entries[0].time.bitPattern == 1_764_350_000.125.bitPattern)
        #expect(read.entries[0].names.map { Array($0.unicodeScalars) } == journal.entries[0].names.map { Array($0.unicodeScalars) })
        #expect(read.entries[0].etags == ["caf\u{E9}": "\"e1\""])
        #expect(read.entries[1].everything && read.entries[1].names.isEmpty)
        let roster = ChangeJournalFormat.Roster(writers: [writer: 1_764_350_600.25, "ab": 5])
        #expect(ChangeJournalFormat.roster(from: ChangeJournalFormat.encode(roster)) == roster)
    }

    @Test("what is not a journal of this format is nil: garbage, another format, a writer id that could name another object, numbers that skip, a number past 2^63, a name that is not text")
    func foreignJournals() {
        let bad: [String] = [
            "",
            "not json",
            "[]",
            #"{"format":"change-journal/2","writer":"ab","entries":[]}"#,
            #"{"format":"change-journal/1","writer":"../roster","entries":[]}"#,
            #"{"format":"change-journal/1","writer":"AB","entries":[]}"#,
            #"{"format":"change-journal/1","writer":"ab","entries":[{"seq":1,"at":0,"names":[]},{"seq":3,"at":0,"names":[]}]}"#,
            #"{"format":"change-journal/1","writer":"ab","entries":[{"seq":9223372036854775807,"at":0,"names":[]},{"seq":-9223372036854775808,"at":0,"names":[]}]}"#,
            #"{"format":"change-journal/1","writer":"ab","entries":[{"seq":99999999999999999999999,"at":0,"names":[]}]}"#,
            #"{"format":"change-journal/1","writer":"ab","entries":[{"seq":1,"at":0,"names":[1]}]}"#,
            #"{"format":"change-journal/1","writer":"ab","entries":[{"seq":1,"at":"now","names":[]}]}"#,
        ]
        for text in bad {
            #expect(ChangeJournalFormat.journal(from: Data(text.utf8)) == nil, "\(text)")
        }
        #expect(ChangeJournalFormat.journal(from: Data(repeating: 0x20, count: ChangeJournalFormat.maxObjectBytes + 1)) == nil)
    }

    @Test("a roster that is not one reads as no writers; entries whose id is not a writer's or whose time is not a number are left out")
    func foreignRosters() {
        #expect(ChangeJournalFormat.roster(from: Data("{}".utf8)).writers.isEmpty)
        #expect(ChangeJournalFormat.roster(from: Data(#"{"format":"change-journal/9","writers":{"ab":1}}"#.utf8)).writers.isEmpty)
        #expect(ChangeJournalFormat.roster(from: Data(#"{"format":"change-journal/1","writers":{"ab":"x"}}"#.utf8)).writers.isEmpty)
        let mixed = Data(#"{"format":"change-journal/1","writers":{"ab":1.5,"../x":2,"roster":3,"":4}}"#.utf8)
        #expect(ChangeJournalFormat.roster(from: mixed).writers == ["ab": 1.5])
    }

    @Test("an entry's ETags are kept only for the names it lists")
    func etagsOfListedNames() throws {
        let text = #"{"format":"change-journal/1","writer":"ab","entries":[{"seq":1,"at":0,"names":["a"],"etags":{"a":"\"1\"","b":"\"2\""}}]}"#
        let journal = try #require(ChangeJournalFormat.journal(from: Data(text.utf8)))
        #expect(journal.entries[0].etags == ["a": "\"1\""])
    }

    @Test("an entry's digests are kept only for the names it lists and only when they are 16 lower-case hex digits; they read back as written")
    func digestsOfListedNames() throws {
        let text = #"{"format":"change-journal/1","writer":"ab","entries":[{"seq":1,"at":0,"names":["a","b","c","d"],"digests":{"a":"0123456789abcdef","b":"0123456789ABCDEF","c":"12","e":"0123456789abcdef"}}]}"#
        let journal = try #require(ChangeJournalFormat.journal(from: Data(text.utf8)))
        #expect(journal.entries[0].digests == ["a": "0123456789abcdef"])
        let written = ChangeJournalFormat.Journal(writer: "ab", entries: [ChangeJournalFormat.Entry(sequence: 1, time: 2, names: ["x"], etags: ["x": "\"e\""], digests: ["x": "00000000000000ff"])])
        #expect(ChangeJournalFormat.journal(from: ChangeJournalFormat.encode(written)) == written)
    }
}
