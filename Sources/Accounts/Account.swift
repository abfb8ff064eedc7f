import Foundation

/// One person who may sign in: a name, a role, and either a password (kept only as its
/// ``PasswordHash``) or an open ``Invitation`` to set one.
public struct Account: Sendable, Hashable {
    /// What the person signs in as.
    public var name: AccountName
    /// What the person may do.
    public var role: Role
    /// The password's hash; nil until the person has set one (or after a reset).
    public var passwordHash: PasswordHash?
    /// The open invitation to set a password, if any.
    public var invitation: Invitation?
    /// When the account was made.
    public var created: Date
    /// Sessions started before this instant are over (a reset, a new password, "sign out
    /// everywhere").
    public var sessionsStartAfter: Date
    /// The person's personal access tokens, in the order they were made.
    public var tokens: [PersonalToken]

    /// An account.
    public init(name: AccountName, role: Role, passwordHash: PasswordHash? = nil, invitation: Invitation? = nil, created: Date, sessionsStartAfter: Date, tokens: [PersonalToken] = []) {
        self.name = name
        self.role = role
        self.passwordHash = passwordHash
        self.invitation = invitation
        self.created = created
        self.sessionsStartAfter = sessionsStartAfter
        self.tokens = tokens
    }

    /// Whether the person can sign in: a password is set.
    public var hasPassword: Bool { passwordHash != nil }

    /// Where the account stands at `now`: signing in, invited, or its invitation run out.
    public func standing(at now: Date = Date()) -> AccountStanding {
        if hasPassword { return .passwordSet }
        if let invitation, invitation.expires > now { return .invited(until: invitation.expires) }
        return .invitationExpired
    }
}

/// Where an account stands (``Account/standing(at:)``), as lists of people show it.
public enum AccountStanding: Sendable, Hashable {
    /// A password is set: the person signs in.
    case passwordSet
    /// No password yet; the invitation works until this instant.
    case invited(until: Date)
    /// No password, and no invitation that works: an owner gives a new link (a reset).
    case invitationExpired
}

/// A one-time invitation to set a password, as stored: the SHA-256 of its secret (never the
/// secret, which only its link carries) and when it runs out.
public struct Invitation: Sendable, Hashable {
    /// SHA-256 of the secret, 64 lower-case hex digits.
    public var digest: String
    /// When it stops working.
    public var expires: Date

    /// How long an invitation works: 24 hours.
    public static let lifetime: TimeInterval = 24 * 60 * 60

    /// An invitation.
    public init(digest: String, expires: Date) {
        self.digest = digest
        self.expires = expires
    }
}

/// A new invitation as its maker sees it once: the secret for the link (32 random bytes in hex)
/// and when it runs out.
public struct IssuedInvitation: Sendable, Hashable {
    /// The account invited.
    public let name: AccountName
    /// The secret: the last part of the link, `…/welcome/SECRET`.
    public let secret: String
    /// When it stops working.
    public let expires: Date

    /// The path of the page where the secret is used.
    public var path: String { "/welcome/" + secret }
}
