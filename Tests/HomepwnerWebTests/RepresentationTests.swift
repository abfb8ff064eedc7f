import Foundation
import Homepwner
@testable import HomepwnerWeb
import Testing
import WebSupport
import WebTestSupport

@Suite("Homepwner API: dates, versions and events as sent")
struct RepresentationTests {
    @Test("RFC 3339 dates have six fractional digits, rounded down, in UTC; non-finite and far dates are null")
    func dates() {
        #expect(RFC3339.string(secondsSinceReferenceDate: 0) == "2001-01-01T00:00:00.000000Z")
        #expect(RFC3339.string(secondsSinceReferenceDate: 0.0000019) == "2001-01-01T00:00:00.000001Z")
        #expect(RFC3339.string(secondsSinceReferenceDate: -0.5) == "2000-12-31T23:59:59.500000Z")
        #expect(RFC3339.string(secondsSinceReferenceDate: -978_307_200) == "1970-01-01T00:00:00.000000Z")
        #expect(RFC3339.string(secondsSinceReferenceDate: 785_870_781.123_456_7) == "2025-11-26T17:26:21.123456Z")
        #expect(RFC3339.string(secondsSinceReferenceDate: 1_772_323_200) == "2057-03-01T00:00:00.000000Z")
        #expect(RFC3339.string(secondsSinceReferenceDate: .nan) == nil)
        #expect(RFC3339.string(secondsSinceReferenceDate: .infinity) == nil)
        #expect(RFC3339.string(secondsSinceReferenceDate: 1e11) == "5169-11-16T09:46:40.000000Z")
        #expect(RFC3339.string(secondsSinceReferenceDate: 3e11) == nil)  // past 9999
        #expect(RFC3339.string(secondsSinceReferenceDate: -63_113_904_000) == "0001-01-01T00:00:00.000000Z")
        #expect(RFC3339.string(secondsSinceReferenceDate: -63_113_904_001) == nil)  // year 0
    }

    @Test("an item whose date is not a number shows null for both date fields, and says what is wrong")
    func notANumberDate() {
        let item = Item(itemName: "Clock", dateCreated: Date(timeIntervalSinceReferenceDate: .nan), itemKey: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")
        let shown = Representation.item(item, hasPhoto: false)
        #expect(shown.dateCreated == nil)
        #expect(shown.dateCreatedSeconds == nil)
        #expect(shown.problems == ["the date created is not a finite date"])
    }

    @Test("an item's version is a content hash: the same for the same fields, different when any field changes")
    func versions() {
        let date = Date(timeIntervalSinceReferenceDate: 785_870_781.25)
        let item = Item(itemName: "Lamp", serialNumber: "SN", valueInDollars: 10, dateCreated: date, itemKey: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")
        #expect(item.version == Item(itemName: "Lamp", serialNumber: "SN", valueInDollars: 10, dateCreated: date, itemKey: item.itemKey).version)
        #expect(item.version.count == 16)
        #expect(item.version.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        var changes: [Item] = []
        for index in 0..<5 {
            var other = item
            switch index {
            case 0: other.itemName = "Lamq"
            case 1: other.serialNumber = "SM"
            case 2: other.valueInDollars = 11
            case 3: other.dateCreated = Date(timeIntervalSinceReferenceDate: 785_870_781.25.nextUp)
            default: other.itemKey = "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F1"
            }
            changes.append(other)
        }
        #expect(Set(changes.map(\.version) + [item.version]).count == 6)
        // Field boundaries cannot shift: "ab"+"c" and "a"+"bc" differ.
        let left = Item(itemName: "ab", serialNumber: "c", dateCreated: date, itemKey: item.itemKey)
        let right = Item(itemName: "a", serialNumber: "bc", dateCreated: date, itemKey: item.itemKey)
        #expect(left.version != right.version)
    }

    @Test("a subscriber that comes back after too many changes gets a reset; an unknown id too")
    func resetAfterGap() async {
        let feed = ItemChangeFeed(historyLimit: 2)
        for index in 0..<5 { await feed.publish(.updated, subject: "K\(index)", version: "v") }
        var first = await feed.subscribe(after: "\(feed.runID)-1").makeAsyncIterator()
        #expect(await first.next() == .reset)
        var other = await feed.subscribe(after: "another-run-3").makeAsyncIterator()
        #expect(await other.next() == .reset)
        var recent = await feed.subscribe(after: "\(feed.runID)-4").makeAsyncIterator()
        if case .change(let change)? = await recent.next() {
            #expect(change.sequence == 5)
            #expect(change.itemKey == "K4")
        } else {
            Issue.record("expected the fifth change")
        }
    }
}
