import Foundation
import Testing
@testable import ObjectStorage

/// A listing's `LastModified` is read exactly, and anything else is nil, never a guess.
@Suite struct S3XMLDateTests {
    @Test("A LastModified with and without a fraction gives the instant it names")
    func readsListingDates() {
        #expect(S3XML.date("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(S3XML.date("2026-11-26T02:40:11Z") == Date(timeIntervalSince1970: 1_795_660_811))
        #expect(S3XML.date("2026-11-26T02:40:11.250Z") == Date(timeIntervalSince1970: 1_795_660_811.25))
        #expect(S3XML.date("2000-02-29T23:59:59.5Z") == Date(timeIntervalSince1970: 951_868_799.5))
    }

    @Test("Text that is not a UTC timestamp is nil", arguments: [
        "", "2026-11-26", "2026-11-26T02:40:11", "2026-11-26T02:40:11+01:00", "2026-13-26T02:40:11Z",
        "2026-11-26T24:40:11Z", "2026-11-26T02:40:11.Z", "2026-11-26T02:40:11.1234567890Z", "2026-1x-26T02:40:11Z",
    ])
    func refusesOtherText(_ text: String) {
        #expect(S3XML.date(text) == nil)
    }
}
