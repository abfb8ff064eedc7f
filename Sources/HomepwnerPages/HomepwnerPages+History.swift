import Homepwner
import WebSupport

extension HomepwnerPages {
    /// The item's history as its page shows it; nil when no person has changed it.
    static func historyModel(_ item: Item) -> HistoryModel? {
        HistoryModel(records: item.history, createdBy: item.createdBy, updatedBy: item.updatedBy, label: fieldWords)
    }

    /// An item field's words, from its name in the API (a name from elsewhere comes back as it is).
    static func fieldWords(_ field: String) -> String {
        switch field {
        case "name": "name"
        case "serialNumber": "serial number"
        case "valueInDollars": "value"
        case "location": "location"
        case "labels": "labels"
        case "quantity": "quantity"
        case "purchaseDate": "purchase date"
        case "pricePaid": "price paid"
        case "purchasedFrom": "shop"
        case "warrantyEnds": "warranty's end"
        case "warrantyNotes": "warranty notes"
        case "notes": "notes"
        case "modelName": "model"
        case "manufacturer": "maker"
        case "maintenance": "maintenance log"
        case "customFields": "own fields"
        case "archivedDate": "archive date"
        default: String(field.unicodeScalars.prefix(80).map(Character.init))
        }
    }
}
