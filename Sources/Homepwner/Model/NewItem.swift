/// What a new item is made of; checked by ``ItemRules`` when added.
public struct NewItem: Sendable, Hashable {
    /// The name (1–200 characters).
    public var name: String
    /// The serial number (up to 64 printable characters; may be empty).
    public var serialNumber: String
    /// The value in whole dollars (0 to 1,000,000,000).
    public var valueInDollars: Int
    /// The details to give it, checked as ``ItemChanges`` are (its name, serial number and
    /// value are not used).
    public var details: ItemChanges = ItemChanges()

    /// Creates a draft.
    public init(name: String, serialNumber: String = "", valueInDollars: Int = 0) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
    }
}
