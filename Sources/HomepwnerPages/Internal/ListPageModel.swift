import WebSupport

/// What the inventory page's template shows.
struct ListPageModel: Sendable, Encodable {
    /// One item of the table.
    struct Row: Sendable, Encodable {
        var key: String
        var name: String
        var serialNumber: String
        /// Where it is kept; empty for nowhere.
        var locationText: String
        /// Its labels, separated by commas.
        var labelsText: String
        /// How many there are (1 when the quantity is not set).
        var quantityText: String
        /// The item's total value (its value times its quantity), `$1,500`.
        var valueText: String
        /// "3 × $500 each" when the quantity is not one.
        var eachText: String?
        /// The total value in dollars, for the script that leaves out rows waiting for their delete.
        var valueInDollars: Int
        var dateText: String
        var dateISO: String
        /// Changes whenever the photo does (the thumbnail URL carries it); nil without a photo.
        var photoTag: String?
        /// The key is a UUID, so the item has a page (an item read from a foreign archive may not).
        var hasPage: Bool
        /// "Archived 3 Mar 2026" when it is archived.
        var archivedText: String?
    }

    /// One line of the totals by location or by label.
    struct GroupRow: Sendable, Encodable {
        var name: String
        var countText: String
        var valueText: String
        var shownCountText: String
        var shownValueText: String
    }

    /// The inventory at a glance: on the first page of the whole inventory, when it has items.
    var dashboard: DashboardModel?
    /// What a printed copy of a narrowed list says it holds ("Only the items matching “drill”,
    /// at House › Garage or inside it."); nil for the whole inventory.
    var printedFilter: String?
    var sortOptions: [MenuChoice]
    /// The search as typed.
    var searchText: String
    var locationOptions: [MenuChoice]
    var labelOptions: [MenuChoice]
    /// Hide archived items, include them, or only them.
    var archivedOptions: [MenuChoice]
    /// "2 archived items are not shown." when the list leaves some out; with the link that shows them.
    var archivedNote: String?
    var showArchivedURL: String?
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
    var hasLabels: Bool
    /// No item at all: the welcome.
    var isEmpty: Bool
    /// "23 Nov 2026", for the printed inventory.
    var printedOn: String
    var printedOnISO: String
    /// The archive cannot be read: why, and the command that repairs it; the page is read-only.
    var damage: DamageModel?
    /// No control that changes data is shown: the archive is damaged, or the person is a viewer.
    var readOnly: Bool
    /// Items that break a rule (from an older file or another program), listed beside.
    var problems: [String]
    var add: AddFormModel
    var maxPhotoBytes: Int
}

/// The add form as it is shown again after a refusal.
struct AddFormModel: Sendable, Encodable {
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
struct DamageModel: Sendable, Encodable {
    var reason: String
    var command: String
    var newer = false
}
