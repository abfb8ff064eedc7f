/// What the import summary page shows (the plain form's answer).
struct ImportPageModel: Sendable, Encodable {
    /// One file's outcome.
    struct Line: Sendable, Encodable {
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

/// What a plain form's post carries to the page its redirect shows.
enum CarriedPage: Sendable {
    /// The add form's title as typed, with its refusal: for the list.
    case add(title: String, refusal: String)
    /// A refused change in words: for the creature's page.
    case refusal(String)
    /// An import's results: for `GET /imports`.
    case imported(ImportPageModel)

    /// The title typed in the add form, when that is what is carried.
    var addTitle: String? {
        if case .add(let title, _) = self { return title }
        return nil
    }

    /// The refusal, when one is carried.
    var refusal: String? {
        switch self {
        case .add(_, let refusal), .refusal(let refusal): refusal
        case .imported: nil
        }
    }
}
