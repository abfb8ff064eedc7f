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
