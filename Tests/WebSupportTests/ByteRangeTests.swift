import Foundation
import HTTPTypes
import Testing
import TestSupport
import WebTestSupport
@testable import WebSupport

@Suite("Byte ranges: every Range header is a range within the body, the whole body, or a 416")
struct ByteRangeTests {
    /// What `ByteRange.parse` made of a header: its range, nil for the whole body, or the 416.
    private enum Outcome: Equatable {
        case range(Range<Int>)
        case whole
        case unsatisfiable(contentRange: String?)
    }

    private func outcome(_ header: String, length: Int) -> Outcome {
        do {
            return try ByteRange.parse(header, length: length).map(Outcome.range) ?? .whole
        } catch let error as APIError where error.status == .rangeNotSatisfiable {
            return .unsatisfiable(contentRange: error.headers[.contentRange])
        } catch {
            Issue.record("unexpected \(error)")
            return .whole
        }
    }

    @Test("the list the live tests send gives, for a body of 1,000 bytes, the answers RFC 9110 asks for")
    func sharedCases() {
        for (header, expected) in RangeAttacks.cases(size: 1_000) {
            let want: Outcome = switch expected {
            case .partial(let bytes): .range(bytes.lowerBound..<bytes.upperBound + 1)
            case .whole: .whole
            case .unsatisfiable: .unsatisfiable(contentRange: "bytes */1000")
            }
            #expect(outcome(header, length: 1_000) == want, "\(header)")
        }
    }

    @Test("an empty body satisfies no range: bytes=0-, bytes=-1 and bytes=5- are all 416 with bytes */0")
    func emptyBody() {
        for header in ["bytes=0-", "bytes=-1", "bytes=5-", "bytes=0-0"] {
            #expect(outcome(header, length: 0) == .unsatisfiable(contentRange: "bytes */0"), "\(header)")
        }
    }

    @Test("200,000 random headers against random lengths: never a trap, every range non-empty and within the body")
    func randomHeaders() {
        var random = SplitMix64(seed: 37)
        let pieces = ["bytes=", "BYTES=", "-", "0", "1", "9", " ", ",", "+", "99999999999999999999", "\(Int.max)", "\(Int.min)", "x", "=", "\t", "１"]
        for _ in 0..<200_000 {
            let length = [0, 1, 2, 10, 1_000, Int.max][Int(random.next() % 6)]
            var header = random.next() % 4 == 0 ? "" : "bytes="
            for _ in 0..<(random.next() % 6) { header += pieces[Int(random.next() % UInt64(pieces.count))] }
            switch outcome(header, length: length) {
            case .range(let range):
                #expect(!range.isEmpty && range.lowerBound >= 0 && range.upperBound <= length, "\(header) against \(length)")
            case .unsatisfiable(let contentRange):
                #expect(contentRange == "bytes */\(length)", "\(header) against \(length)")
            case .whole:
                break
            }
        }
    }
}
