import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner
import HomepwnerPages
import HomepwnerWeb
import Hummingbird
import Logging
import WebSupport

/// `serve` (the default): the inventory's web app and JSON API, until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the inventory and its JSON API (the default command).",
        discussion: """
            Binds 127.0.0.1:8081 by default. Any other address needs an access token (--token or \
            HOMEPWNER_TOKEN). The server holds the data folder: while it runs, homepwner commands \
            that would change the folder fail at once (exit 75), and a second server on it does not \
            start. Stops on Ctrl-C or SIGTERM after requests in flight finish, saving once more; \
            SIGUSR1 empties the photo cache.
            """
    )

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port; 0 picks a free one.") var port = 8081
    @OptionGroup var access: ServerAccessOptions
    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"
    @OptionGroup var data: DataOptions

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }

    func run() async throws {
        try await data.choice.requireExistingUnlessCreatable()
        let access: (token: String?, allowedHosts: [String])
        do {
            access = try self.access.resolve(tokenVariable: "HOMEPWNER_TOKEN", allowedHostsVariable: "HOMEPWNER_ALLOWED_HOSTS")
        } catch let error as WebStartError {
            throw HomepwnerError(.storage, error.message)
        }
        let configuration = WebConfiguration(
            host: host, port: port, dataFolder: data.folder,
            token: access.token,
            logLevel: Logger.Level(rawValue: logLevel) ?? .info,
            tokenVariable: "HOMEPWNER_TOKEN", allowedHosts: access.allowedHosts
        )
        let app: any ApplicationProtocol
        do {
            // The pages' routes are handed in here (HomepwnerPages).
            app = try await buildApplication(configuration, pages: HomepwnerPages.routes) { address in
                // Written straight to the descriptor, so a script reading a pipe sees it at once.
                FileHandle.standardOutput.write(Data("Homepwner is at \(address.url)\ndata: \(address.dataFolder.path)\n".utf8))
            }
        } catch let error as WebStartError {
            throw HomepwnerError(.storage, error.message)
        }
        do {
            try await app.runService()
        } catch {
            throw HomepwnerError(.storage, WebStartError.describe(error, host: host, port: port))
        }
    }
}
