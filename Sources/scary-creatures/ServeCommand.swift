import CommandLineSupport
import ScaryCreaturesPages
import ScaryCreaturesWeb
import ServeCommandSupport

/// `serve` (the default): the web app and its JSON API, until SIGINT or SIGTERM.
typealias ServeCommand = ServeCommandSupport.ServeCommand<ScaryCreaturesApp>

/// Scary Creatures as `serve` runs it.
enum ScaryCreaturesApp: ServeCommandApp {
    static let displayName = "Scary Creatures"
    static let defaultPort = 8080
    static let tokenVariable = "SCARY_CREATURES_TOKEN"
    static let allowedHostsVariable = "SCARY_CREATURES_ALLOWED_HOSTS"
    static let serveAbstract = "Serve the app and its JSON API (the default command)."
    static let serveDiscussion = "Binds 127.0.0.1:8080 by default. Any other address needs an access token (--token or SCARY_CREATURES_TOKEN). Stops on Ctrl-C or SIGTERM after requests in flight finish; SIGUSR1 empties the thumbnail cache."

    static let application: ServedApplicationBuilder = { configuration, storage, onRunning in
        // The pages' routes are handed in here (ScaryCreaturesPages).
        try await buildApplication(configuration, storage: storage, pages: ScaryCreaturesPages.routes, onRunning: onRunning)
    }
}
