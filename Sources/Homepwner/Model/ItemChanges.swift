/// A change to an item: the fields that are not nil get new values, checked by ``ItemRules``.
public struct ItemChanges: Sendable, Hashable {
    /// A new name.
    public var name: String?
    /// A new serial number.
    public var serialNumber: String?
    /// A new value in dollars.
    public var valueInDollars: Int?

    /// Creates a change.
    public init(name: String? = nil, serialNumber: String? = nil, valueInDollars: Int? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
    }

    /// Whether the change changes nothing.
    public var isEmpty: Bool { name == nil && serialNumber == nil && valueInDollars == nil }
}
