import Foundation
import KeyedArchive
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The inventory made ready to be searched, filtered, sorted and paged many times: built once
/// for each state of the archive (``ItemStore/catalog()`` keeps it until the archive changes),
/// after which a query is one pass over small per-item facts — each item's text folded once, its
/// location and labels as numbers of groups named once — and each order is sorted once.
public struct ItemCatalog: Sendable {
    /// Every item, in the archive's order.
    public let items: [Item]
    /// Per item: what a search looks in, folded (``SearchFolding``), fields apart by a byte no
    /// folded word holds.
    private let searchText: [[UInt8]]
    /// Per item: its location's group in ``locations``, -1 for none.
    private let locationGroup: [Int32]
    /// Per item: its labels' groups in ``labels``, each once.
    private let labelGroups: [[Int32]]
    /// The locations (whole, as archived), and each one's levels for the location filter.
    private let locations: [(name: String, levels: [String])]
    /// The labels.
    private let labels: [String]
    /// The group of each label, by code point.
    private let labelIndex: [PropertyListKey: Int32]
    /// The orders sorted so far, as positions in ``items``.
    private let orders: OrderCache
    /// The keys, for codes typed in any case (``keyMatch(_:)``).
    let keyIndex: ItemKeyIndex

    /// The catalog of `items`.
    public init(items: [Item]) {
        self.items = items
        searchText = items.map(Self.searchText(of:))
        var locationIndex: [PropertyListKey: Int32] = [:]
        var locations: [(name: String, levels: [String])] = []
        var labelIndex: [PropertyListKey: Int32] = [:]
        var labels: [String] = []
        var locationGroup: [Int32] = []
        var labelGroups: [[Int32]] = []
        locationGroup.reserveCapacity(items.count)
        labelGroups.reserveCapacity(items.count)
        for item in items {
            if let location = item.location, !location.isEmpty {
                let key = PropertyListKey(location)
                if let group = locationIndex[key] {
                    locationGroup.append(group)
                } else {
                    let group = Int32(locations.count)
                    locationIndex[key] = group
                    locations.append((location, ItemRules.locationLevels(location)))
                    locationGroup.append(group)
                }
            } else {
                locationGroup.append(-1)
            }
            var groups: [Int32] = []
            for label in item.labels ?? [] {
                let key = PropertyListKey(label)
                let group: Int32
                if let known = labelIndex[key] {
                    group = known
                } else {
                    group = Int32(labels.count)
                    labelIndex[key] = group
                    labels.append(label)
                }
                if !groups.contains(group) { groups.append(group) }
            }
            labelGroups.append(groups)
        }
        self.locationGroup = locationGroup
        self.labelGroups = labelGroups
        self.locations = locations
        self.labels = labels
        self.labelIndex = labelIndex
        orders = OrderCache()
        keyIndex = ItemKeyIndex(keys: items.map(\.itemKey))
    }

    private static func searchText(of item: Item) -> [UInt8] {
        var fields = [item.itemName, item.serialNumber]
        for field in [item.modelName, item.manufacturer, item.location, item.notes] { if let field { fields.append(field) } }
        fields.append(contentsOf: item.labels ?? [])
        for field in item.customFields ?? [] { fields.append(contentsOf: [field.name, field.value]) }
        var text: [UInt8] = []
        for field in fields {
            text.append(contentsOf: SearchFolding.fold(field))
            text.append(0x1F)
        }
        return text
    }

    /// Every location the items have, each once (by code point), in the archive's order.
    public var locationNames: [String] { locations.map(\.name) }

    /// The page of items matching `query`, with the totals of the matches, of everything, and by
    /// location and label.
    public func search(_ query: ItemQuery) -> ItemSearchResult {
        let words = ItemQuery.words(of: query.text)
        // A label's code finds its item: alone, or beside what the words find when shorter.
        let code = codeMatch(query.text)
        // The filters as groups: which locations are the one asked for or inside it, which label
        // it is (nil when no item has it: nothing matches).
        let wantedLocations: [Bool]? = query.location.map { wanted in
            let levels = ItemRules.locationLevels(wanted)
            return locations.map { location in
                location.levels.count >= levels.count && zip(location.levels, levels).allSatisfy { ExactString.equal($0, $1) }
            }
        }
        let wantedLabel: Int32?? = query.label.map { labelIndex[PropertyListKey($0)] }
        var matched = [Bool](repeating: false, count: items.count)
        var shown = ItemTotals(), everything = ItemTotals()
        var locationTotals = [GroupTotals](repeating: GroupTotals(name: nil), count: locations.count)
        var noLocation = GroupTotals(name: nil)
        var labelTotals = [GroupTotals](repeating: GroupTotals(name: nil), count: labels.count)
        var archivedLeftOut = 0
        for index in items.indices {
            let item = items[index]
            // An item the archive filter does not take is in no total, as if it were not there.
            guard query.archived.takes(item) else {
                if item.isArchived { archivedLeftOut += 1 }
                continue
            }
            var match = true
            let location = locationGroup[index]
            if let wantedLocations { match = location >= 0 && wantedLocations[Int(location)] }
            if query.withoutLocation { match = location < 0 }
            if match, let wantedLabel { match = wantedLabel.map { labelGroups[index].contains($0) } ?? false }
            if match, let code, code.alone {
                match = index == code.position
            } else if match, !words.isEmpty {
                match = contains(words, at: index) || index == code?.position
            }
            matched[index] = match
            everything.add(item)
            if match { shown.add(item) }
            if location >= 0 {
                locationTotals[Int(location)].count(item, shown: match)
            } else {
                noLocation.count(item, shown: match)
            }
            for group in labelGroups[index] { labelTotals[Int(group)].count(item, shown: match) }
        }
        var page: [Item] = []
        var skipped = 0
        let limit = query.limit ?? Int.max
        for position in order(query.order) where matched[Int(position)] {
            if skipped < query.offset { skipped += 1; continue }
            if page.count == limit { break }
            page.append(items[Int(position)])
        }
        for group in locationTotals.indices { locationTotals[group].name = locations[group].name }
        for group in labelTotals.indices { labelTotals[group].name = labels[group] }
        let byPlace = places(locationTotals)
        var byLocation = Self.sortedGroups(locationTotals)
        if noLocation.all.count > 0 { byLocation.append(noLocation) }
        return ItemSearchResult(
            items: page, offset: query.offset, shown: shown, everything: everything,
            byLocation: byLocation, byPlace: byPlace, byLabel: Self.sortedGroups(labelTotals), archivedLeftOut: archivedLeftOut
        )
    }

    /// Whether item `index`'s text holds every word.
    private func contains(_ words: [[UInt8]], at index: Int) -> Bool {
        searchText[index].withUnsafeBytes { haystack in
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

    /// Every location in use and each of its parents, each with the totals of the items at it or
    /// inside it (what the location filter shows), from the totals of each location in use.
    /// Named by their levels joined by " › "; a location deeper than the rules allow gives its
    /// first levels as parents, not one parent per level (work stays proportional to the text).
    private func places(_ totals: [GroupTotals]) -> [GroupTotals] {
        var places: [PropertyListKey: GroupTotals] = [:]
        for (location, total) in zip(locations, totals) where !location.levels.isEmpty {
            let depth = location.levels.count
            let parents = Set(1...max(1, min(depth, ItemRules.maxLocationLevels))).union([depth])
            for count in parents.sorted() where count > 0 {
                let name = location.levels.prefix(count).joined(separator: ItemRules.locationSeparator)
                places[PropertyListKey(name), default: GroupTotals(name: name)].add(total)
            }
        }
        return Self.sortedGroups(Array(places.values))
    }

    /// The items that break a rule (an archive written elsewhere, or by an older version), each
    /// with what it breaks, in the archive's order: worked out on first use and kept.
    public var problems: [(item: Item, problems: [ItemProblem])] {
        if let known = orders.problems() { return known }
        let found = items.compactMap { item -> (item: Item, problems: [ItemProblem])? in
            let problems = ItemRules.problems(of: item)
            return problems.isEmpty ? nil : (item, problems)
        }
        orders.keep(problems: found)
        return found
    }

    /// Positions of ``items`` in `order`, sorted on first use and kept.
    private func order(_ order: ItemOrder) -> [Int32] {
        if let known = orders.lookUp(order) { return known }
        let positions = order.positions(of: items)
        orders.keep(positions, for: order)
        return positions
    }

    /// Named groups by name as people read names.
    private static func sortedGroups(_ groups: [GroupTotals]) -> [GroupTotals] {
        groups.sorted { a, b in ItemOrder.compareText(a.name ?? "", b.name ?? "") == .orderedAscending }
    }
}

extension GroupTotals {
    fileprivate mutating func count(_ item: Item, shown match: Bool) {
        all.add(item)
        if match { shown.add(item) }
    }

    /// Adds another group's totals to this one's.
    fileprivate mutating func add(_ other: GroupTotals) {
        all.add(other.all)
        shown.add(other.shown)
    }
}

/// What a catalog works out on first use — the orders sorted, the items breaking a rule —
/// shared by its copies.
private final class OrderCache: Sendable {
    private let sorted = Mutex<[ItemOrder: [Int32]]>([:])
    private let found = Mutex<[(item: Item, problems: [ItemProblem])]?>(nil)

    func lookUp(_ order: ItemOrder) -> [Int32]? { sorted.withLock { $0[order] } }
    func keep(_ positions: [Int32], for order: ItemOrder) { sorted.withLock { $0[order] = positions } }
    func problems() -> [(item: Item, problems: [ItemProblem])]? { found.withLock { $0 } }
    func keep(problems: [(item: Item, problems: [ItemProblem])]) { found.withLock { $0 = problems } }
}
