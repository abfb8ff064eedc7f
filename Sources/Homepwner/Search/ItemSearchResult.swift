/// A count of items and their value in whole dollars (the sum saturates: values from an archive
/// written elsewhere may be anything).
public struct ItemTotals: Sendable, Hashable {
    /// How many items.
    public var count: Int
    /// Their values added up.
    public var valueInDollars: Int

    /// Totals of `count` items worth `valueInDollars`.
    public init(count: Int = 0, valueInDollars: Int = 0) {
        self.count = count
        self.valueInDollars = valueInDollars
    }

    /// Counts `item` in.
    mutating func add(_ item: Item) {
        count += 1
        let (sum, overflow) = valueInDollars.addingReportingOverflow(item.valueInDollars)
        valueInDollars = overflow ? (item.valueInDollars < 0 ? .min : .max) : sum
    }
}

/// The totals of one location or label: for every item and for the items that match.
public struct GroupTotals: Sendable, Hashable {
    /// The location or label; nil for the items without a location.
    public var name: String?
    /// Every item in the group.
    public var all: ItemTotals
    /// The items in the group that match the query.
    public var shown: ItemTotals

    /// The totals of the group `name`.
    public init(name: String?, all: ItemTotals = ItemTotals(), shown: ItemTotals = ItemTotals()) {
        self.name = name
        self.all = all
        self.shown = shown
    }
}

/// What a query found: one page of the matching items, and totals.
public struct ItemSearchResult: Sendable {
    /// The matches on this page, in the query's order.
    public var items: [Item]
    /// How many matches come before this page.
    public var offset: Int
    /// Every match (not only this page).
    public var shown: ItemTotals
    /// Every item in the inventory.
    public var everything: ItemTotals
    /// Per location (by the item's whole location, the items without one last), sorted by name.
    public var byLocation: [GroupTotals]
    /// Per label (an item with two labels counts in both), sorted by name.
    public var byLabel: [GroupTotals]
}
