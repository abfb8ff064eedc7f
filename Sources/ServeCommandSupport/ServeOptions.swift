import ArgumentParser
import CommandLineSupport
import Foundation
import Hummingbird
import Logging
import WebSupport

/// `--log-level trace|debug|info|notice|warning|error|critical`.
extension Logger.Level: @retroactive ExpressibleByArgument {}

/// The options of both apps' `serve` and the one way it runs: resolve who may connect, build
/// the app, print where it is (straight to the descriptor, so a script reading a pipe sees it at
/// once), run it until SIGINT or SIGTERM (``GracefulStop``: a bounded grace for the requests in
/// flight, `--shutdown-grace`). A failure to start is a ``WebSupport/WebStartError``,
/// which `CommandLineTool` prints as one line with exit status 74 (``WebSupport/WebStartError/exitStatus``).
public struct ServeOptions<App: ServedApp>: ParsableArguments {
    /// The address to listen on.
    @Option(help: "The address to listen on.") public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    @Option(help: "The port; 0 picks a free one.") public var port = App.defaultPort
    /// The access token and the names the server answers to.
    @OptionGroup public var access: ServerAccessOptions
    /// The address people reach the server at, as links printed on paper give it.
    @Option(name: .customLong("public-url"), help: ArgumentHelp(
        "The address people reach the server at (http://NAME[:PORT][/PATH] or https://…), when it is not the one a browser uses here: printed labels' QR codes lead there, and the server also answers to its name.",
        valueName: "url"
    ))
    public var publicURL: String?
    /// The certificate chain for HTTPS.
    @Option(name: .customLong("tls-cert"), help: ArgumentHelp(
        "Serve HTTPS with the certificate chain in this PEM file (the server's certificate first); needs --tls-key. SIGHUP reads both files again.",
        valueName: "file"
    ))
    public var tlsCertificate: String?
    /// The certificate's private key.
    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The certificate's private key, an unencrypted PEM file; needs --tls-cert.", valueName: "file"))
    public var tlsKey: String?
    /// The path the server is served under.
    @Option(name: .customLong("base-path"), help: ArgumentHelp(
        "Serve everything under this path (/inventory), as a reverse proxy forwards it: pages, assets, forms, redirects, event streams and links name it.",
        valueName: "path"
    ))
    public var basePath: String?
    /// The proxies whose forwarding headers are believed.
    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(
        "Believe the Forwarded or X-Forwarded-For/-Proto/-Host headers of requests from this proxy (an address or a block such as 10.0.0.0/8; repeatable): who the client is, and whether it used HTTPS. From any other address they are ignored.",
        valueName: "address"
    ))
    public var trustedProxies: [String] = []
    /// How much the server logs.
    @Option(help: ArgumentHelp("How much to log.", valueName: "level")) public var logLevel: Logger.Level = .info
    /// Seconds that requests in flight may take to finish after SIGTERM or SIGINT.
    @Option(help: ArgumentHelp(
        "Seconds that requests in flight may take to finish after SIGTERM or SIGINT; then what is left is cancelled and the process exits 0 (a second signal stops it at once).",
        valueName: "seconds"
    ))
    public var shutdownGrace: Double = 10

    /// Creates the options with their defaults.
    public init() {}

    /// Refuses one of `--tls-cert` and `--tls-key` without the other, a `--base-path` that is
    /// not one, and a `--trusted-proxy` that is not an address or a block of them.
    public func validate() throws {
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("HTTPS needs both --tls-cert and --tls-key")
        }
        if let basePath, BasePath.parse(basePath) == nil {
            throw ValidationError("--base-path takes a path such as /inventory (letters, digits, -, ., _ and ~ between slashes), not \"\(basePath.prefix(100))\"")
        }
        for proxy in trustedProxies where AddressRange(proxy) == nil {
            throw ValidationError("--trusted-proxy takes an IP address or a block such as 10.0.0.0/8, not \"\(proxy.prefix(100))\"")
        }
    }

    /// Runs the server: `build` makes the application (on the storage the command resolved)
    /// from the configuration and calls the closure it is given once the server listens.
    ///
    /// - Throws: ``WebSupport/WebStartError`` when the token file cannot be read, the
    ///   configuration is unsafe, or the server cannot start (a port in use); what `build` throws.
    public func run(
        build: (WebConfiguration, _ onRunning: @escaping @Sendable (ServerAddress) async -> Void) async throws -> any ApplicationProtocol
    ) async throws {
        guard shutdownGrace.isFinite, (0...3600).contains(shutdownGrace) else {
            throw WebStartError("--shutdown-grace takes 0 to 3600 seconds, not \(shutdownGrace)")
        }
        let publicURL = try self.publicURL.map { text in
            guard let url = PublicURL(text) else {
                throw WebStartError("--public-url takes http://NAME[:PORT][/PATH] or https://NAME[:PORT][/PATH], not \"\(text.prefix(100))\"")
            }
            return url
        }
        let access = try self.access.resolve(tokenVariable: App.tokenVariable, allowedHostsVariable: App.allowedHostsVariable)
        var configuration = WebConfiguration(
            host: host, port: port, token: access.token, logLevel: logLevel,
            tokenVariable: App.tokenVariable, allowedHosts: access.allowedHosts
        )
        configuration.publicURL = publicURL
        configuration.trustedProxies = trustedProxies.compactMap(AddressRange.init)
        configuration.basePath = basePath.flatMap(BasePath.parse) ?? ""
        if let tlsCertificate, let tlsKey {
            configuration.tls = try TLSCertificates(certificateFile: tlsCertificate, keyFile: tlsKey)
        }
        let name = App.displayName
        let app = try await build(configuration) { address in
            FileHandle.standardOutput.write(Data("\(name) is at \(address.url)\ndata: \(address.data)\n".utf8))
        }
        var logger = Logger(label: App.displayName)
        logger.logLevel = logLevel
        do {
            try await GracefulStop(grace: .milliseconds(Int64((shutdownGrace * 1000).rounded())), logger: logger).run(app)
        } catch {
            throw WebStartError(WebStartError.describe(error, host: host, port: port))
        }
    }
}
