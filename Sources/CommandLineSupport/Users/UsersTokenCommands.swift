import Accounts
import ArgumentParser
import Foundation

/// `users token NAME --label LABEL`: a personal access token for NAME's scripts, printed once.
public struct UsersTokenCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `token`.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "token", abstract: "Make a personal access token for a person's scripts and print it (only this once).",
            discussion: "A script sends it as 'Authorization: Bearer TOKEN' and may do what the person may. It works until it is revoked (users revoke-token) or the person is reset or removed.")
    }

    /// Whose.
    @Argument(help: "The person's name.") public var name: String
    /// What uses it.
    @Option(help: "What uses the token (ci, backup script): unique among the person's tokens.") public var label: String
    /// The storage.
    @OptionGroup public var data: DataFolderOptions<App>
    /// `--json`.
    @OptionGroup public var output: OutputOptions

    /// The command as parsed from nothing.
    public init() {}

    /// What `--json` prints.
    struct Made: Encodable {
        var name: String
        var label: String
        var token: String
        var created: String
    }

    /// Makes the token and prints it.
    ///
    /// - Throws: ``Accounts/AccountError`` and what opening the storage throws.
    public func run() async throws {
        let token = try await data.accountsForChange().issueToken(for: try AccountName(name), label: label)
        let created = ISO8601DateFormatter().string(from: token.created)
        if output.json {
            try printJSON(Made(name: token.name.text, label: token.label, token: token.secret, created: created))
        } else {
            print("made the token \u{201C}\(token.label)\u{201D} for \(token.name); it is shown only now:")
            print(token.secret)
            print("send it as: Authorization: Bearer \(token.secret)")
        }
    }
}

/// `users tokens [NAME]`: the personal access tokens (labels and dates, never secrets).
public struct UsersTokensCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `tokens`.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "tokens", abstract: "List the personal access tokens (labels and dates; a secret is shown only when made).")
    }

    /// Whose; nil for everyone's.
    @Argument(help: "Only this person's tokens.") public var name: String?
    /// The storage.
    @OptionGroup public var data: DataFolderOptions<App>
    /// `--json`.
    @OptionGroup public var output: OutputOptions

    /// The command as parsed from nothing.
    public init() {}

    /// One token as `--json` prints it.
    struct Listed: Encodable {
        var name: String
        var label: String
        var created: String
    }

    /// Prints the tokens, one a line: name, label, when made.
    ///
    /// - Throws: ``Accounts/AccountError`` (`.notFound` for an unknown NAME) and what opening
    ///   the storage throws.
    public func run() async throws {
        let book = try await data.accountsForReading().book()
        var accounts = book.accounts
        if let name {
            let wanted = try AccountName(name)
            guard let account = book.account(wanted) else { throw AccountError(.notFound, "there is no account named \(wanted)") }
            accounts = [account]
        }
        let dates = ISO8601DateFormatter()
        let listed = accounts.flatMap { account in
            account.tokens.map { Listed(name: account.name.text, label: $0.label, created: dates.string(from: $0.created)) }
        }
        if output.json {
            try printJSON(listed)
            return
        }
        guard !listed.isEmpty else {
            print("no tokens (make one with: users token NAME --label LABEL)")
            return
        }
        for token in listed { print("\(token.name)  \(token.created)  \(token.label)") }
    }
}

/// `users revoke-token NAME --label LABEL`: the token stops working.
public struct UsersRevokeTokenCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `revoke-token`.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "revoke-token", abstract: "Revoke a personal access token: it stops working within two seconds on every server.")
    }

    /// Whose.
    @Argument(help: "The person's name.") public var name: String
    /// Which.
    @Option(help: "The token's label.") public var label: String
    /// The storage.
    @OptionGroup public var data: DataFolderOptions<App>

    /// The command as parsed from nothing.
    public init() {}

    /// Revokes it.
    ///
    /// - Throws: ``Accounts/AccountError`` (`.notFound`) and what opening the storage throws.
    public func run() async throws {
        let name = try AccountName(name)
        try await data.accountsForChange().revokeToken(of: name, label: label)
        print("revoked \(name)'s token \u{201C}\(label)\u{201D}")
    }
}

/// `users role NAME --role ROLE`: what a person may do from their next request.
public struct UsersRoleCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `role`.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "role", abstract: "Change what a person may do: owner, editor or viewer.")
    }

    /// Whose.
    @Argument(help: "The person's name.") public var name: String
    /// The new role.
    @Option(help: "owner (also manages people), editor (changes the data) or viewer (reads).") public var role: String
    /// The storage.
    @OptionGroup public var data: DataFolderOptions<App>

    /// The command as parsed from nothing.
    public init() {}

    /// Changes the role.
    ///
    /// - Throws: ``Accounts/AccountError`` (`.notFound`, `.lastOwner`) and what opening the
    ///   storage throws.
    public func run() async throws {
        let name = try AccountName(name)
        let role = try Role(parsing: role)
        try await data.accountsForChange().setRole(of: name, to: role)
        print("\(name) is now \(role == .viewer ? "a" : "an") \(role.rawValue)")
    }
}
