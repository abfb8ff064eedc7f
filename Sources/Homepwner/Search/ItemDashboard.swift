import Foundation

/// The inventory at a glance, for the top of the start page, `GET /api/dashboard` and
/// `homepwner dashboard`: what there is and what it is worth, by top-level location and by label,
/// what was added last, the warranties that end soon or have ended, and the maintenance due
/// soon or overdue.
///
/// Built in one pass over the catalog's items; every date read from the archive is checked
/// (a date that is not a finite number, or is absurdly far away, is left out, never trapped on).
public struct ItemDashboard: Sendable, Equatable {
    /// An item as the dashboard lists it.
    public struct Entry: Sendable, Equatable {
        /// The item.
        public var item: Item
        /// The day it concerns (added, its warranty's end, its next maintenance), as `YYYY-MM-DD` (UTC).
        public var day: String
        /// Days from today to that day: negative in the past.
        public var daysFromToday: Int
    }

    /// A list cut to its first entries, with how many there are in all.
    public struct Cut: Sendable, Equatable {
        /// The first entries.
        public var entries: [Entry]
        /// How many there are in all.
        public var count: Int
    }

    /// How many warranties ahead count as "ending soon".
    public static let warrantyWindowDays = 90
    /// The most entries each list keeps.
    public static let listLength = 5

    /// Every item.
    public var everything: ItemTotals
    /// The top-level locations, sorted as people read them, then the items without a location
    /// (its name nil) when there are some.
    public var byTopLocation: [GroupTotals]
    /// Per label, sorted as people read them.
    public var byLabel: [GroupTotals]
    /// The items added last, newest first.
    public var recentlyAdded: Cut
    /// The warranties that end today or within ``warrantyWindowDays`` days, soonest first.
    public var warrantiesEnding: Cut
    /// The warranties that have ended, the most recent first.
    public var warrantiesEnded: Cut
    /// The items due for maintenance today or within ``ItemRules/maintenanceWindowDays`` days
    /// (see ``ItemRules/nextMaintenance(of:)``), soonest first.
    public var maintenanceDue: Cut
    /// The items whose maintenance was due before today, the longest overdue first.
    public var maintenanceOverdue: Cut
    /// Today, as `YYYY-MM-DD` (UTC): the day the lists were worked out for.
    public var today: String

    /// The dashboard of `catalog` on the day `now` falls on (UTC).
    public init(_ catalog: ItemCatalog, now: Date) {
        let result = catalog.search(ItemQuery())
        let todayIndex = Self.dayIndex(now) ?? 0
        everything = result.everything
        byTopLocation = PlaceTree(result, kept: []).places.filter { $0.depth == 1 }.map { GroupTotals(name: $0.name, all: $0.totals, shown: $0.totals) }
        if let without = result.byLocation.first(where: { $0.name == nil }) { byTopLocation.append(without) }
        byLabel = result.byLabel
        today = ItemRules.dayText(now) ?? ""

        var added: [(index: Int, entry: Entry)] = []
        var ending: [Entry] = [], ended: [Entry] = [], due: [Entry] = [], overdue: [Entry] = []
        for (position, item) in catalog.items.enumerated() where !item.isArchived {
            if let day = Self.dayIndex(item.dateCreated), let text = ItemRules.dayText(item.dateCreated) {
                added.append((position, Entry(item: item, day: text, daysFromToday: day - todayIndex)))
            }
            Self.place(item, item.warrantyEnds, today: todayIndex, window: Self.warrantyWindowDays, soon: &ending, past: &ended)
            Self.place(item, ItemRules.nextMaintenance(of: item), today: todayIndex, window: ItemRules.maintenanceWindowDays, soon: &due, past: &overdue)
        }
        // Newest first; items added at the same moment, the later in the archive first.
        added.sort { a, b in
            a.entry.item.dateCreated != b.entry.item.dateCreated ? a.entry.item.dateCreated > b.entry.item.dateCreated : a.index > b.index
        }
        recentlyAdded = Cut(entries: Array(added.prefix(Self.listLength).map(\.entry)), count: added.count)
        ending.sort { $0.daysFromToday < $1.daysFromToday }
        warrantiesEnding = Cut(entries: Array(ending.prefix(Self.listLength)), count: ending.count)
        ended.sort { $0.daysFromToday > $1.daysFromToday }
        warrantiesEnded = Cut(entries: Array(ended.prefix(Self.listLength)), count: ended.count)
        due.sort { $0.daysFromToday < $1.daysFromToday }
        maintenanceDue = Cut(entries: Array(due.prefix(Self.listLength)), count: due.count)
        overdue.sort { $0.daysFromToday < $1.daysFromToday }
        maintenanceOverdue = Cut(entries: Array(overdue.prefix(Self.listLength)), count: overdue.count)
    }

    /// Adds `item` to `past` when `date` is before today, to `soon` when it is today or within
    /// `window` days; a date that is not finite or absurdly far away goes nowhere.
    private static func place(_ item: Item, _ date: Date?, today: Int, window: Int, soon: inout [Entry], past: inout [Entry]) {
        guard let date, let day = dayIndex(date), let text = ItemRules.dayText(date) else { return }
        let entry = Entry(item: item, day: text, daysFromToday: day - today)
        if entry.daysFromToday < 0 {
            past.append(entry)
        } else if entry.daysFromToday <= window {
            soon.append(entry)
        }
    }

    /// Whole UTC days from the day `now` falls on to the day `date` falls on (negative when
    /// `date` is earlier); nil when either is not finite or absurdly far away.
    public static func days(from now: Date, to date: Date) -> Int? {
        guard let today = dayIndex(now), let day = dayIndex(date) else { return nil }
        return day - today
    }

    /// Days since 2001-01-01 (UTC) of `date`; nil for a date that is not finite or is more than
    /// about 2,800 years away.
    static func dayIndex(_ date: Date) -> Int? {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite, abs(seconds) < 9e10 else { return nil }
        return Int((seconds / 86_400).rounded(.down))
    }
}

extension ItemStore {
    /// The inventory at a glance today.
    ///
    /// - Throws: what ``catalog()`` throws.
    public func dashboard() async throws -> ItemDashboard {
        ItemDashboard(try await catalog(), now: now())
    }
}
