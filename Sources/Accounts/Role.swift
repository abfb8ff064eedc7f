/// What a person may do: viewers read, editors also change, owners also manage people.
public enum Role: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// Reads everything, changes nothing.
    case viewer
    /// Reads and changes the data.
    case editor
    /// Changes the data and manages people.
    case owner

    /// Whether this role may change the data.
    public var mayChange: Bool { self != .viewer }
    /// Whether this role may add, remove and reset people.
    public var managesPeople: Bool { self == .owner }

    /// The role named `text` exactly (`owner`, `editor`, `viewer`).
    ///
    /// - Throws: ``AccountError`` `.invalidRole` naming the three.
    public init(parsing text: String) throws {
        guard let role = Role(rawValue: text), text.utf8.elementsEqual(role.rawValue.utf8) else {
            throw AccountError(.invalidRole, "a role is owner, editor or viewer, not \(AccountName.quoted(text))")
        }
        self = role
    }

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .owner: 2
        }
    }

    /// Viewer < editor < owner.
    public static func < (a: Role, b: Role) -> Bool { a.rank < b.rank }
}
