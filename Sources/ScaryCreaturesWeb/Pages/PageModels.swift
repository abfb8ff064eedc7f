import Foundation
import ScaryCreatures

/// What the list page's template shows.
struct ListPageModel: Sendable {
    /// One creature of the list.
    struct Row: Sendable {
        var id: Int
        var title: String
        var version: String
        /// Changes whenever the photo does (the thumbnail URL carries it); nil without a photo.
        var photoTag: String?
        var ratingClass: String
        var ratingText: String
    }

    /// A choice of the sort menu.
    struct SortOption: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    var q: String
    var sortOptions: [SortOption]
    var rows: [Row]
    /// "3 creatures", "2 of 40 creatures match “gh”".
    var countText: String
    /// No creature at all: the welcome.
    var isEmpty: Bool
    /// Creatures, but none match the filter.
    var noMatches: Bool
    var prevURL: String?
    var nextURL: String?
    /// "Page 2 of 7"; nil when there is one page.
    var pageText: String?
    /// Unreadable bundles, listed beside.
    var problems: [String]
    var addTitle = ""
    var addError: String?
    var maxPhotoBytes: Int
}

/// What the detail page's template shows.
struct DetailPageModel: Sendable {
    var id: Int
    var title: String
    var version: String
    /// Changes whenever the photo does (the photo URL carries it); nil without a photo.
    var photoTag: String?
    var rating: RatingDisplay
    var ratingOptions: [RatingDisplay.Option]
    var problems: [String]
    var maxPhotoBytes: Int
    var maxPhotoText: String
    var formError: String?
}

/// What the import summary page shows (the plain form's answer).
struct ImportPageModel: Sendable {
    /// One file's outcome.
    struct Line: Sendable {
        var text: String
        var id: Int?
    }

    var imported: [Line]
    var skipped: [Line]
    var error: String?
    /// Mustache reads stored properties only: set from the lists before rendering.
    var hasImported = false
    var hasSkipped = false
}

/// A page for a failure (a creature that does not exist, a form that cannot be read).
struct ErrorPageModel: Sendable {
    var heading: String
    var message: String
}
