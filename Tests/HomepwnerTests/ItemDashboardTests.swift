import Foundation
@testable import Homepwner
import Testing

@Suite("The inventory at a glance: totals, by location and label, added lately, warranties")
struct ItemDashboardTests {
    /// 2026-11-29 12:00 UTC.
    static let now = Date(timeIntervalSinceReferenceDate: 817_646_400)
    static let day: TimeInterval = 86_400
    /// Midnight UTC of the day `offset` days from ``now``'s.
    static func day(_ offset: Int) -> Date { Date(timeIntervalSinceReferenceDate: 817_603_200 + Double(offset) * day) }

    static func item(_ name: String, _ value: Int, added: Int, at location: String? = nil, labels: [String]? = nil, warranty: Date? = nil) -> Item {
        var item = Item(itemName: name, valueInDollars: value, dateCreated: day(added).addingTimeInterval(3_600), itemKey: "key-\(name)")
        item.location = location
        item.labels = labels
        item.warrantyEnds = warranty
        return item
    }

    @Test("warranties ending today up to 90 days ahead are listed soonest first, those ended most recent first; day 91 and bad dates are left out")
    func warranties() {
        let items = [
            Self.item("Later", 1, added: -10, warranty: Self.day(91)),
            Self.item("Edge", 1, added: -10, warranty: Self.day(90)),
            Self.item("Today", 1, added: -10, warranty: Self.day(0)),
            Self.item("Soon", 1, added: -10, warranty: Self.day(12)),
            Self.item("Gone", 1, added: -10, warranty: Self.day(-1)),
            Self.item("Long gone", 1, added: -10, warranty: Self.day(-400)),
            Self.item("Nowhen", 1, added: -10, warranty: Date(timeIntervalSinceReferenceDate: .nan)),
            Self.item("Far", 1, added: -10, warranty: Date(timeIntervalSinceReferenceDate: 1e15)),
        ]
        let board = ItemDashboard(ItemCatalog(items: items), now: Self.now)
        #expect(board.today == "2026-11-29")
        #expect(board.warrantiesEnding.entries.map(\.item.itemName) == ["Today", "Soon", "Edge"])
        #expect(board.warrantiesEnding.entries.map(\.daysFromToday) == [0, 12, 90])
        #expect(board.warrantiesEnding.entries.map(\.day) == ["2026-11-29", "2026-12-11", "2027-02-27"])
        #expect(board.warrantiesEnded.entries.map(\.item.itemName) == ["Gone", "Long gone"])
        #expect(board.warrantiesEnded.entries.map(\.daysFromToday) == [-1, -400])
    }

    @Test("maintenance due today up to 30 days ahead is listed soonest first, overdue the longest overdue first; only the latest entry's next-due counts; day 31 and bad dates are left out")
    func maintenance() {
        func serviced(_ name: String, _ log: [(done: Int, next: Date?)]) -> Item {
            var item = Self.item(name, 1, added: -100)
            item.maintenance = log.map { MaintenanceEntry(date: Self.day($0.done), note: "serviced", nextDue: $0.next) }
            return item
        }
        let items = [
            serviced("Later", [(-5, Self.day(31))]),
            serviced("Edge", [(-5, Self.day(30))]),
            serviced("Today", [(-5, Self.day(0))]),
            serviced("Soon", [(-5, Self.day(3))]),
            serviced("Late", [(-50, Self.day(-2))]),
            serviced("Very late", [(-500, Self.day(-400))]),
            // An earlier entry's next-due was met by the latest, which gives none.
            serviced("Done", [(-50, Self.day(-10)), (-9, nil)]),
            // The latest entry moved the next-due on.
            serviced("Moved on", [(-50, Self.day(-10)), (-9, Self.day(10))]),
            serviced("Nowhen", [(-5, Date(timeIntervalSinceReferenceDate: .nan))]),
            serviced("Far", [(-5, Date(timeIntervalSinceReferenceDate: 1e15))]),
        ]
        let board = ItemDashboard(ItemCatalog(items: items), now: Self.now)
        #expect(board.maintenanceDue.entries.map(\.item.itemName) == ["Today", "Soon", "Moved on", "Edge"])
        #expect(board.maintenanceDue.entries.map(\.daysFromToday) == [0, 3, 10, 30])
        #expect(board.maintenanceDue.count == 4)
        #expect(board.maintenanceOverdue.entries.map(\.item.itemName) == ["Very late", "Late"])
        #expect(board.maintenanceOverdue.entries.map(\.day) == ["2025-10-25", "2026-11-27"])
        #expect(ItemDashboard.days(from: Self.now, to: Self.day(-2)) == -2)
        #expect(ItemDashboard.days(from: Self.now, to: Date(timeIntervalSinceReferenceDate: .infinity)) == nil)
    }

    @Test("the lists keep their first five and count them all; added lately is newest first, ties the later in the archive first")
    func cutsAndOrder() {
        var items = (0..<8).map { Self.item("Old \($0)", 10, added: -$0, warranty: Self.day($0 + 1)) }
        items.append(Self.item("Twin", 10, added: 0))
        let board = ItemDashboard(ItemCatalog(items: items), now: Self.now)
        #expect(board.recentlyAdded.count == 9)
        #expect(board.recentlyAdded.entries.map(\.item.itemName) == ["Twin", "Old 0", "Old 1", "Old 2", "Old 3"])
        #expect(board.warrantiesEnding.count == 8)
        #expect(board.warrantiesEnding.entries.count == 5)
    }

    @Test("totals by top-level location (what its filter shows) then the items without one, and by label; the whole counts value times quantity")
    func groups() {
        var chairs = Self.item("Chairs", 50, added: 0, at: "House › Dining", labels: ["furniture"])
        chairs.quantity = 4
        let items = [chairs, Self.item("Drill", 120, added: 0, at: "House › Garage", labels: ["tools"]), Self.item("Bike", 300, added: 0, at: "Shed"), Self.item("Lamp", 5, added: 0)]
        let board = ItemDashboard(ItemCatalog(items: items), now: Self.now)
        #expect(board.everything == ItemTotals(count: 4, valueInDollars: 625, quantity: 7))
        #expect(board.byTopLocation.map(\.name) == ["House", "Shed", nil])
        #expect(board.byTopLocation.map(\.all.valueInDollars) == [320, 300, 5])
        #expect(board.byLabel.map(\.name) == ["furniture", "tools"])
    }
}
