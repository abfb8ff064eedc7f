import ArgumentParser

/// A command that makes one change to the app's store and says so in one line: it reads and
/// checks what it was given (``prepare()``, before the store is opened, so a bad argument or
/// file touches nothing), opens the store for changes, makes the change
/// (``change(_:_:)``), closes the store (saving) and prints the line the change returned.
///
/// A failure at any step ends the command with nothing printed on stdout.
public protocol StoreChangeCommand: AsyncParsableCommand {
    /// The app whose store the command changes.
    associatedtype App: StoreFolderApp
    /// What ``prepare()`` reads and checks for the change (nothing, by default).
    associatedtype Input = Void

    /// The storage the command works on (`@OptionGroup var data`).
    var data: DataFolderOptions<App> { get }

    /// Reads and checks the command's arguments and files before the store is opened.
    func prepare() async throws -> Input

    /// Makes the change in `store` with what ``prepare()`` read; returns the line to print.
    func change(_ store: App.Store, _ input: Input) async throws -> String
}

extension StoreChangeCommand {
    /// Prepares, opens the store, changes it, closes it, prints the change's line.
    public func run() async throws {
        let input = try await prepare()
        let line = try await data.change { store in try await change(store, input) }
        print(line)
    }
}

extension StoreChangeCommand where Input == Void {
    /// Nothing to read before the store is opened.
    public func prepare() async throws {}
}
