import ArgumentParser
import CommandLineSupport
import Foundation
@testable import ServeCommandSupport
import Testing
import WebSupport

private enum SampleApp: ServedApp {
    static let displayName = "Sample"
    static let defaultPort = 8099
    static let tokenVariable = "SAMPLE_TOKEN"
    static let allowedHostsVariable = "SAMPLE_ALLOWED_HOSTS"
}

@Suite("ServeCommandSupport: both apps' serve command")
struct ServeOptionsTests {
    @Test("serve's options: the app's default port, --log-level by name, every other level refused")
    func serveOptions() throws {
        let defaults = try ServeOptions<SampleApp>.parse([])
        #expect(defaults.port == 8099 && defaults.host == "127.0.0.1" && defaults.logLevel == .info)
        let chosen = try ServeOptions<SampleApp>.parse(["--port", "0", "--log-level", "error"])
        #expect(chosen.port == 0 && chosen.logLevel == .error)
        #expect(throws: (any Error).self) { try ServeOptions<SampleApp>.parse(["--log-level", "loud"]) }
    }

    @Test("--shutdown-grace: 10 s unless given; 0 to 3,600 seconds, anything else refused before anything is built")
    func shutdownGrace() async throws {
        #expect(try ServeOptions<SampleApp>.parse([]).shutdownGrace == 10)
        #expect(try ServeOptions<SampleApp>.parse(["--shutdown-grace", "2.5"]).shutdownGrace == 2.5)
        for refused in ["-1", "3601", "nan"] {
            let options = try ServeOptions<SampleApp>.parse(["--shutdown-grace=\(refused)"])
            let error = await #expect(throws: WebStartError.self) {
                try await options.run { _, _ in throw CancellationError() }
            }
            #expect(error?.message == "--shutdown-grace takes 0 to 3600 seconds, not \(options.shutdownGrace)")
        }
    }

    @Test("--public-url that is not an http or https address is refused before anything is built, saying what it takes")
    func publicURL() async throws {
        #expect(try ServeOptions<SampleApp>.parse(["--public-url", "https://inventory.example/"]).publicURL == "https://inventory.example/")
        let options = try ServeOptions<SampleApp>.parse(["--public-url", "inventory.example"])
        let error = await #expect(throws: WebStartError.self) {
            try await options.run { _, _ in throw CancellationError() }
        }
        #expect(error?.message == "--public-url takes http://NAME[:PORT][/PATH] or https://NAME[:PORT][/PATH], not \"inventory.example\"")
    }

    @Test("GracefulStop says a duration as people write it")
    func durationText() {
        #expect(GracefulStop.text(.seconds(10)) == "10 s")
        #expect(GracefulStop.text(.milliseconds(2500)) == "2.5 s")
    }

    @Test("a server that could not start ends the command with its message and exit status 74")
    func startFailure() {
        let failure: any CommandLineFailure = WebStartError("127.0.0.1:8099 is in use")
        #expect(failure.commandLineMessage == "127.0.0.1:8099 is in use")
        #expect(failure.exitStatus == 74)
    }

    @Test("the token comes from --token-file or the app's variable; allowed names from both sources, in order")
    func accessOptions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ServeOptionsTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("token")
        try Data("  s3cret \nignored\n".utf8).write(to: file)
        let environment = ["SAMPLE_TOKEN": "from-env", "SAMPLE_ALLOWED_HOSTS": " b.example , ,c.example"]
        let fromFile = try ServerAccessOptions.parse(["--token-file", file.path, "--allowed-host", "a.example"])
            .resolve(tokenVariable: "SAMPLE_TOKEN", allowedHostsVariable: "SAMPLE_ALLOWED_HOSTS", environment: environment)
        #expect(fromFile.token == "s3cret")
        #expect(fromFile.allowedHosts == ["a.example", "b.example", "c.example"])
        let fromEnvironment = try ServerAccessOptions.parse([])
            .resolve(tokenVariable: "SAMPLE_TOKEN", allowedHostsVariable: "SAMPLE_ALLOWED_HOSTS", environment: environment)
        #expect(fromEnvironment.token == "from-env")
        #expect(throws: (any Error).self) { try ServerAccessOptions.parse(["--token", "a", "--token-file", file.path]) }
        let missing = folder.appendingPathComponent("none").path
        #expect(throws: WebStartError.self) { try ServerAccessOptions.readToken(from: missing) }
    }
}

/// An app `ServeCommand` serves, whose application is never built here.
private enum ServedSample: ServeCommandApp {
    static let displayName = "Served"
    static let defaultPort = 8098
    static let environmentPrefix = "SERVED"
    static let dataFolderHelp = "The served folder."
    static let defaultDataFolder = URL(fileURLWithPath: "/unused/served")
    static let serveAbstract = "Serve the sample."
    static let serveDiscussion = "Stops on Ctrl-C."
    static let application: ServedApplicationBuilder = { _, _, _ in throw WebStartError("not built in tests") }
}

@Suite("ServeCommand: both apps' serve, told by the app")
struct ServeCommandTests {
    @Test("serve is named serve, says the app's summary, default address, token variable and discussion, and takes the server's and the storage's options")
    func serveCommand() throws {
        let configuration = ServeCommand<ServedSample>.configuration
        #expect(configuration.commandName == "serve")
        #expect(configuration.abstract == "Serve the sample.")
        #expect(configuration.discussion == "Binds 127.0.0.1:8098 by default. Any other address needs people to sign in (users add NAME --role owner) or an access token for scripts (--token or SERVED_TOKEN); --tls-cert and --tls-key serve HTTPS. Stops on Ctrl-C.")
        #expect(ServedSample.tokenVariable == "SERVED_TOKEN" && ServedSample.allowedHostsVariable == "SERVED_ALLOWED_HOSTS")
        let command = try ServeCommand<ServedSample>.parse(["--port", "0", "--storage", "/some/folder"])
        #expect(command.server.port == 0 && command.data.storage == "/some/folder")
        #expect(try ServeCommand<ServedSample>.parse([]).server.port == 8098)
    }

    @Test("only the serve command asks for a serving process's set-up")
    func servesApp() {
        let commands: [any ParsableArguments] = [ServeCommand<ServedSample>(), ServeOptions<ServedSample>()]
        #expect(commands.map { $0 is any ServesApp } == [true, false])
    }
}
