/// Something about a stored item that breaks the rules: listed beside it, fixed by giving the
/// field a valid value.
public struct ItemProblem: Sendable, Hashable, CustomStringConvertible {
    /// The field that breaks a rule.
    public enum Field: String, Sendable, Hashable {
        /// The name.
        case name
        /// The serial number.
        case serialNumber
        /// The value in dollars.
        case value
        /// The date created.
        case dateCreated
        /// The item key.
        case key
        /// The location.
        case location
        /// The labels.
        case labels
        /// The quantity.
        case quantity
        /// The purchase date.
        case purchaseDate
        /// The price paid.
        case pricePaid
        /// Where it was bought.
        case purchasedFrom
        /// The end of the warranty.
        case warrantyEnds
        /// The warranty notes.
        case warrantyNotes
        /// The notes.
        case notes
        /// The model name.
        case modelName
        /// The manufacturer.
        case manufacturer
        /// The maintenance log.
        case maintenance
        /// The custom fields.
        case customFields
        /// The day it was archived.
        case archivedDate

        /// The field an archive key stands for.
        init(archiveKey: String) {
            switch archiveKey {
            case "itemName": self = .name
            case "serialNumber": self = .serialNumber
            case "valueInDollars": self = .value
            case "dateCreated": self = .dateCreated
            case "itemKey": self = .key
            default: self = Self(rawValue: archiveKey) ?? .key
            }
        }
    }

    /// Which field.
    public var field: Field
    /// What is wrong, as a phrase ("the value -3 is not 0 to 1,000,000,000 dollars").
    public var message: String

    /// Creates a problem.
    public init(field: Field, message: String) {
        self.field = field
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
