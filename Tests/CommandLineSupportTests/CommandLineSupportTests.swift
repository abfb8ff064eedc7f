import ArgumentParser
@testable import CommandLineSupport
import Foundation
import Testing

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

    @Test("--data-dir, --create and --json before the subcommand move after it (after a nested one, as users add, too); anything else stays")
    func commonOptions() {
        let names: Set = ["list", "add"]
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--data-dir", "D", "--create", "add", "X"], subcommands: names) == ["add", "--data-dir", "D", "--create", "X"])
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--json", "list"], subcommands: names) == ["list", "--json"])
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--data-dir", "D", "other"], subcommands: names) == ["--data-dir", "D", "other"])
        // After a nested subcommand's name too (`users add`), and only a known one.
        let nested = ["users": Set(["add", "list"])]
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--data-dir", "D", "users", "add", "X"], subcommands: names.union(["users"]), nested: nested) == ["users", "add", "--data-dir", "D", "X"])
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--json", "users", "list"], subcommands: names.union(["users"]), nested: nested) == ["users", "list", "--json"])
        #expect(CommandLineTool.commonOptionsAfterSubcommand(["--json", "users", "other"], subcommands: names.union(["users"]), nested: nested) == ["users", "--json", "other"])
    }
}

@Suite("terminalSafe: every character that could drive a terminal")
struct TerminalTextTests {
    @Test("NUL, DEL, C1 controls, line and paragraph separators, every bidirectional override and isolate are escaped as \\u{…}; other text stays")
    func everyEscapedRange() {
        let escaped: [(Unicode.Scalar, String)] = [
            ("\u{0}", "\\u{0}"), ("\u{1F}", "\\u{1F}"), ("\u{7F}", "\\u{7F}"), ("\u{85}", "\\u{85}"), ("\u{9F}", "\\u{9F}"),
            ("\u{2028}", "\\u{2028}"), ("\u{2029}", "\\u{2029}"), ("\u{202A}", "\\u{202A}"), ("\u{202E}", "\\u{202E}"),
            ("\u{2066}", "\\u{2066}"), ("\u{2069}", "\\u{2069}"),
        ]
        for (scalar, expected) in escaped {
            #expect(terminalSafe("a\(Character(scalar))b") == "a\(expected)b", "\(scalar.value)")
        }
        for kept in ["\u{20}", "\u{A0}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}", "é", "👻"] {
            #expect(terminalSafe("a\(kept)b") == "a\(kept)b", "\(kept.unicodeScalars.map(\.value))")
        }
    }
}

@Suite("NullEncoded: an optional written as null")
struct NullEncodedTests {
    private struct Reading: Encodable {
        @NullEncoded var value: Double?
        var note: String?
    }

    @Test("a nil NullEncoded field is written as null, where a plain optional is left out; a value is written as it is")
    func nullEncoded() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(Reading(value: nil, note: nil)), as: UTF8.self) == #"{"value":null}"#)
        #expect(String(decoding: try encoder.encode(Reading(value: 2.5, note: "n")), as: UTF8.self) == #"{"note":"n","value":2.5}"#)
    }
}
