import Foundation
import KeyedArchive
import ScaryCreatures
import Testing

@Suite("The creature model against Foundation's archives")
struct ModelTests {
    @Test("Data.plist written by Foundation as the 2018 app did opens, Rating as NSNumber or inline float", arguments: [false, true])
    func reads2018(inlineRating: Bool) throws {
        let bytes = try foundationArchive(FoundationCreature(title: "Lil' Terror", rating: 4.5, inlineRating: inlineRating), className: "ScaryCreatures.ScaryCreatureData")
        let data = try CreatureLayout.decode(bytes)
        #expect(data.title == "Lil' Terror")
        #expect(data.rating == 4.5)
    }

    @Test("data.plist written by Foundation as the 2010 app did (ScaryBugData under Data) opens")
    func reads2010() throws {
        let bytes = try foundationArchive(FoundationCreature(title: "Potato Bug", rating: 3, inlineRating: true), className: "ScaryBugData", topKey: "Data")
        let data = try CreatureLayout.decode(bytes)
        #expect(data.title == "Potato Bug" && data.rating == 3 && data.otherFields == ArchivedFields())
        #expect(data.modelVersion == 1)
    }

    @Test("our 2018 Data.plist opens in Foundation's NSKeyedUnarchiver as the 2018 app's class")
    func foundationReadsOurs() throws {
        let bytes = try CreatureLayout.scaryCreatures.encode(ScaryCreatureData(title: "Mad Bug", rating: 2.5))
        let creature = try #require(try foundationUnarchive(bytes, className: "ScaryCreatures.ScaryCreatureData"))
        #expect(creature.title == "Mad Bug")
        #expect(creature.rating == 2.5)
    }

    @Test("our 2010 data.plist opens in Foundation as ScaryBugData under the top key Data")
    func foundationReadsOur2010() throws {
        let bytes = try CreatureLayout.scaryBugs.encode(ScaryCreatureData(title: "Old Bug", rating: 1.5))
        let creature = try #require(try foundationUnarchiveBug(bytes))
        #expect(creature.title == "Old Bug")
        #expect(creature.rating == 1.5)
    }

    @Test("keys we do not know survive a rewrite")
    func unknownKeysKept() throws {
        let bytes = try foundationArchive(
            FoundationCreature(title: "Spider", rating: 2, extras: ["Nickname": "Webby" as NSString, "Legs": NSNumber(value: 8), "Seen": Date(timeIntervalSinceReferenceDate: 1000) as NSDate]),
            className: "ScaryCreatures.ScaryCreatureData"
        )
        var data = try CreatureLayout.decode(bytes)
        #expect(try data.otherFields.value(forKey: "Nickname") == .string("Webby"))
        data.title = "Big Spider"
        let rewritten = try CreatureLayout.scaryCreatures.encode(data)
        let again = try CreatureLayout.decode(rewritten)
        #expect(again.title == "Big Spider")
        #expect(try again.otherFields.value(forKey: "Nickname") == .string("Webby"))
        #expect(try again.otherFields.value(forKey: "Legs") == .integer(8))
        #expect(try again.otherFields.value(forKey: "Seen") == .date(Date(timeIntervalSinceReferenceDate: 1000)))
        // And the app's own unarchiver still reads it.
        #expect(try foundationUnarchive(rewritten, className: "ScaryCreatures.ScaryCreatureData")?.title == "Big Spider")
    }

    @Test("our writes carry the current Version (2) and the 2018 class chain")
    func versionAndClass() throws {
        let bytes = try CreatureLayout.scaryCreatures.encode(ScaryCreatureData(title: "x", rating: 0))
        let unarchiver = try KeyedUnarchiver(data: bytes)
        guard case .uid(let root) = unarchiver.top["root"] else {
            Issue.record("no root")
            return
        }
        #expect(try unarchiver.classChain(of: root) == ["ScaryCreatures.ScaryCreatureData", "NSObject"])
        #expect(try unarchiver.field("Version", of: root) == .integer(2))
    }

    @Test("another app's class is refused as foreign")
    func foreignClass() throws {
        let bytes = try foundationArchive(FoundationCreature(title: "x", rating: 1), className: "BNRItem")
        let error = try #require(throws: ArchiveError.self) { try CreatureLayout.decode(bytes) }
        #expect(error.code == .classMismatch)
    }
}

@Suite("Rules for titles and ratings")
struct RulesTests {
    @Test("titles are trimmed and must be 1–200 characters without control characters")
    func titles() throws {
        #expect(try CreatureRules.title("  Weird Bug \n") == "Weird Bug")
        #expect(try CreatureRules.title(String(repeating: "é", count: 200)).count == 200)
        for bad in ["", "   ", String(repeating: "x", count: 201), "bell\u{7}", "new\nline", "tab\there"] {
            let error = #expect(throws: ScaryCreaturesError.self) { try CreatureRules.title(bad) }
            #expect(error?.code == .invalidTitle, "\(bad.debugDescription)")
        }
    }

    @Test("ratings are 0 to 5 in steps of 0.5, never clamped", arguments: [0.0, 0.5, 2.5, 5.0])
    func goodRatings(rating: Double) throws {
        #expect(try CreatureRules.rating(rating) == Float(rating))
    }

    @Test("other ratings are errors", arguments: [-0.5, 5.5, 2.3, 4.75, Double.nan, Double.infinity])
    func badRatings(rating: Double) {
        let error = #expect(throws: ScaryCreaturesError.self) { try CreatureRules.rating(rating) }
        #expect(error?.code == .invalidRating)
    }

    @Test("typed ratings parse, and words do not")
    func typedRatings() throws {
        #expect(try CreatureRules.rating(parsing: "3.5") == 3.5)
        #expect(throws: ScaryCreaturesError.self) { try CreatureRules.rating(parsing: "three") }
    }
}
