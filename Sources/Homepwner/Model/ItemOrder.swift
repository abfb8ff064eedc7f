import Foundation

/// The one order of the inventory, shared by the API's `GET /api/items?sort=…` and the
/// inventory page: by name as people read names (`localizedStandardCompare`: case and accents
/// folded, "Item 2" before "Item 10", then by code point), by value, or by date (a date that is
/// not a number first). Ties keep the archive's order, so the order is total and stable either way.
public struct ItemOrder: Sendable, Equatable {
    /// What the inventory can be sorted by.
    public enum Field: String, Sendable, CaseIterable {
        /// The name.
        case name
        /// The value in dollars.
        case value
        /// The date it was added.
        case date
    }

    /// The field to sort by; nil for the archive's order.
    public var field: Field?
    /// Largest (or latest, or Z) first; ties still in the archive's order.
    public var descending: Bool

    /// An order by `field` (nil: the archive's), `descending` or not.
    public init(field: Field?, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }

    /// `items` in this order.
    public func apply(to items: [Item]) -> [Item] {
        guard let field else { return descending ? items.reversed() : items }
        let indexed = Array(items.enumerated())
        let sorted = indexed.sorted { a, b in
            let order = Self.compare(a.element, b.element, by: field)
            if order != .orderedSame { return descending ? order == .orderedDescending : order == .orderedAscending }
            return a.offset < b.offset
        }
        return sorted.map(\.element)
    }

    private static func compare(_ a: Item, _ b: Item, by field: Field) -> ComparisonResult {
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
            let x = sortable(a.dateCreated), y = sortable(b.dateCreated)
            return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        }
    }

    /// The seconds of `date`, with NaN as -∞.
    private static func sortable(_ date: Date) -> Double {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isNaN ? -.infinity : seconds
    }
}
