import ArgumentParser
@testable import CommandLineSupport
import DocumentStore
import Foundation
import Testing

/// A store of one folder that says it was closed by writing `closed` in it.
private struct NoteStore: CommandLineStore {
    struct NoFolder: Error {}

    static let defaultDataFolder = FileManager.default.temporaryDirectory.appendingPathComponent("StoreCommandTests-default-\(UUID().uuidString)")

    let folder: URL

    static func openForCommand(storage: Storage, readOnly: Bool) async throws -> NoteStore {
        guard case .folder(let folder) = storage else { throw StorageConnectError(.configuration, "a folder only") }
        if readOnly, !FileManager.default.fileExists(atPath: folder.path) { throw NoFolder() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return NoteStore(folder: folder)
    }

    static func isMissingDataFolder(_ error: any Error) -> Bool { error is NoFolder }

    func close() async throws {
        try Data().write(to: folder.appendingPathComponent("closed"))
    }
}

/// An app whose default folder (the store's) is never created by these tests.
private enum NoteApp: StoreFolderApp, CheckedApp {
    typealias Store = NoteStore
    static let dataFolderHelp = "The notes folder."
    static let checkAbstract = "Verify the notes."
    static let repairHelp = "Mend the notes."

    static func check(_ data: DataFolderOptions<NoteApp>, repair: Bool) async throws -> Found {
        Found(clean: repair)
    }
}

/// `note NAME [--fail]`: writes NAME in the store; `--fail` fails in prepare, before the store opens.
private struct NoteCommand: StoreChangeCommand {
    @Argument var name: String
    @Flag var fail = false
    @OptionGroup var data: DataFolderOptions<NoteApp>

    func prepare() throws -> String {
        if fail { throw ValidationError("refused") }
        return name.uppercased()
    }

    func change(_ store: NoteStore, _ input: String) async throws -> String {
        try Data(input.utf8).write(to: store.folder.appendingPathComponent("note"))
        return "\(input)  noted"
    }
}

private struct Found: CheckResult {
    var clean: Bool
    var textLines: [String] { ["1 note read"] }
}

@Suite("The store commands share: open for reading or changes, one change, check's ending")
struct StoreCommandTests {
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("StoreCommandTests-\(UUID().uuidString)")
    }

    @Test("reading a default folder that does not exist yet is an empty store (nil); a --storage folder that does not exist is the store's error")
    func openForReading() async throws {
        #expect(NoteApp.defaultDataFolder == NoteStore.defaultDataFolder)
        #expect(try await DataFolderOptions<NoteApp>.parse([]).openForReading() == nil)
        #expect(!FileManager.default.fileExists(atPath: NoteStore.defaultDataFolder.path))
        let missing = temporaryFolder()
        await #expect(throws: NoteStore.NoFolder.self) { try await DataFolderOptions<NoteApp>.parse(["--storage", missing.path]).openForReading() }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test("a change command prepares before the store is opened, changes it, then closes it")
    func changeCommand() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect(throws: ValidationError.self) { try await NoteCommand.parse(["a", "--fail", "--storage", folder.path, "--create"]).run() }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        await #expect(throws: MissingDataFolder.self) { try await NoteCommand.parse(["a", "--storage", folder.path]).run() }
        try await NoteCommand.parse(["a", "--storage", folder.path, "--create"]).run()
        #expect(try String(contentsOf: folder.appendingPathComponent("note"), encoding: .utf8) == "A")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("closed").path))
    }

    @Test("check: the app's summary, --repair with the app's help, the storage, --json; findings that are not clean end with exit status 1")
    func checkCommand() async throws {
        #expect(CheckCommand<NoteApp>.configuration.commandName == "check")
        #expect(CheckCommand<NoteApp>.configuration.abstract == "Verify the notes.")
        let command = try CheckCommand<NoteApp>.parse(["--repair", "--json"])
        #expect(command.repair && command.output.json && command.data.storage == nil)
        #expect(CheckCommand<NoteApp>.helpMessage().contains("Mend the notes."))
        #expect(throws: ExitCode(1)) { try command.report(Found(clean: false)) }
        try await command.run()
        await #expect(throws: ExitCode(1)) { try await CheckCommand<NoteApp>.parse(["--json"]).run() }
    }
}
