/// One choice of a page's menu (an `<option>` of a `<select>`): the value the form sends, the
/// words shown, and whether it is the one selected. The sort menus, the inventory's location
/// and label menus and the plain rating form all show their choices with it.
public struct MenuChoice: Sendable, Hashable, Encodable {
    /// What the form sends (`name-desc`).
    public var value: String
    /// What the menu shows ("Name, Z to A").
    public var label: String
    /// The choice the page shows selected.
    public var selected: Bool

    /// A choice sending `value`, shown as `label`.
    public init(value: String, label: String, selected: Bool) {
        self.value = value
        self.label = label
        self.selected = selected
    }
}
