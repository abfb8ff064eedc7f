import WebSupport

/// What the list page's template shows.
struct ListPageModel: Sendable, Encodable {
    /// One creature of the list.
    struct Row: Sendable, Encodable {
        var id: Int
        var title: String
        var version: String
        /// Changes whenever the photo does (the thumbnail URL carries it); nil without a photo.
        var photoTag: String?
        var ratingClass: String
        var ratingText: String
    }

    var q: String
    var sortOptions: [MenuChoice]
    var rows: [Row]
    /// "3 creatures", "2 of 40 creatures match “gh”".
    var countText: String
    /// No creature at all: the welcome.
    var isEmpty: Bool
    /// Creatures, but none match the filter.
    var noMatches: Bool
    /// The links around this page; nil when there is one page.
    var pager: Pager?
    /// Unreadable bundles, listed beside.
    var problems: [String]
    var addTitle = ""
    var addError: String?
    var maxPhotoBytes: Int
}
