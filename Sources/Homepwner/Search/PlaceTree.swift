import Foundation
import KeyedArchive

/// Where things are: every location an item is at, every location the user keeps, and each of
/// their parents, with the totals of the items at it or inside it — the same totals the location
/// filter shows for it — and the items without a location. The locations page draws it as a
/// tree; `homepwner locations tree` prints it; `GET /api/places` answers it.
public struct PlaceTree: Sendable, Equatable {
    /// One location.
    public struct Place: Sendable, Equatable {
        /// Its levels joined by " › ".
        public var name: String
        /// Its levels ("House", "Garage").
        public var levels: [String]
        /// The items at it or inside it.
        public var totals: ItemTotals
        /// Whether it is in the user's list of locations.
        public var isKept: Bool

        /// How deep it is: 1 for a top-level location.
        public var depth: Int { levels.count }
    }

    /// Every place, parents before their children, each level sorted as people read names.
    public var places: [Place]
    /// The items without a location.
    public var withoutLocation: ItemTotals
    /// Every item.
    public var everything: ItemTotals

    /// The places of `catalog`, with the user's list `kept`.
    public init(_ catalog: ItemCatalog, kept: [String]) {
        self.init(catalog.search(ItemQuery()), kept: kept)
    }

    /// The places of `result`, a search of the whole inventory (its totals by place and by
    /// location), with the user's list `kept`.
    public init(_ result: ItemSearchResult, kept: [String]) {
        var byName: [PropertyListKey: Place] = [:]
        for group in result.byPlace {
            guard let name = group.name else { continue }
            byName[PropertyListKey(name)] = Place(name: name, levels: ItemRules.locationLevels(name), totals: group.all, isKept: false)
        }
        for name in kept {
            let levels = ItemRules.locationLevels(name)
            guard !levels.isEmpty else { continue }
            for count in 1...levels.count {
                let parent = levels.prefix(count).joined(separator: ItemRules.locationSeparator)
                let key = PropertyListKey(parent)
                if byName[key] == nil { byName[key] = Place(name: parent, levels: Array(levels.prefix(count)), totals: ItemTotals(), isKept: false) }
                if count == levels.count { byName[key]?.isKept = true }
            }
        }
        places = byName.values.sorted(by: Self.readsBefore)
        withoutLocation = result.byLocation.first { $0.name == nil }?.all ?? ItemTotals()
        everything = result.everything
    }

    /// The place called `name` (compared by code point), if there is one.
    public func place(named name: String) -> Place? {
        places.first { ExactString.equal($0.name, name) }
    }

    /// The places one level inside `parent`.
    public func children(of parent: Place) -> [Place] {
        places.filter { place in
            place.depth == parent.depth + 1 && zip(place.levels, parent.levels).allSatisfy { ExactString.equal($0, $1) }
        }
    }

    /// Level by level as people read names: a parent before its children, "Attic" before "House".
    static func readsBefore(_ a: Place, _ b: Place) -> Bool {
        for (x, y) in zip(a.levels, b.levels) {
            let order = ItemOrder.compareText(x, y)
            if order != .orderedSame { return order == .orderedAscending }
        }
        return a.levels.count < b.levels.count
    }
}

extension ItemStore {
    /// Where things are: every location in use or kept, and each parent, with their totals.
    ///
    /// - Throws: what ``catalog()`` throws; a list of locations that cannot be read counts as
    ///   empty (the locations page says why).
    public func placeTree() async throws -> PlaceTree {
        let kept = (try? await locations().names) ?? []
        return PlaceTree(try await catalog(), kept: kept)
    }
}
