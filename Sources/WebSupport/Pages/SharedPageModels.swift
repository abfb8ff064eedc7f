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

/// The shared error page (`error.mustache`): a heading and a sentence, with a way back.
public struct ErrorPageModel: Sendable, Encodable {
    /// The heading ("No such item").
    public var heading: String
    /// What happened, as a sentence.
    public var message: String

    /// A page saying `message` under `heading`.
    public init(heading: String, message: String) {
        self.heading = heading
        self.message = message
    }
}

/// The shared question before a plain-form delete (`confirm-delete.mustache`): there is no undo
/// without JavaScript.
public struct ConfirmDeletePageModel: Sendable, Encodable {
    /// The document's name as shown.
    public var label: String
    /// Where the confirmed form posts (with `confirm=yes`).
    public var deletePath: String
    /// The document's page, to keep it.
    public var keepPath: String
    /// What goes, in a sentence ("The item and its photo are deleted for good.").
    public var consequence: String

    /// The question for the document `label`.
    public init(label: String, deletePath: String, keepPath: String, consequence: String) {
        self.label = label
        self.deletePath = deletePath
        self.keepPath = keepPath
        self.consequence = consequence
    }
}
