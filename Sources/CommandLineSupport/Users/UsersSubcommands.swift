import Accounts
import ArgumentParser
import Foundation

/// `users add NAME --role owner|editor|viewer`: a person without a password, and the one-time
/// link (valid 24 hours) where they set one.
public struct UsersAddCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `add`.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "add", abstract: "Add a person and print the link where they set a password (valid 24 hours).")
    }

    /// The name they sign in as.
    @Argument(help: "The name they sign in as: ASCII letters, digits, dots, underscores and hyphens.") public var name: String
    /// What they may do.
    @Option(help: "owner (also manages people), editor (changes the data) or viewer (reads).") public var role: String
    /// `--url`.
    @OptionGroup public var link: InvitationLinkOptions
    /// The storage.
    @OptionGroup public var data: DataFolderOptions<App>
    /// `--json`.
    @OptionGroup public var output: OutputOptions

    /// The command as parsed from nothing.
    public init() {}

    /// Adds the person and prints the link.
    ///
    /// - Throws: ``Accounts/AccountError`` and what opening the storage throws.
    public func run() async throws {
        let name = try AccountName(name)
        let role = try Role(parsing: role)
        let invitation = try await data.accountsForChange().add(name, role: role)
        try printInvitation(invitation, role: role, verb: "added", link: link, json: output.json, app: App.self)
    }
}

/// `users list [--json]`: every person, their role, and whether they have set a password.
public struct UsersListCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `list`.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: "List the people who may sign in.")
    }

    /// The storage.
    @OptionGroup public var data: DataFolderOptions<App>
    /// `--json`.
    @OptionGroup public var output: OutputOptions

    /// The command as parsed from nothing.
    public init() {}

    /// One person as `--json` prints them.
    struct Person: Encodable {
        var name: String
        var role: String
        var passwordSet: Bool
        var invitationExpires: String?
        var created: String
    }

    /// Prints the people, or "no one: the servers need no sign-in".
    ///
    /// - Throws: ``Accounts/AccountError`` and what opening the storage throws.
    public func run() async throws {
        let book = try await data.accountsForReading().book()
        let dates = ISO8601DateFormatter()
        let now = Date()
        if output.json {
            try printJSON(book.accounts.map { account in
                Person(name: account.name.text, role: account.role.rawValue, passwordSet: account.hasPassword,
                       invitationExpires: account.invitation.map { dates.string(from: $0.expires) }, created: dates.string(from: account.created))
            })
            return
        }
        guard !book.accounts.isEmpty else {
            print("no one: servers on this storage need no sign-in on loopback (add the first owner with: users add NAME --role owner)")
            return
        }
        let width = book.accounts.map(\.name.text.count).max() ?? 0
        for account in book.accounts {
            let state = switch account.standing(at: now) {
            case .passwordSet: "password set"
            case .invited(let until): "invited, until \(dates.string(from: until))"
            case .invitationExpired: "invitation expired (users reset \(account.name))"
            }
            print(account.name.text.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + account.role.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0) + "  " + state)
        }
    }
}

/// `users remove NAME`: the person can no longer sign in; their sessions end.
public struct UsersRemoveCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `remove`.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "remove", abstract: "Remove a person: they can no longer sign in, and their sessions end.")
    }

    /// The name.
    @Argument(help: "The person's name.") public var name: String
    /// The storage.
    @OptionGroup public var data: DataFolderOptions<App>

    /// The command as parsed from nothing.
    public init() {}

    /// Removes the person.
    ///
    /// - Throws: ``Accounts/AccountError`` and what opening the storage throws.
    public func run() async throws {
        let name = try AccountName(name)
        let accounts = try await data.accountsForChange()
        try await accounts.remove(name)
        try await SessionStore(blobs: accounts.blobs).endAll(of: name)
        print("removed \(name)")
    }
}

/// `users reset NAME`: a new link to set a password; the old password stops working and every
/// session of theirs ends.
public struct UsersResetCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `reset`.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "reset", abstract: "Give a person a new link to set a password; their old password and sessions end.")
    }

    /// The name.
    @Argument(help: "The person's name.") public var name: String
    /// `--url`.
    @OptionGroup public var link: InvitationLinkOptions
    /// The storage.
    @OptionGroup public var data: DataFolderOptions<App>
    /// `--json`.
    @OptionGroup public var output: OutputOptions

    /// The command as parsed from nothing.
    public init() {}

    /// Resets the person and prints the new link.
    ///
    /// - Throws: ``Accounts/AccountError`` and what opening the storage throws.
    public func run() async throws {
        let name = try AccountName(name)
        let store = try await data.accountsForChange()
        let invitation = try await store.reset(name)
        try await SessionStore(blobs: store.blobs).endAll(of: name)
        let role = try await store.account(name)?.role ?? .viewer
        try printInvitation(invitation, role: role, verb: "reset", link: link, json: output.json, app: App.self)
    }
}
