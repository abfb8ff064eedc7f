import Accounts
import ArgumentParser
import DocumentStore
import Foundation

/// An app whose server people sign in to: the port its server binds by default, so that an
/// invitation's link names it.
public protocol AccountsApp: DataFolderApp {
    /// The port `serve` binds without `--port`.
    static var defaultPort: Int { get }
}

/// `users add|list|remove|reset|role|token|tokens|revoke-token`: the people who may sign in to the app's servers on this
/// storage. The command acts as an owner: it has the files.
public struct UsersCommand<App: AccountsApp>: AsyncParsableCommand {
    /// `users`, with its four subcommands.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "users",
            abstract: "Manage the people who may sign in: add, list, remove, reset, their roles and tokens.",
            discussion: """
                Once one person exists, every request to a server on this storage needs a signed-in \
                session, on loopback too. Viewers read; editors change; owners also manage people.
                """,
            subcommands: [
                UsersAddCommand<App>.self, UsersListCommand<App>.self, UsersRemoveCommand<App>.self, UsersResetCommand<App>.self,
                UsersRoleCommand<App>.self, UsersTokenCommand<App>.self, UsersTokensCommand<App>.self, UsersRevokeTokenCommand<App>.self,
            ]
        )
    }

    /// The command as parsed from nothing.
    public init() {}
}

/// `--url`: where people open the server, for an invitation's link.
public struct InvitationLinkOptions: ParsableArguments {
    /// The server's address as people open it; nil for `http://localhost:PORT`.
    @Option(name: .long, help: ArgumentHelp("The server's address as people open it, for the link (default http://localhost:PORT).", valueName: "url"))
    public var url: String?

    /// No `--url`.
    public init() {}

    /// Refuses an address that is not http(s)://HOST[:PORT][/PATH] (usage error, exit 64).
    public func validate() throws {
        guard let url else { return }
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme ?? ""), components.host?.isEmpty == false,
              components.query == nil, components.fragment == nil else {
            throw ValidationError("--url must be http://HOST[:PORT][/PATH] or https://…, not \(url)")
        }
    }

    /// The link that opens `invitation` on a server of `App`.
    func link<App: AccountsApp>(_ invitation: IssuedInvitation, app: App.Type) -> String {
        var base = url ?? "http://localhost:\(App.defaultPort)"
        while base.hasSuffix("/") { base.removeLast() }
        return base + invitation.path
    }
}

/// What `users add` and `users reset` print with `--json`.
struct IssuedInvitationJSON: Encodable {
    var name: String
    var role: String
    var link: String
    var expires: String
}

extension DataFolderOptions where App: AccountsApp {
    /// The accounts on this storage, for a command that changes them (a missing folder is
    /// made where it may be).
    ///
    /// - Throws: what resolving the storage throws.
    func accountsForChange() async throws -> AccountStore {
        let storage = try await choice.resolve()
        try await storage.blobs().prepare()
        return AccountStore(storage: storage)
    }

    /// The accounts on this storage, for reading (nothing is made).
    ///
    /// - Throws: what connecting to the storage throws.
    func accountsForReading() async throws -> AccountStore {
        AccountStore(storage: try await choice.connect())
    }
}

/// Prints an invitation: the link to open within 24 hours, or its JSON.
func printInvitation<App: AccountsApp>(_ invitation: IssuedInvitation, role: Role, verb: String, link: InvitationLinkOptions, json: Bool, app: App.Type) throws {
    let address = link.link(invitation, app: app)
    let expires = ISO8601DateFormatter().string(from: invitation.expires)
    if json {
        try printJSON(IssuedInvitationJSON(name: invitation.name.text, role: role.rawValue, link: address, expires: expires))
    } else {
        print("\(verb) \(invitation.name) (\(role.rawValue))")
        print("\(invitation.name) sets a password at this link, which works once, until \(expires):")
        print(address)
    }
}
