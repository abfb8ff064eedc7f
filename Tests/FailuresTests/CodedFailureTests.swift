import Failures
import Testing

/// Codes of a failure that carry nothing besides the message.
private enum PlainCode: String, FailureCode {
    case broken, lost
}

/// Codes of a failure that keep where it is.
private enum LineCode: String, FailureCode {
    typealias Details = Place
    case unreadable
}

/// Where a failure of ``LineCode`` is.
private struct Place: Sendable {
    var line: Int?
    var column: Int?
}

/// An error a failure can be caused by.
private struct Underlying: Error, Sendable, Equatable {
    var number: Int
}

@Suite("CodedFailure: a code, a message, typed details and the cause, equal by code and message")
struct CodedFailureTests {
    @Test("a failure keeps its code, message and cause, and prints as its message")
    func keepsItsParts() throws {
        let failure = CodedFailure<PlainCode>(.broken, "the lid is broken", cause: Underlying(number: 7))
        #expect(failure.code == .broken)
        #expect(failure.message == "the lid is broken")
        #expect(failure.description == "the lid is broken")
        #expect(try #require(failure.cause as? Underlying) == Underlying(number: 7))
        #expect(failure.details == nil)
    }

    @Test("codes with details keep them typed, their fields read as the failure's own; codes without have none")
    func keepsTypedDetails() {
        let failure = CodedFailure<LineCode>(.unreadable, "line 12 cannot be read", details: Place(line: 12))
        #expect(failure.details?.line == 12)
        #expect(failure.line == 12)
        #expect(failure.column == nil)
        #expect(failure.cause == nil)
        let bare = CodedFailure<LineCode>(.unreadable, "no line")
        #expect(bare.details == nil)
        #expect(bare.line == nil)
    }

    @Test("failures are equal and hash alike when their codes and messages are, whatever their details and causes")
    func equality() {
        let one = CodedFailure<LineCode>(.unreadable, "bad", details: Place(line: 1), cause: Underlying(number: 1))
        let other = CodedFailure<LineCode>(.unreadable, "bad", details: Place(line: 2))
        #expect(one == other)
        #expect(Set([one, other]).count == 1)
        #expect(CodedFailure<PlainCode>(.broken, "bad") != CodedFailure<PlainCode>(.lost, "bad"))
        #expect(CodedFailure<PlainCode>(.broken, "bad") != CodedFailure<PlainCode>(.broken, "worse"))
    }

    @Test("Code and Kind both name the failure's codes")
    func codeAndKind() {
        let code: CodedFailure<PlainCode>.Code = .lost
        let kind: CodedFailure<PlainCode>.Kind = code
        #expect(kind == PlainCode.lost)
    }
}
