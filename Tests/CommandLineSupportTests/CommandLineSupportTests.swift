import ArgumentParser
@testable import CommandLineSupport
import Foundation
import Testing

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

    @Test("an error that says its own line and exit status ends the command with them")
    func commandLineFailure() {
        struct Refused: CommandLineFailure {
            var commandLineMessage: String { "the door is locked" }
            var exitStatus: Int32 { 77 }
        }
        let reported = CommandLineTool.sharedError(Refused())
        #expect(reported?.message == "the door is locked" && reported?.status == 77)
        #expect(CommandLineTool.sharedError(CocoaError(.fileNoSuchFile)) == nil)
    }

    @Test("terminal-safe text: controls, separators and direction overrides escaped; backslashes doubled unless told")
    func terminalSafeText() {
        #expect(terminalSafe("plain “text” ★") == "plain “text” ★")
        #expect(terminalSafe("a\u{1B}[31m\\b\nc\u{202E}") == "a\\u{1B}[31m\\\\b\\u{A}c\\u{202E}")
        #expect(terminalSafe("a\u{1B}[31m\\b\nc\u{202E}", escapingBackslashes: false) == "a\\u{1B}[31m\\b\\u{A}c\\u{202E}")
    }

    @Test("--data-dir, --create and --json before the subcommand move after it; anything else stays")
    func commonOptions() {
        let names: Set = ["list", "add"]
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--data-dir", "D", "--create", "add", "X"], subcommands: names) == ["add", "--data-dir", "D", "--create", "X"])
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--json", "list"], subcommands: names) == ["list", "--json"])
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--data-dir", "D", "other"], subcommands: names) == ["--data-dir", "D", "other"])
    }
}
