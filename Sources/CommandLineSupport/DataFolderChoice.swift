import ArgumentParser
import DocumentStore
import Foundation

/// The data folder a command works on, and whether it may be created.
///
/// The per-user default folder is created when first needed. A folder named with `--data-dir`
/// must already exist unless `--create` is given too, so a misspelled path is an error that
/// names it, never a new, empty store beside the real one.
public struct DataFolderChoice: Sendable, Hashable {
    /// The folder.
    public let folder: URL
    /// Whether it is the per-user default (no `--data-dir`).
    public let isDefault: Bool
    /// Whether a missing folder may be created: the default, or `--create`.
    public let mayCreate: Bool

    /// The folder `dataDir` names, or `defaultFolder` when it is nil.
    public init(dataDir: String?, defaultFolder: URL, create: Bool) {
        folder = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? defaultFolder
        isDefault = dataDir == nil
        mayCreate = dataDir == nil || create
    }

    /// Returns when the folder exists or may be created (the check runs on the blocking pool).
    ///
    /// - Throws: ``MissingDataFolder`` when it is missing, or is not a folder, and may not be
    ///   created.
    public func requireExistingUnlessCreatable() async throws {
        guard !mayCreate else { return }
        let path = folder.path
        let exists = try await BlockingPool.shared.run {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        guard exists else { throw MissingDataFolder(folder: folder) }
    }
}

/// A data folder named with `--data-dir` that does not exist, without `--create`.
public struct MissingDataFolder: Error, Sendable, Hashable {
    /// The folder that was named.
    public let folder: URL

    /// The error for `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// One sentence: what is missing and the two ways on.
    public var message: String {
        "there is no data folder at \(folder.path); check the path, or add --create to start a new one there"
    }
}

/// An app whose commands work on one data folder.
public protocol DataFolderApp {
    /// What `--data-dir` names, for its help ("The Documents folder holding items.archive.").
    static var dataFolderHelp: String { get }
    /// The per-user folder used without `--data-dir`.
    static var defaultDataFolder: URL { get }
}

/// `--data-dir` and `--create`, the data-folder options of every command of `App`.
public struct DataFolderOptions<App: DataFolderApp>: ParsableArguments {
    /// The folder given with `--data-dir`; nil for the per-user default.
    @Option(name: .long, help: ArgumentHelp(App.dataFolderHelp, valueName: "folder"))
    public var dataDir: String?

    /// Whether a `--data-dir` folder that does not exist may be created.
    @Flag(name: .long, help: "Create the --data-dir folder if it does not exist (the default folder always is).")
    public var create = false

    /// Options as parsed from nothing: the default folder.
    public init() {}

    /// The folder (`--data-dir`, or the per-user default) and whether it may be created.
    public var choice: DataFolderChoice {
        DataFolderChoice(dataDir: dataDir, defaultFolder: App.defaultDataFolder, create: create)
    }

    /// The folder: `--data-dir`, or the per-user default.
    public var folder: URL { choice.folder }
}
