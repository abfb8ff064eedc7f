import Foundation
import Homepwner
import WebSupport

/// What the dashboard at the top of the inventory shows (``Homepwner/ItemDashboard`` in words
/// and links).
struct DashboardModel: Sendable, Encodable {
    /// A location or label with its totals, linked to the inventory filtered to it.
    struct Group: Sendable, Encodable {
        var name: String
        var link: String
        var text: String
    }

    /// An item with the day it concerns, linked to its page.
    struct Entry: Sendable, Encodable {
        var name: String
        var link: String?
        var when: String
        var day: String
        var soon: Bool
    }

    var itemsText: String
    var valueText: String
    var locations: [Group]
    var labels: [Group]
    var hasLabels: Bool
    var recent: [Entry]
    var ending: [Entry]
    var endingMore: String?
    var ended: [Entry]
    var endedMore: String?
    var hasWarranties: Bool
    var due: [Entry]
    var dueMore: String?
    var overdue: [Entry]
    var overdueMore: String?
    var hasMaintenance: Bool

    /// The model of `board`.
    init(_ board: ItemDashboard) {
        let totals = board.everything
        itemsText = totals.quantity == totals.count ? Self.items(totals.count) : "\(Self.items(totals.count)), \(totals.quantity.formatted()) pieces"
        valueText = ItemRules.dollars(totals.valueInDollars)
        locations = board.byTopLocation.map { group in
            var query = ItemListQuery()
            if let name = group.name { query.location = name } else { query.withoutLocation = true }
            return Group(name: group.name ?? "No location", link: query.url(page: 1), text: Self.summary(group.all))
        }
        labels = board.byLabel.compactMap { group in
            guard let name = group.name else { return nil }
            var query = ItemListQuery()
            query.label = name
            return Group(name: name, link: query.url(page: 1), text: Self.summary(group.all))
        }
        hasLabels = !labels.isEmpty
        recent = board.recentlyAdded.entries.map { Self.entry($0, when: Self.added($0.daysFromToday)) }
        ending = board.warrantiesEnding.entries.map { Self.entry($0, when: Self.ahead($0.daysFromToday, "ends"), soon: true) }
        endingMore = Self.more(board.warrantiesEnding)
        ended = board.warrantiesEnded.entries.map { Self.entry($0, when: Self.ended($0.daysFromToday)) }
        endedMore = Self.more(board.warrantiesEnded)
        hasWarranties = !ending.isEmpty || !ended.isEmpty
        overdue = board.maintenanceOverdue.entries.map { Self.entry($0, when: Self.overdue($0.daysFromToday), soon: true) }
        overdueMore = Self.more(board.maintenanceOverdue)
        due = board.maintenanceDue.entries.map { Self.entry($0, when: Self.ahead($0.daysFromToday, "due")) }
        dueMore = Self.more(board.maintenanceDue)
        hasMaintenance = !due.isEmpty || !overdue.isEmpty
    }

    static func overdue(_ days: Int) -> String {
        days == -1 ? "overdue since yesterday" : "overdue by \(days.magnitude.formatted()) days"
    }

    static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count.formatted()) items" }

    static func summary(_ totals: ItemTotals) -> String { "\(items(totals.count)) · \(ItemRules.dollars(totals.valueInDollars))" }

    static func entry(_ entry: ItemDashboard.Entry, when: String, soon: Bool = false) -> Entry {
        Entry(
            name: entry.item.itemName, link: ItemRules.isValidKey(entry.item.itemKey) ? "/items/\(entry.item.itemKey)" : nil,
            when: when, day: entry.day, soon: soon
        )
    }

    /// "today", "yesterday", "3 days ago"; a date ahead (a clock set wrong) is "today".
    static func added(_ days: Int) -> String {
        switch days {
        case 0...: "today"
        case -1: "yesterday"
        default: "\(days.magnitude.formatted()) days ago"
        }
    }

    /// "ends today", "due tomorrow", "ends in 12 days": `what` happens `days` days ahead.
    static func ahead(_ days: Int, _ what: String) -> String {
        switch days {
        case 0: "\(what) today"
        case 1: "\(what) tomorrow"
        default: "\(what) in \(days.formatted()) days"
        }
    }

    static func ended(_ days: Int) -> String {
        days == -1 ? "ended yesterday" : "ended \(days.magnitude.formatted()) days ago"
    }

    /// "and 3 more" when the list was cut.
    static func more(_ cut: ItemDashboard.Cut) -> String? {
        cut.count > cut.entries.count ? "and \((cut.count - cut.entries.count).formatted()) more" : nil
    }
}
