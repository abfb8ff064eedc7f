import ArgumentParser
import CommandLineSupport
import Foundation
import Logging
import Testing

private enum SampleApp: ServedApp {
    static let displayName = "Sample"
    static let defaultPort = 8099
    static let tokenVariable = "SAMPLE_TOKEN"
    static let allowedHostsVariable = "SAMPLE_ALLOWED_HOSTS"
}

@Suite("CommandLineSupport: what both app CLIs share")
struct CommandLineSupportTests {
    @Test("the default folder may be created; a --storage folder must exist unless --create is given")
    func dataFolderChoice() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("CommandLineSupportTests-\(UUID().uuidString)")
        let defaultChoice = try DataFolderChoice(storage: nil, defaultFolder: missing, create: false)
        #expect(defaultChoice.isDefault && defaultChoice.mayCreate)
        #expect(try await defaultChoice.resolve().description == missing.path)
        let named = try DataFolderChoice(storage: missing.path, defaultFolder: URL(fileURLWithPath: "/unused"), create: false)
        #expect(named.location.description == missing.path && !named.mayCreate)
        await #expect(throws: MissingDataFolder(location: named.location)) { try await named.resolve() }
        #expect(MissingDataFolder(location: named.location).message == "there is no data folder at \(missing.path); check the path, or add --create to start a new one there")
        _ = try await DataFolderChoice(storage: missing.path, defaultFolder: missing, create: true).resolve()
        _ = try await DataFolderChoice(storage: NSTemporaryDirectory(), defaultFolder: missing, create: false).resolve()
    }

    @Test("--data-dir, --create and --json before the subcommand move after it; anything else stays")
    func commonOptions() {
        let names: Set = ["list", "add"]
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--data-dir", "D", "--create", "add", "X"], subcommands: names) == ["add", "--data-dir", "D", "--create", "X"])
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--json", "list"], subcommands: names) == ["list", "--json"])
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--data-dir", "D", "other"], subcommands: names) == ["--data-dir", "D", "other"])
    }

    @Test("serve's options: the app's default port, --log-level by name, every other level refused")
    func serveOptions() throws {
        let defaults = try ServeOptions<SampleApp>.parse([])
        #expect(defaults.port == 8099 && defaults.host == "127.0.0.1" && defaults.logLevel == .info)
        let chosen = try ServeOptions<SampleApp>.parse(["--port", "0", "--log-level", "error"])
        #expect(chosen.port == 0 && chosen.logLevel == .error)
        #expect(throws: (any Error).self) { try ServeOptions<SampleApp>.parse(["--log-level", "loud"]) }
    }
}
