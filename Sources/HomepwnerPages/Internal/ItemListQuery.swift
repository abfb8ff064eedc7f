import Homepwner
import WebSupport

/// What the inventory page shows, read from its URL (``WebSupport/ListQuery``): a search
/// (`q`), a location and a label (`location`, `label`), the order (the API's fields and order,
/// ``Homepwner/ItemOrder``) and the page (``ItemListRules/pageSize`` items each).
typealias ItemListQuery = ListQuery<ItemListRules>

/// The inventory page's sort keys, filters and page size.
enum ItemListRules: ListQueryRules {
    static let defaultSort = ItemOrder.Field.date
    static let sortChoices: [(value: String, label: String)] = [
        ("date", "Oldest first"), ("date-desc", "Newest first"), ("name", "Name, A to Z"), ("name-desc", "Name, Z to A"),
        ("value-desc", "Value, highest first"), ("value", "Value, lowest first"),
        ("location", "Location, A to Z"), ("location-desc", "Location, Z to A"),
    ]
    static let filters: [(name: String, maxLength: Int)] = [("location", ItemRules.maxLocationLength), ("label", ItemRules.maxLabelLength)]
    static let maxTextLength = ItemQuery.maxTextLength
    static let pageSize = 100
}

extension ListQuery where Rules == ItemListRules {
    /// Only this location and what is inside it.
    var location: String? {
        get { self[filter: "location"] }
        set { self[filter: "location"] = newValue }
    }

    /// Only this label.
    var label: String? {
        get { self[filter: "label"] }
        set { self[filter: "label"] = newValue }
    }

    /// The store's query for this page.
    var itemQuery: ItemQuery {
        ItemQuery(
            text: text, location: location, label: label, order: ItemOrder(field: sort, descending: descending),
            offset: (page - 1) * ItemListRules.pageSize, limit: ItemListRules.pageSize
        )
    }

    /// Whether a search or filter narrows the list.
    var narrows: Bool { itemQuery.narrows }
}
