import Foundation

/// The one order of the inventory, shared by the API's `GET /api/items?sort=…`, the inventory
/// page and `homepwner search`: by name as people read names (`localizedStandardCompare`: case
/// and accents folded, "Item 2" before "Item 10", then by code point), by value, by date (a date
/// that is not a number first), or by location (read the same way as names, the items without a
/// location last, then by name). Ties keep the archive's order, so the order is total and stable
/// either way.
public struct ItemOrder: Sendable, Hashable {
    /// What the inventory can be sorted by.
    public enum Field: String, Sendable, CaseIterable {
        /// The name.
        case name
        /// The value in dollars.
        case value
        /// The date it was added.
        case date
        /// Where it is kept.
        case location
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
        positions(of: items).map { items[Int($0)] }
    }

    /// The positions of `items` in this order.
    func positions(of items: [Item]) -> [Int32] {
        let indices = (0..<Int32(items.count))
        guard let field else { return descending ? indices.reversed() : Array(indices) }
        return indices.sorted { a, b in
            let order = Self.compare(items[Int(a)], items[Int(b)], by: field)
            if order != .orderedSame { return descending ? order == .orderedDescending : order == .orderedAscending }
            return a < b
        }
    }

    private static func compare(_ a: Item, _ b: Item, by field: Field) -> ComparisonResult {
        switch field {
        case .name:
            return compareText(a.itemName, b.itemName)
        case .value:
            return a.valueInDollars == b.valueInDollars ? .orderedSame : (a.valueInDollars < b.valueInDollars ? .orderedAscending : .orderedDescending)
        case .date:
            let x = sortable(a.dateCreated), y = sortable(b.dateCreated)
            return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        case .location:
            switch (a.location.flatMap { $0.isEmpty ? nil : $0 }, b.location.flatMap { $0.isEmpty ? nil : $0 }) {
            case (nil, nil): return compareText(a.itemName, b.itemName)
            case (nil, _): return .orderedDescending
            case (_, nil): return .orderedAscending
            case (let x?, let y?):
                let order = compareText(x, y)
                return order != .orderedSame ? order : compareText(a.itemName, b.itemName)
            }
        }
    }

    /// Two texts as people read them (case and accents folded, numbers by value), then by code
    /// point, so that only equal texts are the same.
    static func compareText(_ a: String, _ b: String) -> ComparisonResult {
        let folded = a.localizedStandardCompare(b)
        if folded != .orderedSame { return folded }
        let x = Array(a.unicodeScalars.map(\.value)), y = Array(b.unicodeScalars.map(\.value))
        return x == y ? .orderedSame : (x.lexicographicallyPrecedes(y) ? .orderedAscending : .orderedDescending)
    }

    /// The seconds of `date`, with NaN as -∞.
    private static func sortable(_ date: Date) -> Double {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isNaN ? -.infinity : seconds
    }
}
