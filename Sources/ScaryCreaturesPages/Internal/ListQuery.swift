import ScaryCreatures
import WebSupport

/// What the list page shows: the filter, the order and the page, read from its URL
/// (`/?q=ghost&sort=rating&order=desc&page=2`). Anything unknown falls back to the default, so
/// every URL shows a list.
struct ListQuery: Sendable, Equatable {
    /// Creatures per page.
    static let pageSize = 50

    /// The filter text (at most 200 characters kept).
    var text = ""
    /// The order.
    var sort: CreatureQuery.Order = .id
    /// Largest first.
    var descending = false
    /// The page, from 1.
    var page = 1

    /// The query of `query` (the URL's text after `?`).
    init(query: String?) {
        let form = HTMLForm(query ?? "")
        text = String((form["q"] ?? "").prefix(200))
        // `sort` may carry its order (`rating-desc`, the sort menu's values) or leave it to `order`.
        let sortField = form["sort"] ?? "id"
        let parts = sortField.split(separator: "-", maxSplits: 1)
        sort = parts.first.flatMap { .init(rawValue: String($0)) } ?? .id
        let order: String? = parts.count == 2 ? String(parts[1]) : form["order"]
        descending = order == "desc"
        if let page = form["page"].flatMap({ Int($0) }), page >= 1, page <= 1_000_000 { self.page = page }
    }

    init() {}

    /// The sort menu's value for this order (`title`, `rating-desc`).
    var sortValue: String { descending ? "\(sort.rawValue)-desc" : sort.rawValue }

    /// The URL of page `page` of this list.
    func url(page: Int) -> String {
        var items: [String] = []
        if !text.isEmpty { items.append("q=\(HTMLForm.escape(text))") }
        if sort != .id || descending { items.append("sort=\(HTMLForm.escape(sortValue))") }
        if page > 1 { items.append("page=\(page)") }
        return items.isEmpty ? "/" : "/?" + items.joined(separator: "&")
    }

    /// The sort menu's choices.
    static let sortChoices: [(value: String, label: String)] = [
        ("id", "Oldest first"), ("id-desc", "Newest first"), ("title", "Title, A to Z"), ("title-desc", "Title, Z to A"),
        ("rating-desc", "Rating, highest first"), ("rating", "Rating, lowest first"),
    ]
}
