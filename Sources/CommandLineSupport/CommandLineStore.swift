import DocumentStore
import Foundation

/// The store an app's commands open on the storage they are given (an inventory, a database):
/// how it opens, how it says there is no folder, how it lets go.
public protocol CommandLineStore: Sendable {
    /// The per-user folder used without `--storage`.
    static var defaultDataFolder: URL { get }

    /// Opens the store in `storage`: for changes, or `readOnly` for commands that change nothing
    /// (they never create a folder or touch what is in it).
    ///
    /// - Throws: the store's own errors, among them the one ``isMissingDataFolder(_:)`` knows.
    static func openForCommand(storage: Storage, readOnly: Bool) async throws -> Self

    /// Whether `error`, thrown by a read-only ``openForCommand(storage:readOnly:)``, says there
    /// is no data folder.
    static func isMissingDataFolder(_ error: any Error) -> Bool

    /// Saves what a command changed and lets go of the storage.
    func close() async throws
}

/// An app whose commands open its one store on the data folder.
public protocol StoreFolderApp: DataFolderApp {
    /// The store the commands open.
    associatedtype Store: CommandLineStore
}

extension StoreFolderApp {
    /// The store's per-user folder.
    public static var defaultDataFolder: URL { Store.defaultDataFolder }
}

extension DataFolderOptions where App: StoreFolderApp {
    /// Opens the app's store there; `readOnly` for commands that change nothing: they never
    /// create the folder or touch anything in it. A --storage folder that does not exist is
    /// created only with --create; a bucket must answer and accept the credentials (one line and
    /// exit 77, 66 or 69 when it does not).
    ///
    /// - Throws: `DocumentStore.StorageConnectError`, ``MissingDataFolder``, the store's errors.
    public func open(readOnly: Bool = false) async throws -> App.Store {
        let choice = try self.choice
        return try await App.Store.openForCommand(storage: try await readOnly ? choice.connect() : choice.resolve(), readOnly: readOnly)
    }

    /// Opens the store read-only; nil when the per-user default folder does not exist yet (an
    /// empty store: nothing was saved). A folder named with `--storage` must exist.
    ///
    /// - Throws: what ``open(readOnly:)`` throws.
    public func openForReading() async throws -> App.Store? {
        do {
            return try await open(readOnly: true)
        } catch where App.Store.isMissingDataFolder(error) && storage == nil && dataDir == nil {
            return nil  // nothing saved yet in the per-user folder
        }
    }

    /// Opens the store for changes, makes them with `body`, and closes it (saving); returns what
    /// `body` returns. When `body` throws, the store is left unclosed and nothing more is saved.
    ///
    /// - Throws: what ``open(readOnly:)``, `body` and the store's `close()` throw.
    public func change<Result>(_ body: (App.Store) async throws -> Result) async throws -> Result {
        let store = try await open()
        let result = try await body(store)
        try await store.close()
        return result
    }
}
