import CivilTime
import Foundation
import Testing

/// The one civil-date algorithm behind every date the project writes or reads as text.
@Suite("Civil time: seconds since 1970 as calendar fields and back")
struct CivilTimeTests {
    @Test("known moments have the fields and text of the calendar, before 1970 and before year 1 included")
    func knownMoments() {
        let cases: [(Int64, String)] = [
            (0, "1970-01-01T00:00:00"),
            (-1, "1969-12-31T23:59:59"),
            (951_782_400, "2000-02-29T00:00:00"),
            (978_307_200, "2001-01-01T00:00:00"),
            (4_107_542_399, "2100-02-28T23:59:59"),
            (-62_135_596_800, "0001-01-01T00:00:00"),
            (253_402_300_799, "9999-12-31T23:59:59"),
            (-11_676_096_000, "1600-01-01T00:00:00"),
        ]
        for (seconds, text) in cases {
            let time = CivilTime(secondsSince1970: seconds)
            #expect(time.text == text)
            #expect(time.secondsSince1970 == seconds)
        }
        #expect(CivilTime(secondsSince1970: -62_135_596_801).year == 0)
    }

    @Test("200,000 moments over ±300,000 years come back to the same second, and agree with Foundation's calendar after 1583")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for index in 0..<200_000 {
            let seconds = Int64.random(in: -9_467_000_000_000...9_467_000_000_000, using: &generator)
            let time = CivilTime(secondsSince1970: seconds)
            #expect(time.secondsSince1970 == seconds)
            #expect((1...12).contains(time.month) && (1...31).contains(time.day) && (0..<24).contains(time.hour))
            if index % 50 == 0 {
                let recent = Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator)
                let fields = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(recent)))
                let ours = CivilTime(secondsSince1970: recent)
                #expect([ours.year, ours.month, ours.day, ours.hour, ours.minute, ours.second].map(Int.init)
                    == [fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second].compactMap { $0 })
            }
        }
    }

    @Test("the text form is read from the first 19 bytes, and anything out of range or not a digit is refused")
    func parsing() {
        #expect(CivilTime(parsingPrefixOf: Array("2026-11-28T04:55:01.5Z".utf8))?.text == "2026-11-28T04:55:01")
        #expect(CivilTime(parsingPrefixOf: Array("2026-11-28T04:55:01".utf8))?.secondsSince1970 == 1_795_841_701)  // date -u -d 2026-11-28T04:55:01Z +%s
        for bad in ["2026-13-01T00:00:00", "2026-00-01T00:00:00", "2026-01-32T00:00:00", "2026-01-01T24:00:00",
                    "2026-01-01T00:60:00", "2026-01-01T00:00:61", "2026-01-01 00:00:00", "2026-1-01T00:00:000",
                    "２026-01-01T00:00:00", "+026-01-01T00:00:00", "2026-01-01T00:00:0"] {
            #expect(CivilTime(parsingPrefixOf: Array(bad.utf8)) == nil, "\(bad)")
        }
        #expect(CivilTime(parsingPrefixOf: Array("2026-01-01T00:00:60".utf8))?.secondsSince1970 == CivilTime(parsingPrefixOf: Array("2026-01-01T00:01:00".utf8))?.secondsSince1970)
    }
}
