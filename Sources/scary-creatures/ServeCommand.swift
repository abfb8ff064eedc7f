import ArgumentParser
import CommandLineSupport
import Foundation
import Hummingbird
import Logging
import ScaryCreatures
import ScaryCreaturesWeb
import WebSupport

/// `serve` (the default): the web app and its JSON API, until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the app and its JSON API (the default command).",
        discussion: "Binds 127.0.0.1:8080 by default. Any other address needs an access token (--token or SCARY_CREATURES_TOKEN). Stops on Ctrl-C or SIGTERM after requests in flight finish; SIGUSR1 empties the thumbnail cache."
    )

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port; 0 picks a free one.") var port = 8080
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
            access = try self.access.resolve(tokenVariable: "SCARY_CREATURES_TOKEN", allowedHostsVariable: "SCARY_CREATURES_ALLOWED_HOSTS")
        } catch let error as WebStartError {
            throw ScaryCreaturesError(.storage, error.message)
        }
        let configuration = WebConfiguration(
            host: host, port: port, dataFolder: data.folder,
            token: access.token,
            logLevel: Logger.Level(rawValue: logLevel) ?? .info, allowedHosts: access.allowedHosts
        )
        let app: any ApplicationProtocol
        do {
            app = try await buildApplication(configuration) { address in
                // Written straight to the descriptor, so a script reading a pipe sees it at once.
                FileHandle.standardOutput.write(Data("Scary Creatures is at \(address.url)\ndata: \(address.dataFolder.path)\n".utf8))
            }
        } catch let error as WebStartError {
            throw ScaryCreaturesError(.storage, error.message)
        }
        do {
            try await app.runService()
        } catch {
            throw ScaryCreaturesError(.storage, WebStartError.describe(error, host: host, port: port))
        }
    }
}
