import ArgumentParser
import CommandLineSupport
import DocumentStore
import Hummingbird
import WebSupport

/// Builds an app's web application (its pages' routes included) on `storage`, with the
/// configuration, calling the last closure once the server listens.
///
/// - Throws: ``WebSupport/WebStartError`` when the configuration is unsafe; what opening the
///   storage throws.
public typealias ServedApplicationBuilder = @Sendable (
    _ configuration: WebConfiguration, _ storage: Storage, _ onRunning: @escaping @Sendable (ServerAddress) async -> Void
) async throws -> any ApplicationProtocol

/// An app that `ServeCommand` serves: what its `serve --help` says, and how its application is
/// built on the storage the command resolved.
public protocol ServeCommandApp: ServedApp, DataFolderApp {
    /// The start of the app's environment variables' names (`HOMEPWNER`: `HOMEPWNER_TOKEN`,
    /// `HOMEPWNER_ALLOWED_HOSTS`).
    static var environmentPrefix: String { get }
    /// `serve`'s one-line summary.
    static var serveAbstract: String { get }
    /// What `serve --help` says after the default address and the token: what the server holds,
    /// how it stops.
    static var serveDiscussion: String { get }

    /// Builds the app's web application (the app's `buildApplication` with its pages' routes).
    static var application: ServedApplicationBuilder { get }
}

extension ServeCommandApp {
    /// `PREFIX_TOKEN`.
    public static var tokenVariable: String { environmentPrefix + "_TOKEN" }
    /// `PREFIX_ALLOWED_HOSTS`.
    public static var allowedHostsVariable: String { environmentPrefix + "_ALLOWED_HOSTS" }
}

/// `serve`, both apps' default command: the app's web pages and JSON API on the storage its
/// options name (``ServeOptions``, `DataFolderOptions`), until SIGINT or SIGTERM. The process
/// that runs it calls ``ServerProcess/prepare()`` first, before any task runs.
public struct ServeCommand<App: ServeCommandApp>: AsyncParsableCommand {
    /// `serve`, with the app's summary, its default address and token variable, and the rest
    /// of its discussion.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "serve", abstract: App.serveAbstract,
            discussion: "Binds 127.0.0.1:\(App.defaultPort) by default. Any other address needs people to sign in (users add NAME --role owner) or an access token for scripts (--token or \(App.tokenVariable)); --tls-cert and --tls-key serve HTTPS. \(App.serveDiscussion)"
        )
    }

    /// The address, port, access and log level.
    @OptionGroup public var server: ServeOptions<App>
    /// The storage served.
    @OptionGroup public var data: DataFolderOptions<App>

    /// The command with its options' defaults.
    public init() {}

    /// Resolves the storage (a folder that may be created, or a bucket that answers), then
    /// serves the app on it until SIGINT or SIGTERM.
    ///
    /// - Throws: what `DataFolderChoice.resolve` and ``ServeOptions/run(build:)`` throw.
    public func run() async throws {
        let storage = try await data.choice.resolve()
        try await server.run { configuration, onRunning in
            try await App.application(configuration, storage, onRunning)
        }
    }
}

extension ServerProcess {
    /// ``prepare()`` when `command` is a ``ServeCommand``, nothing for the other commands: the
    /// `prepare` step of `CommandLineTool.main` for a tool that serves.
    public static func prepare(ifServing command: any ParsableCommand) {
        if command is any ServesApp { prepare() }
    }
}

/// A command that serves: its process needs ``ServerProcess/prepare()``.
protocol ServesApp {}

extension ServeCommand: ServesApp {}
