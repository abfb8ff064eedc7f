import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The details' rules: limits in characters and bytes, one clear message each")
struct DetailRulesTests {
    /// Each text rule with its limit in characters and what its messages call it.
    static let textRules: [(rule: @Sendable (String) throws -> String?, limit: Int, what: String)] = [
        ({ try ItemRules.purchasedFrom($0) }, 200, "a place of purchase"),
        ({ try ItemRules.modelName($0) }, 100, "a model name"),
        ({ try ItemRules.manufacturer($0) }, 100, "a manufacturer"),
        ({ try ItemRules.warrantyNotes($0) }, 2_000, "warranty notes"),
        ({ try ItemRules.notes($0) }, 10_000, "notes"),
    ]

    @Test("each text detail: trimmed, empty means not set, refused one character past its limit and one byte past 4 bytes a character")
    func textLimits() throws {
        for (rule, limit, what) in Self.textRules {
            #expect(try rule("  \n ") == nil, "\(what)")
            #expect(try rule("  Spork  ") == "Spork", "\(what)")
            let longest = String(repeating: "\u{1F47B}", count: limit)
            #expect(try rule(longest) == longest, "\(what)")
            #expect(throws: HomepwnerError(.invalidValue, "\(what) can have at most \(limit) characters, not \(limit + 1)")) {
                try rule(String(repeating: "x", count: limit + 1))
            }
            let oneCharacter = accented(accents: 4 * limit)
            #expect(oneCharacter.count == 1)
            #expect(throws: HomepwnerError(.invalidValue, "\(what) can have at most \(4 * limit) bytes of UTF-8, not \(4 * limit * 2 + 1)")) {
                try rule(oneCharacter)
            }
            #expect(throws: HomepwnerError(.invalidValue, "\(what) cannot contain control characters (found U+0007)")) { try rule("a\u{7}b") }
            #expect(throws: HomepwnerError(.invalidValue, "\(what) cannot contain control characters (found U+202E)")) { try rule("a\u{202E}b") }
        }
    }

    @Test("notes and warranty notes keep line feeds and tabs, CR LF and CR become LF; the one-line details refuse them")
    func lineBreaks() throws {
        #expect(try ItemRules.notes("one\r\ntwo\rthree\n\tfour") == "one\ntwo\nthree\n\tfour")
        #expect(try ItemRules.warrantyNotes("a\nb") == "a\nb")
        #expect(throws: HomepwnerError(.invalidValue, "a model name cannot contain control characters (found U+000A)")) { try ItemRules.modelName("a\nb") }
        #expect(throws: HomepwnerError(.invalidValue, "a location cannot contain control characters (found U+0009)")) { try ItemRules.location("a\tb") }
    }

    @Test("a location is split at each › and joined by \" › \"; empty levels, too many levels, too many characters or bytes are refused")
    func location() throws {
        #expect(try ItemRules.location(" House›Garage ›  Shelf 2 ") == "House › Garage › Shelf 2")
        #expect(try ItemRules.location("Attic") == "Attic")
        #expect(try ItemRules.location("   ") == nil)
        #expect(throws: HomepwnerError(.invalidValue, "a location cannot have an empty level (levels are separated by \"›\" or \">\")")) { try ItemRules.location("House › › Shelf") }
        #expect(throws: HomepwnerError(.invalidValue, "a location can have at most 10 levels, not 11")) {
            try ItemRules.location(Array(repeating: "a", count: 11).joined(separator: "›"))
        }
        #expect(throws: HomepwnerError(.invalidValue, "a location can have at most 200 characters, not 201")) {
            try ItemRules.location(String(repeating: "x", count: 201))
        }
        #expect(throws: HomepwnerError(.invalidValue, "a location can have at most 800 bytes of UTF-8, not 1001")) {
            try ItemRules.location(accented(accents: 500))
        }
        #expect(throws: HomepwnerError(.invalidValue, "a location can have at most 800 bytes of UTF-8, not 1000001")) {
            try ItemRules.location(accented(accents: 500_000))
        }
    }

    @Test("labels: trimmed, empty ones dropped, repeats by code point dropped (canonically equal ones kept), at most 50 of at most 40 characters and 160 bytes")
    func labels() throws {
        #expect(try ItemRules.labels([" tools ", "", "tools", "e\u{301}clair", "éclair"]) == ["tools", "e\u{301}clair", "éclair"])
        #expect(try ItemRules.labels(["e\u{301}clair", "éclair"])?.map { Array($0.unicodeScalars) } == [Array("e\u{301}clair".unicodeScalars), Array("éclair".unicodeScalars)])
        #expect(try ItemRules.labels([" "]) == nil)
        #expect(try ItemRules.labels([]) == nil)
        let fifty = (0..<50).map { "label \($0)" }
        #expect(try ItemRules.labels(fifty + ["label 3"]) == fifty)
        #expect(throws: HomepwnerError(.invalidValue, "an item can have at most 50 labels")) { try ItemRules.labels(fifty + ["one more"]) }
        #expect(throws: HomepwnerError(.invalidValue, "a label can have at most 40 characters, not 41")) { try ItemRules.labels([String(repeating: "x", count: 41)]) }
        #expect(throws: HomepwnerError(.invalidValue, "a label can have at most 160 bytes of UTF-8, not 161")) { try ItemRules.labels([accented(accents: 80)]) }
        #expect(throws: HomepwnerError(.invalidValue, "a label cannot contain control characters (found U+000A)")) { try ItemRules.labels(["a\nb"]) }
    }

    @Test("quantity is 1 to 1,000,000; price paid 0 to 1,000,000,000 like a value; dates from 1900 to the end of 2199")
    func numbersAndDates() throws {
        #expect(try ItemRules.quantity(1) == 1)
        #expect(try ItemRules.quantity(1_000_000) == 1_000_000)
        #expect(throws: HomepwnerError(.invalidValue, "a quantity must be 1 to 1,000,000, not 0")) { try ItemRules.quantity(0) }
        #expect(throws: HomepwnerError(.invalidValue, "a quantity must be 1 to 1,000,000, not 1000001")) { try ItemRules.quantity(1_000_001) }
        #expect(try ItemRules.pricePaid(0) == 0)
        #expect(try ItemRules.pricePaid(1_000_000_000) == 1_000_000_000)
        #expect(throws: HomepwnerError(.invalidValue, "a price paid must be 0 to 1,000,000,000 whole dollars, not -1")) { try ItemRules.pricePaid(-1) }
        let first = try #require(ISO8601DateFormatter().date(from: "1900-01-01T00:00:00Z"))
        let end = try #require(ISO8601DateFormatter().date(from: "2200-01-01T00:00:00Z"))
        #expect(ItemRules.earliestDate == first)
        #expect(ItemRules.endOfDates == end)
        #expect(try ItemRules.detailDate(first, as: "a purchase date") == first)
        #expect(try ItemRules.detailDate(end.addingTimeInterval(-0.001), as: "a purchase date") == end.addingTimeInterval(-0.001))
        #expect(throws: HomepwnerError(.invalidValue, "a purchase date must be from 1900-01-01 to 2199-12-31, not 2200-01-01T00:00:00.000Z")) {
            try ItemRules.detailDate(end, as: "a purchase date")
        }
        #expect(throws: HomepwnerError(.invalidValue, "a warranty end must be from 1900-01-01 to 2199-12-31, not 1899-12-31T23:59:59.000Z")) {
            try ItemRules.detailDate(first.addingTimeInterval(-1), as: "a warranty end")
        }
        #expect(throws: HomepwnerError(.invalidValue, "a warranty end must be from 1900-01-01 to 2199-12-31, not nan seconds from 2001-01-01")) {
            try ItemRules.detailDate(Date(timeIntervalSinceReferenceDate: .nan), as: "a warranty end")
        }
    }

    @Test("stored details breaking a rule are problems of the item, each naming its field")
    func problems() {
        var item = fixedItem(1)
        item.quantity = 0
        item.notes = accented(accents: 50_000)
        item.labels = Array(repeating: "x", count: 2) + (0..<60).map(String.init)
        item.warrantyEnds = Date(timeIntervalSinceReferenceDate: 1e300)
        #expect(ItemRules.problems(of: item).map(\.field) == [.labels, .quantity, .warrantyEnds, .notes])
        #expect(ItemRules.problems(of: item).map(\.message) == [
            "an item can have at most 50 labels",
            "a quantity must be 1 to 1,000,000, not 0",
            "a warranty end must be from 1900-01-01 to 2199-12-31, not 1e+300 seconds from 2001-01-01",
            "notes can have at most 40000 bytes of UTF-8, not 100001",
        ])
    }
}
