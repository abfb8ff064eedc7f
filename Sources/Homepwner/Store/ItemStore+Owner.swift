import DocumentStore
import Foundation

/// The owner and policy block of the insurance report (``InventoryOwner``), in `owner.plist`
/// beside `items.archive` (in a bucket, the object `PREFIX/owner.plist`), changed as the list of
/// locations is: one durable read-modify-write that no other writer's change can be lost to.
extension ItemStore {
    /// The owner and policy block (nothing set when there is no `owner.plist`).
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` when the file is not such a block, `.storage` or
    ///   `.unavailable` when it cannot be read.
    public func owner() async throws -> InventoryOwner {
        let blob = try await ImageStore.storageWork("the owner's details cannot be read") {
            try await blobs.read(InventoryOwner.fileName, maxBytes: InventoryOwner.maxFileBytes)
        }
        return try blob.map { try InventoryOwner.decoded($0.data) } ?? InventoryOwner()
    }

    /// Applies `changes` to the block (keys other programs wrote are kept) and returns it as saved.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for a field breaking its rule (nothing
    ///   saved), `.corrupt` when the stored file is not such a block (`check --repair` moves it
    ///   aside), and what a change of items throws when the store cannot write.
    @discardableResult
    public func changeOwner(_ changes: InventoryOwner.Changes) async throws -> InventoryOwner {
        // Checked before anything is read, so a refused value touches nothing.
        var draft = InventoryOwner()
        try draft.apply(changes)
        let (owner, _) = try await changeSmallFile(
            InventoryOwner.fileName, maxBytes: InventoryOwner.maxFileBytes, what: "the owner's details",
            decode: InventoryOwner.decoded, encode: { $0.encoded() }, empty: InventoryOwner()
        ) { owner in try owner.apply(changes) }
        return owner
    }
}
