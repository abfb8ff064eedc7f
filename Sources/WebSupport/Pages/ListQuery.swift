/// What a list page shows, read from its URL by its app's ``ListQueryRules``: the search
/// (`q`), the filters (`location=Attic`), the order (`sort=name&order=desc`, or the sort menu's
/// `sort=name-desc`) and the page (`page`, from 1).
///
/// Reading accepts any query: an unknown sort key, a malformed page number or a missing value
/// falls back to the default (the rules' default order, smallest first, page 1); a search or
/// filter over its limit is cut to it. A page number below 1 is page 1, and a page past the
/// last (`page=99` of 3, however large the number) shows the last page: the list clamps it
/// (``clampingPage(count:)``, and the ``Pager`` does the same), so every URL shows a page.
///
/// ``url(page:)`` writes the canonical URL: only what differs from the defaults, in a fixed
/// order (`q`, the filters in the rules' order, `sort`, `page`), each value percent-encoded.
public struct ListQuery<Rules: ListQueryRules>: Sendable, Hashable {
    /// The search's words, as typed.
    public var text = ""
    /// The order.
    public var sort: Rules.SortKey = Rules.defaultSort
    /// Largest (or latest, or Z) first.
    public var descending = false
    /// The page, from 1 (past the last until ``clampingPage(count:)``).
    public var page = 1
    /// The filters set, by name (never empty values).
    private var filters: [String: String] = [:]

    /// The largest page number kept when read: more than any list has pages.
    public static var maxPage: Int { 1_000_000 }

    /// The default list: everything, in the default order, page 1.
    public init() {}

    /// The query of `query` (the URL's text after `?`; nil for none).
    public init(query: String?) {
        let form = HTMLForm(query ?? "")
        text = String((form["q"] ?? "").prefix(Rules.maxTextLength))
        for filter in Rules.filters {
            self[filter: filter.name] = form[filter.name].map { String($0.prefix(filter.maxLength)) }
        }
        // `sort` may carry its order (`name-desc`, the sort menu's values) or leave it to `order`.
        let parts = (form["sort"] ?? "").split(separator: "-", maxSplits: 1)
        sort = parts.first.flatMap { Rules.SortKey(rawValue: String($0)) } ?? Rules.defaultSort
        let order: String? = parts.count == 2 ? String(parts[1]) : form["order"]
        descending = order == "desc"
        page = form["page"].map(Self.page(reading:)) ?? 1
    }

    /// The value of filter `name`; nil when it is not set. Setting an empty value clears it.
    public subscript(filter name: String) -> String? {
        get { filters[name] }
        set { filters[name] = newValue.flatMap { $0.isEmpty ? nil : $0 } }
    }

    /// The sort menu's value for this order (`name`, `value-desc`).
    public var sortValue: String { descending ? "\(sort.rawValue)-desc" : sort.rawValue }

    /// The sort menu, this order selected.
    public var sortMenu: [MenuChoice] {
        Rules.sortChoices.map { MenuChoice(value: $0.value, label: $0.label, selected: $0.value == sortValue) }
    }

    /// This query with its page within the pages of `count` things: the last when past it.
    public func clampingPage(count: Int) -> Self {
        var clamped = self
        clamped.page = Pager.page(page, pageSize: Rules.pageSize, count: count)
        return clamped
    }

    /// The positions of the things this page shows of `count` (the last page when past it).
    public func range(count: Int) -> Range<Int> {
        Pager.range(ofPage: page, pageSize: Rules.pageSize, count: count)
    }

    /// The links around this page of `count` things called `noun` ("Items"); nil when they fit
    /// on one page.
    public func pager(count: Int, noun: String) -> Pager? {
        Pager(page: page, pageSize: Rules.pageSize, count: count, noun: noun, url: url(page:))
    }

    /// The canonical URL of page `page` of this list on the app's start page (`/`): only what
    /// differs from the defaults, in a fixed order, percent-encoded.
    public func url(page: Int) -> String {
        var parts: [(String, String)] = []
        if !text.isEmpty { parts.append(("q", text)) }
        for filter in Rules.filters {
            if let value = filters[filter.name] { parts.append((filter.name, value)) }
        }
        if sort != Rules.defaultSort || descending { parts.append(("sort", sortValue)) }
        if page > 1 { parts.append(("page", String(page))) }
        guard !parts.isEmpty else { return "/" }
        return "/?" + parts.map { "\($0)=\(HTMLForm.escape($1))" }.joined(separator: "&")
    }

    /// The page number `text` names: within 1 and ``maxPage`` (a number too long for `Int` is
    /// past the last page), 1 for what is not a whole number.
    private static func page(reading text: String) -> Int {
        if let number = Int(text) { return min(max(number, 1), maxPage) }
        let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) ? maxPage : 1
    }
}
