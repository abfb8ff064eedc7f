import CommandLineSupport
import Homepwner

/// A command that changes one item, named by its key or the key's start (`KEY`): the change is
/// made on the key the store resolves (an unknown key is exit 66, one shared by several items 64).
protocol ItemChangeCommand: StoreChangeCommand where App == HomepwnerApp {
    /// The item's key, or the start of it, as given.
    var key: String { get }

    /// Makes the change to the item with the whole `key`; returns the line to print.
    func change(item key: String, in store: ItemStore, _ input: Input) async throws -> String
}

extension ItemChangeCommand {
    /// Resolves ``key`` in the store, then makes the change.
    func change(_ store: ItemStore, _ input: Input) async throws -> String {
        try await change(item: try await store.resolveKey(key), in: store, input)
    }
}
