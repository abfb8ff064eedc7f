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
    @Test("the default folder may be created; a --data-dir must exist unless --create is given")
    func dataFolderChoice() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("CommandLineSupportTests-\(UUID().uuidString)")
        let defaultChoice = DataFolderChoice(dataDir: nil, defaultFolder: missing, create: false)
        #expect(defaultChoice.isDefault && defaultChoice.mayCreate)
        try await defaultChoice.requireExistingUnlessCreatable()
        let named = DataFolderChoice(dataDir: missing.path, defaultFolder: URL(fileURLWithPath: "/unused"), create: false)
        #expect(named.folder.path == missing.path && !named.mayCreate)
        await #expect(throws: MissingDataFolder(folder: named.folder)) { try await named.requireExistingUnlessCreatable() }
        #expect(MissingDataFolder(folder: named.folder).message == "there is no data folder at \(missing.path); check the path, or add --create to start a new one there")
        try await DataFolderChoice(dataDir: missing.path, defaultFolder: missing, create: true).requireExistingUnlessCreatable()
        try await DataFolderChoice(dataDir: NSTemporaryDirectory(), defaultFolder: missing, create: false).requireExistingUnlessCreatable()
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
