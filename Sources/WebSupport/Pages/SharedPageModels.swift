/// What the pages say about the app they belong to, seen by every template as `site`: the shared
/// layout's title, brand and stylesheet, and the error page's way back.
public struct SiteIdentity: Sendable, Encodable {
    /// The app's name ("Homepwner").
    public var name: String
    /// The app's own stylesheet under `/assets/` (`homepwner.css`).
    public var stylesheet: String
    /// What the start page is called ("inventory", "list").
    public var startPage: String

    /// An identity.
    public init(name: String, stylesheet: String, startPage: String) {
        self.name = name
        self.stylesheet = stylesheet
        self.startPage = startPage
    }
}

/// The shared error page (`error.mustache`): a heading and a sentence, with a way back
/// (``PageResponses/errorPage(_:heading:message:)``).
struct ErrorPageModel: Sendable, Encodable {
    /// The heading ("No such item").
    var heading: String
    /// What happened, as a sentence.
    var message: String
}

/// The shared question before a plain-form delete (`confirm-delete.mustache`,
/// ``PageResponses/confirmDeletePage(label:path:consequence:)``): there is no undo without
/// JavaScript.
struct ConfirmDeletePageModel: Sendable, Encodable {
    /// The document's name as shown.
    var label: String
    /// Where the confirmed form posts (with `confirm=yes`).
    var deletePath: String
    /// The document's page, to keep it.
    var keepPath: String
    /// What goes, in a sentence ("The item and its photo are deleted for good.").
    var consequence: String
}
