import Mustache

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
    /// The details' fields (ids prefixed "new-").
    var details = DetailFieldsModel(idPrefix: "new-")
    /// Some detail was typed: the details are shown open.
    var hasDetails = false
}

/// A damaged archive, as the pages show it.
struct DamageModel: Sendable {
    var reason: String
    var command: String
}

/// A row's fields by name, for the template: rendering through reflection (`Mirror`) took most of
/// the time of a page of 10,000 items.
extension ListPageModel.Row: MustacheParent {
    /// The field named `name` (nil for another name, which the template then looks up in the page).
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "name": self.name
        case "serialNumber": serialNumber
        case "valueText": valueText
        case "valueInDollars": valueInDollars
        case "dateText": dateText
        case "dateISO": dateISO
        case "photoTag": photoTag
        case "hasPage": hasPage
        default: nil
        }
    }
}

/// The page's fields by name: each row's `{{^damage}}` is looked up here, 10,000 times on a page
/// of 10,000 items.
extension ListPageModel: MustacheParent {
    /// The field named `name` (nil for another name).
    func child(named name: String) -> Any? {
        switch name {
        case "sortOptions": sortOptions
        case "rows": rows
        case "countText": countText
        case "totalText": totalText
        case "isEmpty": isEmpty
        case "printedOn": printedOn
        case "printedOnISO": printedOnISO
        case "damage": damage
        case "problems": problems
        case "add": add
        case "maxPhotoBytes": maxPhotoBytes
        default: nil
        }
    }
}
