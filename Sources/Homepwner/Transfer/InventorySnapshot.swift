import DocumentStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What one export of the whole inventory writes (``ItemStore/exportInventory(to:)``): one state
/// of the archive and of the list of locations, and the stored photos and attachments, read
/// after it, one at a time.
///
/// Its ``state`` names all of that without reading a photo or an attachment: two snapshots
/// with the same state would write the same zip, so downloads of one state share one file
/// (``ItemStore/exportInventoryForDownload()``).
struct InventorySnapshot: Sendable {
    /// What a zip of the inventory would hold, told without writing it.
    struct State: Hashable, Sendable {
        /// The archive's generation in this store (``DocumentStore/ArchiveFileStore/generation``):
        /// it moves with every change of the items.
        var generation: UInt64
        /// The list of locations as it is written (bytes: compared by code point).
        var locations: Data
        /// The owner and policy block as it is written.
        var owner: Data
        /// Every stored photo and attachment by name, with a token that changes whenever the
        /// file does (``DocumentStore/FileVersionTag``; in a bucket, the object's ETag).
        var files: [String: String]
    }

    /// The archive's state.
    var contents: ItemArchive
    /// The list of locations.
    var locations: LocationList
    /// The owner and policy block.
    var owner: InventoryOwner
    /// The stored photos, by item key, each item's in order.
    var photos: [ItemPhoto]
    /// The stored attachments, by item key and number.
    var attachments: [Attachment]
    /// What the zip would hold.
    var state: State
}

extension ItemStore {
    /// The inventory now, as an export writes it.
    ///
    /// - Throws: ``HomepwnerError`` `.damagedArchive` (repair it first), `.newerModel`, and
    ///   `.storage` when the folder or the bucket cannot be listed.
    func exportSnapshot() async throws -> InventorySnapshot {
        try await load()
        let contents: ItemArchive, generation: UInt64
        switch status {
        case .damaged(let reason):
            throw HomepwnerError(.damagedArchive, "\(reason); repair it (homepwner check --repair) before exporting")
        case .newerModel(let message):
            throw HomepwnerError(.newerModel, "\(message); export it with that version")
        case .readOnly:
            // What was read at load, which does not change.
            (contents, generation) = (loaded ?? ItemArchive(), 0)
        case .ready:
            try await refreshFromOtherWriters()
            (contents, generation) = try await archive.valueAndGeneration()
        }
        let locations = try await self.locations()
        let owner = try await self.owner()
        let files = try await storedFileTags()
        let attachments = AttachmentStore.sorted(files.keys.compactMap(Attachment.init(storedName:)))
        return InventorySnapshot(
            contents: contents, locations: locations, owner: owner, photos: ItemPhoto.sorted(files.keys.compactMap(ItemPhoto.init(storedName:))), attachments: attachments,
            state: .init(generation: generation, locations: locations.encoded(), owner: owner.encoded(), files: files)
        )
    }

    /// Every name beside the archive that is a photo's (``ItemPhoto``) or an attachment's, with its
    /// version (a token that changes whenever the blob does), from one listing (a folder's
    /// entries that are not regular files are not photos or attachments and are left out).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` (or `.unavailable`) when it cannot be listed.
    func storedFileTags() async throws -> [String: String] {
        try await ImageStore.storageWork("the photos and attachments cannot be listed") { try await blobs.list(startingWith: "") }
            .filter { ItemPhoto(storedName: $0.key) != nil || Attachment(storedName: $0.key) != nil }
    }
}
