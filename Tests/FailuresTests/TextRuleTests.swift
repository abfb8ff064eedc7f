import Failures
import Testing

@Suite("TextRule: the one rule for text a person types")
struct TextRuleTests {
    private enum Code: FailureCode { case invalid }

    /// Cc alone, as Scary Creatures counts control characters.
    private let rule = TextRule("a name", maxLength: 5, isControl: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })

    private func refusal(_ body: () throws -> Any?) -> String? {
        do {
            _ = try body()
            return nil
        } catch let failure as CodedFailure<Code> {
            #expect(failure.code == .invalid)
            return failure.message
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test("text is trimmed; empty is nil, or refused where it is required")
    func trimming() throws {
        #expect(try rule.check("  ab \n", code: Code.invalid) == "ab")
        #expect(try rule.check(" \t\n ", code: Code.invalid) == nil)
        #expect(refusal { try rule.require("  ", code: Code.invalid) } == "a name cannot be empty")
    }

    @Test("bytes are bounded before characters (4 a character), then characters, then control characters")
    func limits() {
        #expect(rule.maxBytes == 20)
        #expect(refusal { try rule.check("abcdef", code: Code.invalid) } == "a name can have at most 5 characters, not 6")
        #expect(refusal { try rule.check("a" + String(repeating: "\u{301}", count: 20), code: Code.invalid) } == "a name can have at most 20 bytes of UTF-8, not 41")
        #expect(refusal { try rule.check("a\u{7}b", code: Code.invalid) } == "a name cannot contain control characters (found U+0007)")
        #expect(refusal { try rule.check("a\nb", code: Code.invalid) } == "a name cannot contain control characters (found U+000A)")
    }

    @Test("with line breaks: LF and tab are kept, CR LF and CR become LF")
    func lineBreaks() throws {
        var notes = rule
        notes.lineBreaks = true
        #expect(try notes.check("a\r\nb\rc", code: Code.invalid) == "a\nb\nc")
        #expect(try notes.check("a\tb", code: Code.invalid) == "a\tb")
        #expect(refusal { try notes.check("a\u{0}", code: Code.invalid) } == "a name cannot contain control characters (found U+0000)")
    }

    @Test("what is wrong with a stored text, in phrases naming it; nothing for a good one")
    func problems() {
        #expect(rule.problems(of: "ab", named: "the name") == [])
        #expect(rule.problems(of: " \u{3000}", named: "the name") == ["the name is empty"])
        #expect(rule.problems(of: String(repeating: "é", count: 11), named: "the name") == ["the name has 22 bytes of UTF-8, more than 20"])
        #expect(rule.problems(of: "abcdef\u{1}", named: "the name") == ["the name has 7 characters, more than 5", "the name contains control characters"])
    }
}
