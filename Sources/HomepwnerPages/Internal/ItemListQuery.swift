import Foundation
import Homepwner
import WebSupport

/// The order of the inventory page, read from its URL (`/?sort=value&order=desc`, or the sort
/// menu's `sort=value-desc`): the API's fields and order (``Homepwner/ItemOrder``). Anything unknown falls back to
/// the default (oldest first), so every URL shows the list.
struct ItemListQuery: Sendable, Equatable {
    var field: ItemOrder.Field = .date
    /// Largest (or latest, or Z) first.
    var descending = false

    /// The query of `query` (the URL's text after `?`).
    init(query: String?) {
        let form = HTMLForm(query ?? "")
        let parts = (form["sort"] ?? "").split(separator: "-", maxSplits: 1)
        field = parts.first.flatMap { ItemOrder.Field(rawValue: String($0)) } ?? .date
        let order: String? = parts.count == 2 ? String(parts[1]) : form["order"]
        descending = order == "desc"
    }

    init() {}

    /// The sort menu's value for this order (`name`, `value-desc`).
    var sortValue: String { descending ? "\(field.rawValue)-desc" : field.rawValue }

    /// `items` in this order (the inventory's one order, ``Homepwner/ItemOrder``).
    func apply(to items: [Item]) -> [Item] {
        ItemOrder(field: field, descending: descending).apply(to: items)
    }

    /// The sort menu's choices.
    static let sortChoices: [(value: String, label: String)] = [
        ("date", "Oldest first"), ("date-desc", "Newest first"), ("name", "Name, A to Z"), ("name-desc", "Name, Z to A"),
        ("value-desc", "Value, highest first"), ("value", "Value, lowest first"),
    ]
}
