import Accounts

/// The Account page (`account.mustache`): the signed-in person, what was just done, their
/// sessions and tokens.
struct AccountPageModel: Sendable, Encodable {
    var name: String
    var role: String
    /// What the role may do, as a sentence.
    var roleSentence: String
    /// Whether the page links to People.
    var managesPeople: Bool
    var notice: String?
    var refusal: String?
    /// A token just made: its secret, shown this once.
    var newToken: NewTokenModel?
    /// The label typed into a refused new-token form.
    var typedLabel: String
    var minPasswordLength: Int
    var maxPasswordLength: Int
    var sessions: [SessionRow]
    var tokens: [TokenRow]
}

/// One of the person's sessions.
struct SessionRow: Sendable, Encodable {
    /// Names it to the form that ends it (not its id).
    var handle: String
    var started: String
    var used: String
    /// Whether it is this browser's.
    var current: Bool
}

/// One of the person's tokens.
struct TokenRow: Sendable, Encodable {
    var label: String
    var created: String
}

/// A token just made.
struct NewTokenModel: Sendable, Encodable {
    var label: String
    var secret: String
}

/// The People page (`people.mustache`).
struct PeoplePageModel: Sendable, Encodable {
    var notice: String?
    var refusal: String?
    /// An invitation just made: its link, shown this once.
    var invitation: InvitationModel?
    /// The name typed into a refused invitation form.
    var typedName: String
    var people: [PersonRow]
    /// The choice of role for a new person.
    var roles: [RoleOption]
}

/// One person on the People page.
struct PersonRow: Sendable, Encodable {
    var name: String
    var role: String
    /// Signs in, invited until …, or the invitation ran out.
    var state: String
    /// Whether it is the person looking.
    var isYou: Bool
    var roles: [RoleOption]
}

/// A role in a menu.
struct RoleOption: Sendable, Encodable {
    var value: String
    var selected: Bool

    /// The three roles, `selected` chosen.
    static func all(selected: Role) -> [RoleOption] {
        [Role.viewer, .editor, .owner].map { RoleOption(value: $0.rawValue, selected: $0 == selected) }
    }
}

/// An invitation just made.
struct InvitationModel: Sendable, Encodable {
    var name: String
    var role: String
    var link: String
    var expires: String
}
