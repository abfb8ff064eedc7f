import Mustache
import WebSupport

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

    /// A choice of the location or label menu.
    struct FilterOption: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    /// One line of the totals by location or by label.
    struct GroupRow: Sendable {
        var name: String
        var countText: String
        var valueText: String
        var shownCountText: String
        var shownValueText: String
    }

    var sortOptions: [SortOption]
    /// The search as typed.
    var searchText: String
    var locationOptions: [FilterOption]
    var labelOptions: [FilterOption]
    /// A search or filter narrows the list.
    var narrows: Bool
    var rows: [Row]
    /// "3 items", or "2 of 3 items match".
    var countText: String
    /// The total value of the items that match, `$1,234`.
    var totalText: String
    /// The same in dollars, for the script that leaves out rows waiting for their delete.
    var totalValue: Int
    /// "of $5,000 in all", when a search or filter narrows the list.
    var allTotalText: String?
    /// Nothing matches the search or filters (and there are items).
    var noMatch: Bool
    var pager: Pager?
    var locationTotals: [GroupRow]
    var labelTotals: [GroupRow]
    /// Some item has a label.
    var hasLabels: Bool { !labelTotals.isEmpty }
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

/// A read-only archive, as the pages show it: damaged (with the command that repairs it), or
/// written by a newer model version (`newer`).
struct DamageModel: Sendable {
    var reason: String
    var command: String
    var newer = false
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
        case "searchText": searchText
        case "locationOptions": locationOptions
        case "labelOptions": labelOptions
        case "narrows": narrows
        case "rows": rows
        case "countText": countText
        case "totalText": totalText
        case "totalValue": totalValue
        case "allTotalText": allTotalText
        case "noMatch": noMatch
        case "pager": pager
        case "locationTotals": locationTotals
        case "labelTotals": labelTotals
        case "hasLabels": hasLabels
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
