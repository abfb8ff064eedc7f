/// What the inventory page's template shows.
struct ListPageModel: Sendable {
    /// One item of the table.
    struct Row: Sendable {
        var key: String
        var name: String
        var serialNumber: String
        var valueText: String
        var valueInDollars: Int
        var dateText: String
        var dateISO: String
        /// Changes whenever the photo does (the thumbnail URL carries it); nil without a photo.
        var photoTag: String?
        /// The key is a UUID, so the item has a page (an item read from a foreign archive may not).
        var hasPage: Bool
    }

    /// A choice of the sort menu.
    struct SortOption: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    var sortOptions: [SortOption]
    var rows: [Row]
    /// "3 items".
    var countText: String
    /// The total value of every item, `$1,234`.
    var totalText: String
    /// No item at all: the welcome.
    var isEmpty: Bool
    /// "23 Nov 2026", for the printed inventory.
    var printedOn: String
    var printedOnISO: String
    /// The archive cannot be read: why, and the command that repairs it; the page is read-only.
    var damage: DamageModel?
    /// Items that break a rule (from an older file or another program), listed beside.
    var problems: [String]
    var add: AddFormModel
    var maxPhotoBytes: Int
}

/// The add form as it is shown again after a refusal.
struct AddFormModel: Sendable {
    var name = ""
    var serialNumber = ""
    var value = ""
    var error: String?
}

/// A damaged archive, as the pages show it.
struct DamageModel: Sendable {
    var reason: String
    var command: String
}
