/// A count of items and their value in whole dollars: each item's
/// ``Item/totalValueInDollars`` (its value times its quantity) added up. The sum saturates:
/// values from an archive written elsewhere may be anything.
public struct ItemTotals: Sendable, Hashable {
    /// How many items (an item of quantity 3 counts once).
    public var count: Int
    /// Their total values added up.
    public var valueInDollars: Int
    /// Their quantities added up (one for an item without one): how many things they are.
    public var quantity: Int

    /// Totals of `count` items worth `valueInDollars`, `quantity` things (`count` unless given).
    public init(count: Int = 0, valueInDollars: Int = 0, quantity: Int? = nil) {
        self.count = count
        self.valueInDollars = valueInDollars
        self.quantity = quantity ?? count
    }

    /// Counts `item` in, with its value times its quantity.
    public mutating func add(_ item: Item) {
        count += 1
        quantity = Self.saturated(quantity, item.quantity ?? 1)
        valueInDollars = Self.saturated(valueInDollars, item.totalValueInDollars)
    }

    /// Adds `other`'s counts, values and quantities (each sum saturating).
    public mutating func add(_ other: ItemTotals) {
        count = Self.saturated(count, other.count)
        valueInDollars = Self.saturated(valueInDollars, other.valueInDollars)
        quantity = Self.saturated(quantity, other.quantity)
    }

    /// `a + b`, or the limit it would pass.
    private static func saturated(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b < 0 ? .min : .max) : sum
    }

    /// The totals of `items`.
    public init(_ items: some Sequence<Item>) {
        self.init()
        for item in items { add(item) }
    }
}

extension Item {
    /// What all of it is worth: ``valueInDollars`` (the value of one, as the 2014 app, which had
    /// no quantity, meant it) times ``quantity`` (one when unset). It saturates: an archive
    /// written elsewhere may hold any value and quantity.
    public var totalValueInDollars: Int {
        let quantity = self.quantity ?? 1
        let (product, overflow) = valueInDollars.multipliedReportingOverflow(by: quantity)
        guard overflow else { return product }
        return (valueInDollars < 0) == (quantity < 0) ? .max : .min
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
    /// Every location in use and each of its parents, with the totals of the items at it or
    /// inside it — what the location filter shows for it — sorted by name ("House" before
    /// "House › Garage").
    public var byPlace: [GroupTotals]
    /// Per label (an item with two labels counts in both), sorted by name.
    public var byLabel: [GroupTotals]
    /// How many archived items the query left out (``ItemQuery/archived``): in no total above.
    public var archivedLeftOut: Int = 0
}
