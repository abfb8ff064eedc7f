import ScaryCreatures
import WebSupport

/// What the list page shows, read from its URL (``WebSupport/ListQuery``):
/// `/?q=ghost&sort=rating-desc&page=2`.
typealias CreatureListQuery = ListQuery<CreatureListRules>

/// The list page's sort keys and page size (it has no filters beside the search).
enum CreatureListRules: ListQueryRules {
    static let defaultSort = CreatureQuery.Order.id
    static let sortChoices: [(value: String, label: String)] = [
        ("id", "Oldest first"), ("id-desc", "Newest first"), ("title", "Title, A to Z"), ("title-desc", "Title, Z to A"),
        ("rating-desc", "Rating, highest first"), ("rating", "Rating, lowest first"),
    ]
    static let filters: [(name: String, maxLength: Int)] = []
    /// The filter text keeps at most 200 characters.
    static let maxTextLength = 200
    static let pageSize = 50
}
