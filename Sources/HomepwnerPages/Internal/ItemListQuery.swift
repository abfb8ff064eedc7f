import Foundation
import Homepwner
import WebSupport

/// What the inventory page shows, read from its URL: a search (`q`), a location and a label
/// (`location`, `label`), the order (`sort=value&order=desc`, or the sort menu's
/// `sort=value-desc`: the API's fields and order, ``Homepwner/ItemOrder``) and the page (`page`,
/// ``pageSize`` items each). Anything unknown or out of range falls back to the default (every
/// item, oldest first, the first page), so every URL shows the list; a search or filter over its
/// limit is cut to it.
struct ItemListQuery: Sendable, Equatable {
    var field: ItemOrder.Field = .date
    /// Largest (or latest, or Z) first.
    var descending = false
    /// The search's words, as typed.
    var text = ""
    /// Only this location and what is inside it.
    var location: String?
    /// Only this label.
    var label: String?
    /// The page, from 1.
    var page = 1

    /// How many items one page shows.
    static let pageSize = 100

    /// The query of `query` (the URL's text after `?`).
    init(query: String?) {
        let form = HTMLForm(query ?? "")
        let parts = (form["sort"] ?? "").split(separator: "-", maxSplits: 1)
        field = parts.first.flatMap { ItemOrder.Field(rawValue: String($0)) } ?? .date
        let order: String? = parts.count == 2 ? String(parts[1]) : form["order"]
        descending = order == "desc"
        text = String((form["q"] ?? "").prefix(ItemQuery.maxTextLength))
        location = form["location"].flatMap { $0.isEmpty ? nil : String($0.prefix(ItemRules.maxLocationLength)) }
        label = form["label"].flatMap { $0.isEmpty ? nil : String($0.prefix(ItemRules.maxLabelLength)) }
        page = form["page"].flatMap { Int($0) }.map { min(max($0, 1), 1_000_000) } ?? 1
    }

    init() {}

    /// The sort menu's value for this order (`name`, `value-desc`).
    var sortValue: String { descending ? "\(field.rawValue)-desc" : field.rawValue }

    /// The store's query for this page.
    var itemQuery: ItemQuery {
        ItemQuery(
            text: text, location: location, label: label, order: ItemOrder(field: field, descending: descending),
            offset: (page - 1) * Self.pageSize, limit: Self.pageSize
        )
    }

    /// Whether a search or filter narrows the list.
    var narrows: Bool { itemQuery.narrows }

    /// The URL of this query's page `page` (only what differs from the defaults).
    func url(page: Int) -> String {
        var parts: [(String, String)] = []
        if !text.isEmpty { parts.append(("q", text)) }
        if let location { parts.append(("location", location)) }
        if let label { parts.append(("label", label)) }
        if sortValue != "date" { parts.append(("sort", sortValue)) }
        if page > 1 { parts.append(("page", String(page))) }
        guard !parts.isEmpty else { return "/" }
        return "/?" + parts.map { "\($0)=\(Self.encoded($1))" }.joined(separator: "&")
    }

    /// RFC 3986's unreserved characters: ASCII letters and digits, `-._~`.
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    private static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// The sort menu's choices.
    static let sortChoices: [(value: String, label: String)] = [
        ("date", "Oldest first"), ("date-desc", "Newest first"), ("name", "Name, A to Z"), ("name-desc", "Name, Z to A"),
        ("value-desc", "Value, highest first"), ("value", "Value, lowest first"),
        ("location", "Location, A to Z"), ("location-desc", "Location, Z to A"),
    ]
}
