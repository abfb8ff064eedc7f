import Foundation

/// Filtering and sorting of the creature list, the one order the API's `GET /api/creatures`
/// and the list page share.
public struct CreatureQuery: Sendable, Equatable {
    /// What the list is sorted by.
    public enum Order: String, Sendable, CaseIterable {
        /// The creature number: the order they were added in.
        case id
        /// The title, ignoring case, then by code point.
        case title
        /// The star rating; a rating that is not valid sorts below every valid one.
        case rating
    }

    /// Only titles containing this text, ignoring case; nil or empty for every creature.
    public var text: String?
    /// The order.
    public var order: Order
    /// Largest first.
    public var descending: Bool

    /// A query for creatures whose title contains `text`, in `order`.
    public init(text: String? = nil, order: Order = .id, descending: Bool = false) {
        self.text = text
        self.order = order
        self.descending = descending
    }

    /// `creatures` filtered and sorted; ties are broken by id, so the order is total and pages
    /// never repeat or skip a creature that did not change.
    public func apply(to creatures: [ScaryCreatureDoc]) -> [ScaryCreatureDoc] {
        var selected = creatures
        if let text, !text.isEmpty {
            selected = selected.filter { $0.title.range(of: text, options: [.caseInsensitive]) != nil }
        }
        let ascending: (ScaryCreatureDoc, ScaryCreatureDoc) -> Bool
        switch order {
        case .id:
            ascending = { $0.id < $1.id }
        case .title:
            let keys = Dictionary(uniqueKeysWithValues: selected.map { ($0.id, $0.title.lowercased()) })
            ascending = { lhs, rhs in
                let left = keys[lhs.id] ?? "", right = keys[rhs.id] ?? ""
                return left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars) || (left.unicodeScalars.elementsEqual(right.unicodeScalars) && lhs.id < rhs.id)
            }
        case .rating:
            let key: (ScaryCreatureDoc) -> Float = { CreatureRules.isValidRating($0.rating) ? $0.rating : -1 }
            ascending = { key($0) < key($1) || (key($0) == key($1) && $0.id < $1.id) }
        }
        selected.sort(by: ascending)
        if descending { selected.reverse() }
        return selected
    }
}
