/// What one app's list page reads from its URL, declared once (an enum of the app's pages):
/// its sort keys and menu, its filters, how much of the search it keeps and how many things a
/// page shows. ``ListQuery`` reads and writes the URLs by these rules.
public protocol ListQueryRules: Sendable {
    /// The orders the list can be sorted in: an enum of the app's model, whose raw values the
    /// URL carries (`sort=name`).
    associatedtype SortKey: RawRepresentable, Sendable, Hashable where SortKey.RawValue == String

    /// The order of a URL without `sort`, smallest (or oldest, or A) first.
    static var defaultSort: SortKey { get }
    /// The sort menu's choices, in the menu's order: the value (`name`, or `value-desc` for
    /// largest first) and its words.
    static var sortChoices: [(value: String, label: String)] { get }
    /// The filters beside the search, in the order the URL names them: each one's parameter
    /// (`location`) and the most characters of its value kept (the rest are cut).
    static var filters: [(name: String, maxLength: Int)] { get }
    /// The most characters of the search (`q`) kept.
    static var maxTextLength: Int { get }
    /// How many things one page shows.
    static var pageSize: Int { get }
}
