import Foundation
@testable import HomepwnerPages
import Testing
import WebSupport
import WebTestSupport

@Suite("The inventory page's models give the template every field by name")
struct PageModelTests {
    /// Whether `model.child(named:)` gives, for every stored property, the value reflection reads.
    private func matchesReflection(_ model: Any, _ child: (String) -> Any?) -> [String] {
        Mirror(reflecting: model).children.compactMap { field -> String? in
            guard let label = field.label else { return nil }
            let mirrored = String(describing: field.value)
            let named = child(label).map { String(describing: $0) }
            // An optional field reads as nil when empty, and as its value (not `Optional(…)`) when set.
            let expected = Mirror(reflecting: field.value).displayStyle == .optional
                ? Mirror(reflecting: field.value).children.first.map { String(describing: $0.value) }
                : mirrored
            return named == expected ? nil : label
        }
    }

    @Test("a row and the page name each of their fields, with and without a photo and damage")
    func everyFieldByName() {
        let rows = [
            ListPageModel.Row(key: "K", name: "Lamp", serialNumber: "S1", valueText: "$5", valueInDollars: 5, dateText: "1 Jan 2001", dateISO: "2001-01-01T00:00:00Z", photoTag: "1-2-3", hasPage: true),
            ListPageModel.Row(key: "e\u{301}", name: "", serialNumber: "", valueText: "$0", valueInDollars: 0, dateText: "unknown", dateISO: "", photoTag: nil, hasPage: false),
        ]
        for row in rows {
            #expect(matchesReflection(row, row.child(named:)) == [])
            #expect(row.child(named: "damage") == nil)
        }
        for damage in [nil, DamageModel(reason: "torn", command: "homepwner check --repair")] {
            let page = ListPageModel(
                sortOptions: [.init(value: "name", label: "Name", selected: true)], searchText: "la",
                locationOptions: [.init(value: "", label: "Every location", selected: true)], labelOptions: [], narrows: true,
                rows: rows, countText: "2 items", totalText: "$5", totalValue: 5, allTotalText: "of $9 in all", noMatch: false,
                pager: Pager(page: 1, pageSize: 100, count: 101, noun: "Items") { "/?page=\($0)" },
                locationTotals: [.init(name: "Attic", countText: "1", valueText: "$5", shownCountText: "1", shownValueText: "$5")], labelTotals: [],
                isEmpty: false, printedOn: "1 Jan 2001", printedOnISO: "2001-01-01T00:00:00Z", damage: damage, problems: ["p"],
                add: AddFormModel(), maxPhotoBytes: 7
            )
            #expect(matchesReflection(page, page.child(named:)) == [])
            #expect((page.child(named: "damage") == nil) == (damage == nil))
        }
    }

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
