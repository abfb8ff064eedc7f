/// What an item's page shows.
struct ItemPageModel: Sendable {
    var key: String
    var name: String
    var serialNumber: String
    /// The value as typed in its field (`1200`).
    var value: String
    var valueText: String
    var dateText: String
    var dateISO: String
    var photoTag: String?
    var problems: [String]
    var maxPhotoBytes: Int
    var maxPhotoText: String
    /// A refused plain form, in words.
    var formError: String?
    var damage: DamageModel?
    /// Changes are refused (a damaged archive): the page shows the fields without forms.
    var readOnly: Bool
}

/// The question before a plain-form delete.
struct ConfirmDeletePageModel: Sendable {
    var key: String
    var name: String
}

/// An error page.
struct ErrorPageModel: Sendable {
    var heading: String
    var message: String
}
