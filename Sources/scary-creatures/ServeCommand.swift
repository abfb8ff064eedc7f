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
    static let environmentPrefix = "SCARY_CREATURES"
    static let serveAbstract = "Serve the app and its JSON API (the default command)."
    static let serveDiscussion = "Stops on Ctrl-C or SIGTERM after requests in flight finish (at most --shutdown-grace seconds); GET /healthz and /readyz are the probes; SIGUSR1 empties the thumbnail cache."

    static let application: ServedApplicationBuilder = { configuration, storage, onRunning in
        // The pages' routes are handed in here (ScaryCreaturesPages).
        try await buildApplication(configuration, storage: storage, pages: ScaryCreaturesPages.routes, onRunning: onRunning)
    }
}
