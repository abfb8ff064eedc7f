import Foundation
import Hex

/// Every account of one data folder or bucket prefix, as stored in the blob
/// ``AccountBook/blobName`` beside the data (never inside an app's archive, which the 2014 app
/// reads): a JSON object `{"format": 1, "accounts": […]}`, each account's times as seconds since
/// 2001-01-01 00:00 UTC — Foundation's reference date, which is how a `Date` holds a time — so
/// they are written and read back bit for bit.
///
/// Reading is total: anything that is not such a document, or holds a value of the wrong kind,
/// an invalid name, a duplicate name or a password hash that cannot be one, is
/// ``AccountError`` `.unreadable` — never a trap, never a guess. A document of a later format
/// (a newer release wrote it) is refused the same way, so it is never rewritten without what
/// that release added.
public struct AccountBook: Sendable, Hashable {
    /// The accounts, in the order of their names' bytes.
    public private(set) var accounts: [Account]

    /// The blob's name: hidden (a leading dot), so the apps' listings and the change journals
    /// leave it out.
    public static let blobName = ".accounts.json"
    /// The format written.
    public static let format = 1
    /// The largest document read (about 10,000 accounts).
    public static let maxBytes = 4 << 20

    /// A book of `accounts` (sorted here).
    public init(_ accounts: [Account] = []) {
        self.accounts = accounts.sorted { $0.name < $1.name }
    }

    /// The account named `name`, if any.
    public func account(_ name: AccountName) -> Account? {
        accounts.first { $0.name == name }
    }

    /// Adds `account`, or replaces the one of its name.
    public mutating func put(_ account: Account) {
        accounts.removeAll { $0.name == account.name }
        accounts.append(account)
        accounts.sort { $0.name < $1.name }
    }

    /// Removes the account named `name`.
    public mutating func remove(_ name: AccountName) {
        accounts.removeAll { $0.name == name }
    }

    /// The account and token whose secret's digest is `digest` (``PersonalToken/digest(of:)``),
    /// compared in constant time with every token's.
    public func bearer(ofTokenDigest digest: String) -> (account: Account, token: PersonalToken)? {
        let wanted = Array(digest.utf8)
        var found: (account: Account, token: PersonalToken)?
        for account in accounts {
            for token in account.tokens {
                let equal = PasswordHash.constantTimeEqual(Array(token.digest.utf8), wanted)
                if equal, found == nil { found = (account, token) }
            }
        }
        return found
    }

    /// How many owners there are.
    public var ownerCount: Int { accounts.count { $0.role == .owner } }

    // MARK: - Stored form

    private struct Stored: Codable {
        var format: Int
        var accounts: [StoredAccount]
    }

    private struct StoredAccount: Codable {
        var name: String
        var role: String
        var passwordHash: String?
        var invitation: StoredInvitation?
        var created: Double
        var sessionsStartAfter: Double
        var tokens: [StoredToken]?
    }

    private struct StoredToken: Codable {
        var label: String
        var digest: String
        var created: Double
    }

    private struct StoredInvitation: Codable {
        var digest: String
        var expires: Double
    }

    /// The document's bytes.
    public func encoded() -> Data {
        let stored = Stored(format: Self.format, accounts: accounts.map { account in
            StoredAccount(
                name: account.name.text, role: account.role.rawValue, passwordHash: account.passwordHash?.description,
                invitation: account.invitation.map { StoredInvitation(digest: $0.digest, expires: $0.expires.timeIntervalSinceReferenceDate) },
                created: account.created.timeIntervalSinceReferenceDate, sessionsStartAfter: account.sessionsStartAfter.timeIntervalSinceReferenceDate,
                tokens: account.tokens.isEmpty ? nil : account.tokens.map {
                    StoredToken(label: $0.label, digest: $0.digest, created: $0.created.timeIntervalSinceReferenceDate)
                })
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(stored)) ?? Data()
    }

    /// The book `data` holds, from `address` (for messages).
    ///
    /// - Throws: ``AccountError`` `.unreadable` saying what is wrong.
    public init(decoding data: Data, from address: String) throws {
        func unreadable(_ why: String) -> AccountError {
            AccountError(.unreadable, "the accounts in \(address) cannot be read: \(why); nothing was changed (restore the file from a backup, or remove it to start again with no accounts)")
        }
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: data)
        } catch {
            throw unreadable("it is not an accounts document")
        }
        guard stored.format == Self.format else {
            throw unreadable(stored.format > Self.format ? "a newer release wrote it (format \(stored.format))" : "its format \(stored.format) is unknown")
        }
        var accounts: [Account] = []
        var names = Set<AccountName>()
        for entry in stored.accounts {
            guard let name = try? AccountName(entry.name), name.text.utf8.elementsEqual(entry.name.utf8) else { throw unreadable("an account's name is not a valid name") }
            guard names.insert(name).inserted else { throw unreadable("two accounts are named \(name)") }
            guard let role = Role(rawValue: entry.role), role.rawValue.utf8.elementsEqual(entry.role.utf8) else { throw unreadable("\(name)'s role is not one") }
            var hash: PasswordHash?
            if let text = entry.passwordHash {
                guard let parsed = PasswordHash(stored: text) else { throw unreadable("\(name)'s password hash is not one") }
                hash = parsed
            }
            var invitation: Invitation?
            if let stored = entry.invitation {
                guard Hex.isLowercaseHex(stored.digest, count: 64), stored.expires.isFinite else {
                    throw unreadable("\(name)'s invitation is not one")
                }
                invitation = Invitation(digest: stored.digest, expires: Date(timeIntervalSinceReferenceDate: stored.expires))
            }
            guard entry.created.isFinite, entry.sessionsStartAfter.isFinite else { throw unreadable("\(name)'s times are not times") }
            var tokens: [PersonalToken] = []
            for stored in entry.tokens ?? [] {
                guard let label = try? PersonalToken.label(stored.label), label.unicodeScalars.elementsEqual(stored.label.unicodeScalars),
                      Hex.isLowercaseHex(stored.digest, count: 64), stored.created.isFinite else {
                    throw unreadable("a token of \(name)'s is not one")
                }
                guard !tokens.contains(where: { $0.isLabelled(label) }) else { throw unreadable("\(name) has two tokens labelled \(AccountName.quoted(label))") }
                tokens.append(PersonalToken(label: label, digest: stored.digest, created: Date(timeIntervalSinceReferenceDate: stored.created)))
            }
            accounts.append(Account(
                name: name, role: role, passwordHash: hash, invitation: invitation,
                created: Date(timeIntervalSinceReferenceDate: entry.created), sessionsStartAfter: Date(timeIntervalSinceReferenceDate: entry.sessionsStartAfter),
                tokens: tokens))
        }
        self.init(accounts)
    }
}
