import Foundation
import ScaryCreatures
import Testing
import TestSupport

/// "a" with 500,000 combining acute accents: one character, 1,000,001 bytes of UTF-8.
let accentedTitle = "a" + String(repeating: "\u{301}", count: 500_000)

@Suite("Titles are limited in bytes as well as in characters", .timeLimit(.minutes(4)))
struct TitleByteLimitTests {
    @Test("a title is refused past 800 bytes of UTF-8 even when it is one character")
    func rule() throws {
        #expect(accentedTitle.count == 1)
        let error = #expect(throws: ScaryCreaturesError.self) { try CreatureRules.title(accentedTitle) }
        #expect(error?.code == .invalidTitle)
        #expect(error?.message == "a title can have at most 800 bytes of UTF-8, not 1000001")
        // 200 characters of 4 bytes each are exactly the limit; one byte more is not.
        let emoji = String(repeating: "\u{1F47B}", count: 200)
        #expect(try CreatureRules.title(emoji) == emoji)
        let over = #expect(throws: ScaryCreaturesError.self) { try CreatureRules.title(String(repeating: "e\u{301}", count: 267)) }
        #expect(over?.message == "a title can have at most 800 bytes of UTF-8, not 801")
    }

    @Test("a stored title past the byte limit is a problem, not a failure to load")
    func problem() {
        #expect(CreatureRules.problems(title: accentedTitle, rating: 2).map(\.message) == [
            "the title has 1000001 bytes of UTF-8, more than 800",
        ])
        #expect(CreatureRules.problems(title: String(repeating: "\u{1F47B}", count: 200), rating: 2).isEmpty)
    }

    @Test("add and rename refuse such a title with the reason on stderr")
    func commandLine() async throws {
        try await withTemporaryFolder { folder in
            let title = String(repeating: "e\u{301}", count: 300)
            let add = try await runCLI(["add", title], dataDir: folder)
            #expect(add.status == 65)
            #expect(add.errors == "scary-creatures: error: a title can have at most 800 bytes of UTF-8, not 900\n")
            #expect(try await runCLI(["add", "Fine"], dataDir: folder).output == "1\n")
            let rename = try await runCLI(["rename", "1", title], dataDir: folder)
            #expect(rename.status == 65)
            #expect(rename.errors == "scary-creatures: error: a title can have at most 800 bytes of UTF-8, not 900\n")
            #expect(try await runCLI(["list"], dataDir: folder).output == "    1  ☆☆☆☆☆  Fine\n")
        }
    }

    @Test("an import skips a creature whose title is past the byte limit, with the reason")
    func importSkips() async throws {
        try await withTemporaryFolder { folder in
            let zip = folder.appendingPathComponent("long.zip")
            try writeZip([
                ("1.scarycreature/Data.plist", try CreatureLayout.scaryCreatures.encode(ScaryCreatureData(title: "Short", rating: 1)), false),
                ("2.scarycreature/Data.plist", try CreatureLayout.scaryCreatures.encode(ScaryCreatureData(title: accentedTitle, rating: 1)), false),
            ], to: zip)
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let summary = try await database.importCreatures(from: zip)
            #expect(summary.imported.map(\.title) == ["Short"])
            #expect(summary.skipped.map(\.source) == ["2.scarycreature"])
            #expect(summary.skipped.map(\.reason) == ["a title can have at most 800 bytes of UTF-8, not 1000001"])
        }
    }

    @Test("a creature written elsewhere with such a title still lists, and check reports it")
    func storedTitle() async throws {
        try await withTemporaryFolder { folder in
            try StoredCreature(title: accentedTitle, rating: 2).write(as: 1, in: folder)
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let (creatures, unreadable) = try await database.list()
            #expect(unreadable.isEmpty)
            #expect(creatures.map(\.title.utf8.count) == [1_000_001])
            #expect(creatures.first?.problems.map(\.message) == ["the title has 1000001 bytes of UTF-8, more than 800"])
            let check = try await runCLI(["check"], dataDir: folder)
            #expect(check.status == 1)
            #expect(check.output.contains("creature 1: the title has 1000001 bytes of UTF-8, more than 800; fix with: scary-creatures rename 1 TITLE"), "\(check.output.prefix(500))")
        }
    }
}
