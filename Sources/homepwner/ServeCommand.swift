import CommandLineSupport
import HomepwnerPages
import HomepwnerWeb
import ServeCommandSupport

/// `serve` (the default): the inventory's web app and JSON API, until SIGINT or SIGTERM.
typealias ServeCommand = ServeCommandSupport.ServeCommand<HomepwnerApp>

/// Homepwner as `serve` runs it.
enum HomepwnerApp: ServeCommandApp {
    static let displayName = "Homepwner"
    static let defaultPort = 8081
    static let environmentPrefix = "HOMEPWNER"
    static let serveAbstract = "Serve the inventory and its JSON API (the default command)."
    static let serveDiscussion = """
        The server holds the data folder: while it runs, homepwner commands \
        that would change the folder fail at once (exit 75), and a second server on it does not \
        start. With --storage s3://BUCKET/PREFIX any number of servers share the inventory (no \
        lock: every write is conditional). Stops on Ctrl-C or SIGTERM after requests in flight \
        finish (at most --shutdown-grace seconds), saving once more; GET /healthz and /readyz are \
        the probes; SIGUSR1 empties the photo cache.
        """

    static let application: ServedApplicationBuilder = { configuration, storage, onRunning in
        // The pages' routes are handed in here (HomepwnerPages).
        try await buildApplication(configuration, storage: storage, pages: HomepwnerPages.routes, onRunning: onRunning)
    }
}
