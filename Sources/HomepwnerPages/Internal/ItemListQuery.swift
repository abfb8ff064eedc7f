import Homepwner
import WebSupport

/// What the inventory page shows, read from its URL (``WebSupport/ListQuery``): a search
/// (`q`), a location and a label (`location`, `label`) or the items without a location
/// (`noLocation=1`), the order (the API's fields and order,
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
    static let filters: [(name: String, maxLength: Int)] = [
        ("location", ItemRules.maxLocationLength), ("noLocation", 1), ("label", ItemRules.maxLabelLength), ("archived", 7),
    ]
    /// The location menu's value for "No location": `>` alone has no level, so no location an
    /// item can have is written that way. Read as `noLocation=1`.
    static let noLocationChoice = ">"
    static let maxTextLength = ItemQuery.maxTextLength
    static let pageSize = 100
}

extension ListQuery where Rules == ItemListRules {
    /// The inventory page's query in the URL's text after `?` (nil for none): the location menu's
    /// "No location" read as `noLocation=1`, and a location asked for with it winning.
    static func reading(_ query: String?) -> ItemListQuery {
        var read = ItemListQuery(query: query)
        if read[filter: "location"] == ItemListRules.noLocationChoice {
            read[filter: "location"] = nil
            read[filter: "noLocation"] = "1"
        } else if read[filter: "location"] != nil {
            read[filter: "noLocation"] = nil
        }
        return read
    }

    /// Only this location and what is inside it.
    var location: String? {
        get { self[filter: "location"] }
        set {
            self[filter: "location"] = newValue
            if newValue != nil { self[filter: "noLocation"] = nil }
        }
    }

    /// Only the items without a location.
    var withoutLocation: Bool {
        get { self[filter: "noLocation"] != nil }
        set {
            self[filter: "noLocation"] = newValue ? "1" : nil
            if newValue { self[filter: "location"] = nil }
        }
    }

    /// Only this label.
    var label: String? {
        get { self[filter: "label"] }
        set { self[filter: "label"] = newValue }
    }

    /// Whether archived items are hidden (the default), shown too, or alone (`archived=include`,
    /// `archived=only`; anything else hides them).
    var archived: ArchivedItems {
        get { self[filter: "archived"].flatMap(ArchivedItems.init(rawValue:)) ?? .hidden }
        set { self[filter: "archived"] = newValue == .hidden ? nil : newValue.rawValue }
    }

    /// The store's query for this page.
    var itemQuery: ItemQuery {
        ItemQuery(
            text: text, location: location, label: label, order: ItemOrder(field: sort, descending: descending),
            offset: (page - 1) * ItemListRules.pageSize, limit: ItemListRules.pageSize, withoutLocation: withoutLocation,
            archived: archived
        )
    }

    /// Whether a search or filter narrows the list.
    var narrows: Bool { itemQuery.narrows }
}
