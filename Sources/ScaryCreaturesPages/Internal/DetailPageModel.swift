import WebSupport

/// What the detail page's template shows.
struct DetailPageModel: Sendable, Encodable {
    var id: Int
    var title: String
    var version: String
    /// Changes whenever the photo does (the photo URL carries it); nil without a photo.
    var photoTag: String?
    var rating: RatingDisplay
    var ratingOptions: [MenuChoice]
    var problems: [String]
    var maxPhotoBytes: Int
    var maxPhotoText: String
    var formError: String?
    /// Who added it and changed it, its last changes; nil when no person has changed it.
    var history: HistoryModel?
}
