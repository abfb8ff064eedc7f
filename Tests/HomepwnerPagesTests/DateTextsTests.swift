import Foundation
@testable import HomepwnerPages
import Testing

@Suite("The pages' dates")
struct DateTextsTests {
    @Test("dates read through one kept pair of formatters exactly as through a formatter made for each, and unshowable dates as before")
    func keptFormatters() throws {
        let zone = try #require(TimeZone(identifier: "Pacific/Auckland"))
        let texts = DateTexts(timeZone: zone)
        let dates = [0, 416_000_000.5, -63_000_000_000, 94_000_000_000, 1_000].map(Date.init(timeIntervalSinceReferenceDate:))
        for date in dates {
            let day = DateFormatter()
            day.locale = Locale(identifier: "en_US_POSIX")
            day.timeZone = zone
            day.dateFormat = "d MMM yyyy"
            let instant = ISO8601DateFormatter()
            instant.formatOptions = [.withInternetDateTime]
            #expect(texts.day(date) == day.string(from: date))
            #expect(texts.instant(date) == instant.string(from: date))
        }
        #expect(texts.day(dates[0]) == "1 Jan 2001")
        #expect(texts.instant(dates[1]) == "2014-03-08T19:33:20Z")
        for unshowable in [Double.nan, .infinity, 1e300].map(Date.init(timeIntervalSinceReferenceDate:)) {
            #expect(texts.day(unshowable) == "unknown")
            #expect(texts.instant(unshowable) == "")
        }
    }
}
