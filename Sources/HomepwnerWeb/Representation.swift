import DocumentStore
import Foundation
import Homepwner
import WebSupport

/// How items appear in the API.
enum Representation {
    /// The API path of the item with `key` (a key that is not a UUID, from an archive written
    /// elsewhere, is percent-encoded; such an item cannot be addressed and answers 400).
    static func path(of key: String) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#%"))
        return "/api/items/" + (key.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    /// A version as an ETag: quoted.
    static func eTag(_ version: String) -> String { "\"\(version)\"" }

    /// The JSON form of an item.
    static func item(_ item: Item, hasPhoto: Bool) -> Components.Schemas.Item {
        let path = path(of: item.itemKey)
        let seconds = item.dateCreated.timeIntervalSinceReferenceDate
        var json = Components.Schemas.Item(
            itemKey: item.itemKey,
            name: item.itemName,
            serialNumber: item.serialNumber,
            valueInDollars: Int64(item.valueInDollars),
            totalValueInDollars: Int64(item.totalValueInDollars),
            dateCreated: RFC3339.string(secondsSinceReferenceDate: seconds),
            dateCreatedSeconds: seconds.isFinite ? seconds : nil,
            version: item.version,
            hasPhoto: hasPhoto,
            problems: ItemRules.problems(of: item).map(\.message),
            // Under the path the server is served at (``WebSupport/BasePath``), as a client follows them.
            links: .init(_self: BasePath.at(path), photo: BasePath.at(path + "/photo"), thumbnail: BasePath.at(path + "/thumbnail"))
        )
        if item.hasDetails { addDetails(of: item, to: &json) }
        return json
    }

    /// Sets the details that are set on `item` (a detail not set stays absent; days as
    /// `YYYY-MM-DD` in UTC).
    private static func addDetails(of item: Item, to json: inout Components.Schemas.Item) {
        json.location = item.location
        json.labels = item.labels
        json.quantity = item.quantity.map(Int64.init)
        json.purchaseDate = item.purchaseDate.flatMap(ItemRules.dayText)
        json.pricePaid = item.pricePaid.map(Int64.init)
        json.purchasedFrom = item.purchasedFrom
        json.warrantyEnds = item.warrantyEnds.flatMap(ItemRules.dayText)
        json.warrantyNotes = item.warrantyNotes
        json.notes = item.notes
        json.modelName = item.modelName
        json.manufacturer = item.manufacturer
        json.customFields = item.customFields?.map { .init(name: $0.name, value: $0.value) }
        json.archivedDate = item.archivedDate.flatMap(ItemRules.dayText)
        json.createdBy = item.createdBy
        json.updatedBy = item.updatedBy
        json.nextMaintenance = ItemRules.nextMaintenance(of: item).flatMap(ItemRules.dayText)
    }
}

extension Representation {
    /// The JSON form of an item's history: who added it and changed it last, its changes newest first.
    static func history(_ item: Item) -> Components.Schemas.ItemHistory {
        .init(
            itemKey: item.itemKey, version: item.version, createdBy: item.createdBy, updatedBy: item.updatedBy,
            changes: (item.history ?? []).suffix(ChangeHistory.limit).reversed().map { record in
                let seconds = record.date.timeIntervalSinceReferenceDate
                return .init(date: RFC3339.string(secondsSinceReferenceDate: seconds), person: record.person, action: record.action, fields: record.fields)
            }
        )
    }

    /// The JSON form of a location's or label's totals.
    static func totals(_ group: GroupTotals) -> Components.Schemas.GroupTotals {
        .init(
            name: group.name, count: group.all.count, totalValueInDollars: Int64(group.all.valueInDollars),
            shownCount: group.shown.count, shownTotalValueInDollars: Int64(group.shown.valueInDollars)
        )
    }
}

/// Item keys in paths: UUID strings.
enum ItemKey {
    /// `key` if it is a UUID string (36 characters).
    ///
    /// - Throws: ``WebSupport/APIError`` 400 for anything else.
    static func parse(_ key: String) throws -> String {
        guard ItemRules.isValidKey(key) else {
            throw APIError.badRequest("\"\(key.prefix(40))\" is not an item key (item keys are UUIDs such as 0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0)")
        }
        return key
    }
}
