import Foundation
import Homepwner
import WebSupport

/// The order of the inventory page, read from its URL (`/?sort=value&order=desc`, or the sort
/// menu's `sort=value-desc`), the same fields the API sorts by. Anything unknown falls back to
/// the default (oldest first), so every URL shows the list.
struct ItemListQuery: Sendable, Equatable {
    /// What the list is sorted by.
    enum Field: String, Sendable, CaseIterable {
        case name, value, date
    }

    var field: Field = .date
    /// Largest (or latest, or Z) first.
    var descending = false

    /// The query of `query` (the URL's text after `?`).
    init(query: String?) {
        let form = HTMLForm(query ?? "")
        let parts = (form["sort"] ?? "").split(separator: "-", maxSplits: 1)
        field = parts.first.flatMap { Field(rawValue: String($0)) } ?? .date
        let order: String? = parts.count == 2 ? String(parts[1]) : form["order"]
        descending = order == "desc"
    }

    init() {}

    /// The sort menu's value for this order (`name`, `value-desc`).
    var sortValue: String { descending ? "\(field.rawValue)-desc" : field.rawValue }

    /// `items` in this order; ties keep the archive's order.
    func apply(to items: [Item]) -> [Item] {
        let indexed = Array(items.enumerated())
        let sorted = indexed.sorted { a, b in
            let order = compare(a.element, b.element)
            if order != .orderedSame { return descending ? order == .orderedDescending : order == .orderedAscending }
            return a.offset < b.offset
        }
        return sorted.map(\.element)
    }

    private func compare(_ a: Item, _ b: Item) -> ComparisonResult {
        switch field {
        case .name:
            let folded = a.itemName.localizedStandardCompare(b.itemName)
            if folded != .orderedSame { return folded }
            // Names equal but for case or accents: by code point, so the order is total.
            let x = Array(a.itemName.unicodeScalars.map(\.value)), y = Array(b.itemName.unicodeScalars.map(\.value))
            return x == y ? .orderedSame : (x.lexicographicallyPrecedes(y) ? .orderedAscending : .orderedDescending)
        case .value:
            return a.valueInDollars == b.valueInDollars ? .orderedSame : (a.valueInDollars < b.valueInDollars ? .orderedAscending : .orderedDescending)
        case .date:
            // A date that is not a number sorts first, so the order stays total.
            let x = Self.sortable(a.dateCreated), y = Self.sortable(b.dateCreated)
            return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        }
    }

    /// The seconds of `date`, with NaN as -∞.
    private static func sortable(_ date: Date) -> Double {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isNaN ? -.infinity : seconds
    }

    /// The sort menu's choices.
    static let sortChoices: [(value: String, label: String)] = [
        ("date", "Oldest first"), ("date-desc", "Newest first"), ("name", "Name, A to Z"), ("name-desc", "Name, Z to A"),
        ("value-desc", "Value, highest first"), ("value", "Value, lowest first"),
    ]
}
