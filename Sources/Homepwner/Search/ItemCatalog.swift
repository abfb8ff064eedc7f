import Foundation
import KeyedArchive
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The inventory made ready to be searched, filtered, sorted and paged many times: built once
/// for each state of the archive (``ItemStore/catalog()`` keeps it until the archive changes),
/// after which a query is one pass over each item's folded text, and each order is sorted once.
public struct ItemCatalog: Sendable {
    /// Every item, in the archive's order.
    public let items: [Item]
    /// Per item: what a search looks in, folded (``SearchFolding``), fields apart by a byte no
    /// folded word holds.
    private let searchText: [[UInt8]]
    /// The orders sorted so far, as positions in ``items``.
    private let orders: OrderCache

    /// The catalog of `items`.
    public init(items: [Item]) {
        self.items = items
        searchText = items.map(Self.searchText(of:))
        orders = OrderCache()
    }

    private static func searchText(of item: Item) -> [UInt8] {
        var fields = [item.itemName, item.serialNumber]
        for field in [item.modelName, item.manufacturer, item.location, item.notes] { if let field { fields.append(field) } }
        fields.append(contentsOf: item.labels ?? [])
        var text: [UInt8] = []
        for field in fields {
            text.append(contentsOf: SearchFolding.fold(field))
            text.append(0x1F)
        }
        return text
    }

    /// The page of items matching `query`, with the totals of the matches, of everything, and by
    /// location and label.
    public func search(_ query: ItemQuery) -> ItemSearchResult {
        let words = ItemQuery.words(of: query.text)
        let locationLevels = query.location.map(Self.levels(of:))
        var matched: [Bool] = []
        matched.reserveCapacity(items.count)
        var shown = ItemTotals(), everything = ItemTotals()
        var locations: [PropertyListKey: GroupTotals] = [:], labels: [PropertyListKey: GroupTotals] = [:]
        for index in items.indices {
            let item = items[index]
            let match = matches(item, at: index, words: words, locationLevels: locationLevels, label: query.label)
            matched.append(match)
            everything.add(item)
            if match { shown.add(item) }
            let place = item.location.flatMap { $0.isEmpty ? nil : $0 }
            locations[PropertyListKey(place ?? ""), default: GroupTotals(name: place)].count(item, shown: match)
            var seen: Set<PropertyListKey> = []
            for label in item.labels ?? [] where seen.insert(PropertyListKey(label)).inserted {
                labels[PropertyListKey(label), default: GroupTotals(name: label)].count(item, shown: match)
            }
        }
        let ordered = order(query.order)
        var page: [Item] = []
        var skipped = 0
        let limit = query.limit ?? Int.max
        for position in ordered where matched[Int(position)] {
            if skipped < query.offset { skipped += 1; continue }
            if page.count == limit { break }
            page.append(items[Int(position)])
        }
        return ItemSearchResult(
            items: page, offset: query.offset, shown: shown, everything: everything,
            byLocation: Self.sortedGroups(locations.values, nilLast: true), byLabel: Self.sortedGroups(labels.values, nilLast: true)
        )
    }

    private func matches(_ item: Item, at index: Int, words: [[UInt8]], locationLevels: [Substring]?, label: String?) -> Bool {
        if let locationLevels {
            guard let location = item.location else { return false }
            let levels = Self.levels(of: location)
            guard levels.count >= locationLevels.count,
                  zip(levels, locationLevels).allSatisfy({ ExactString.equal(String($0), String($1)) }) else { return false }
        }
        if let label {
            guard let labels = item.labels, labels.contains(where: { ExactString.equal($0, label) }) else { return false }
        }
        guard !words.isEmpty else { return true }
        return searchText[index].withUnsafeBytes { haystack in
            words.allSatisfy { word in word.withUnsafeBytes { Self.bytes(haystack, contain: $0) } }
        }
    }

    /// Whether `needle` occurs in `haystack`: `memchr` to each place its first byte is, then
    /// `memcmp`.
    static func bytes(_ haystack: UnsafeRawBufferPointer, contain needle: UnsafeRawBufferPointer) -> Bool {
        guard let first = needle.first, let start = haystack.baseAddress, let wanted = needle.baseAddress else { return needle.isEmpty }
        let last = haystack.count - needle.count
        var index = 0
        while index <= last {
            guard let found = memchr(start + index, Int32(first), last - index + 1) else { return false }
            if memcmp(found, wanted, needle.count) == 0 { return true }
            index = start.distance(to: UnsafeRawPointer(found)) + 1
        }
        return false
    }

    /// A location's levels ("House › Garage" → "House", "Garage"), each trimmed.
    static func levels(of location: String) -> [Substring] {
        location.split(separator: ItemRules.locationSeparator.trimmingCharacters(in: .whitespaces), omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces)[...] }
    }

    /// Positions of ``items`` in `order`, sorted on first use and kept.
    private func order(_ order: ItemOrder) -> [Int32] {
        if let known = orders.lookUp(order) { return known }
        let positions = order.positions(of: items)
        orders.keep(positions, for: order)
        return positions
    }

    /// Groups by name as people read names, the group without a name last.
    private static func sortedGroups(_ groups: Dictionary<PropertyListKey, GroupTotals>.Values, nilLast: Bool) -> [GroupTotals] {
        groups.sorted { a, b in
            guard let x = a.name else { return false }
            guard let y = b.name else { return true }
            return ItemOrder.compareText(x, y) == .orderedAscending
        }
    }
}

extension GroupTotals {
    fileprivate mutating func count(_ item: Item, shown match: Bool) {
        all.add(item)
        if match { shown.add(item) }
    }
}

/// The orders a catalog has sorted, shared by its copies.
private final class OrderCache: Sendable {
    private let sorted = Mutex<[ItemOrder: [Int32]]>([:])

    func lookUp(_ order: ItemOrder) -> [Int32]? { sorted.withLock { $0[order] } }
    func keep(_ positions: [Int32], for order: ItemOrder) { sorted.withLock { $0[order] = positions } }
}
