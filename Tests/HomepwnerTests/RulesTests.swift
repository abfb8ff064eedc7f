import Foundation
@testable import Homepwner
import Testing

@Suite("Item rules: name 1–200 characters, value 0…1,000,000,000 dollars, serial ≤ 64 printable characters")
struct RulesTests {
    @Test("a name is trimmed and kept; empty, over 200 characters or with control characters is refused with the rule it breaks")
    func names() throws {
        #expect(try ItemRules.name("  Mac Mini \n") == "Mac Mini")
        #expect(try ItemRules.name(String(repeating: "é", count: 200)) == String(repeating: "é", count: 200))
        let empty = #expect(throws: HomepwnerError.self) { try ItemRules.name(" \t ") }
        #expect(empty?.code == .invalidName)
        #expect(empty?.message == "a name cannot be empty")
        let long = #expect(throws: HomepwnerError.self) { try ItemRules.name(String(repeating: "x", count: 201)) }
        #expect(long?.message == "a name can have at most 200 characters, not 201")
        let control = #expect(throws: HomepwnerError.self) { try ItemRules.name("bad\u{1B}[2Jname") }
        #expect(control?.message == "a name cannot contain control characters (found U+001B)")
        let bidi = #expect(throws: HomepwnerError.self) { try ItemRules.name("abc\u{202E}def") }
        #expect(bidi?.message == "a name cannot contain control characters (found U+202E)")
    }

    @Test("a value is 0 to 1,000,000,000 whole dollars; typed text may have $ and commas, nothing else")
    func values() throws {
        #expect(try ItemRules.value(0) == 0)
        #expect(try ItemRules.value(1_000_000_000) == 1_000_000_000)
        #expect(throws: HomepwnerError(.invalidValue, "a value must be 0 to 1,000,000,000 whole dollars, not -1")) { try ItemRules.value(-1) }
        #expect(throws: HomepwnerError(.invalidValue, "a value must be 0 to 1,000,000,000 whole dollars, not 1000000001")) { try ItemRules.value(1_000_000_001) }
        #expect(try ItemRules.value(parsing: "$1,200") == 1200)
        #expect(try ItemRules.value(parsing: " 42 ") == 42)
        for text in ["12.50", "-3", "1e3", "", "$", "٣", "99999999999999999999"] {
            let error = #expect(throws: HomepwnerError.self) { try ItemRules.value(parsing: text) }
            #expect(error?.code == .invalidValue, "\(text)")
        }
    }

    @Test("a serial number may be empty, has at most 64 characters, and only characters that print")
    func serialNumbers() throws {
        #expect(try ItemRules.serialNumber("") == "")
        #expect(try ItemRules.serialNumber(" SN-42/ä ") == "SN-42/ä")
        #expect(try ItemRules.serialNumber(String(repeating: "9", count: 64)).count == 64)
        #expect(throws: HomepwnerError(.invalidSerialNumber, "a serial number can have at most 64 characters, not 65")) {
            try ItemRules.serialNumber(String(repeating: "9", count: 65))
        }
        #expect(throws: HomepwnerError(.invalidSerialNumber, "a serial number can only have printable characters (found U+200B)")) {
            try ItemRules.serialNumber("12\u{200B}34")
        }
        #expect(throws: HomepwnerError(.invalidSerialNumber, "a serial number can only have printable characters (found U+0007)")) {
            try ItemRules.serialNumber("12\u{7}34")
        }
    }

    @Test("only a UUID string may name a photo file, so a hostile key cannot reach outside the folder")
    func keys() {
        #expect(ItemRules.isValidKey("0E8A6F52-1C3B-4D5E-8F90-000000000001"))
        #expect(ItemRules.isValidKey("0e8a6f52-1c3b-4d5e-8f90-000000000001"))
        for key in ["", "../items.archive", "0E8A6F52-1C3B-4D5E-8F90-00000000000", "0E8A6F52-1C3B-4D5E-8F90-0000000000012", "/etc/passwd", "0E8A6F52/1C3B-4D5E-8F90-000000000001"] {
            #expect(!ItemRules.isValidKey(key), "\(key)")
        }
    }

    @Test("values read from disk outside the rules are problems to report, not traps")
    func problemsOfDecodedValues() {
        var item = fixedItem(1)
        #expect(ItemRules.problems(of: item).isEmpty)
        item.itemName = ""
        item.valueInDollars = Int.min
        item.serialNumber = String(repeating: "s", count: 65)
        item.itemKey = "../../x"
        item.dateCreated = Date(timeIntervalSinceReferenceDate: .nan)
        #expect(ItemRules.problems(of: item).map(\.message) == [
            "the name is empty",
            "the value -9223372036854775808 is not 0 to 1,000,000,000 dollars",
            "the serial number has 65 characters, more than 64",
            "the item key is not a UUID, so the item cannot have a photo",
            "the date created is not a finite date",
        ])
        item = fixedItem(2, name: String(repeating: "n", count: 201) + "\u{0}")
        #expect(ItemRules.problems(of: item).map(\.field) == [.name, .name])
    }
}
