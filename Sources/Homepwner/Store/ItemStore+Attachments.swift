import Foundation
import KeyedArchive

/// An item's attachments through its store: only for an item that exists, only while the
/// store can change items; deleting the item removes them (``delete(_:)``), and `check
/// --repair` removes those whose item is gone.
extension ItemStore {
    /// Stores `data` (a PDF, JPEG or PNG of at most 20 MiB) as a new attachment of the item with
    /// `key`, named from `fileName`, and returns it.
    ///
    /// In a bucket, the item is looked for again once the attachment is stored: when another
    /// server deleted it meanwhile, the attachment is removed again and the change fails with
    /// `.notFound` (as a photo is). The change is published on ``changes`` (`.attachments`).
    /// - Throws: ``HomepwnerError`` `.tooLarge`, `.invalidAttachment` (nothing written),
    ///   `.notFound`, `.damagedArchive`, `.storage`.
    public func addAttachment(_ data: Data, fileName: String, forKey key: String) async throws -> Attachment {
        try await load()
        try requireWritable()
        let item = try await item(key)
        let attachment = try await attachments.add(data, fileName: fileName, forKey: item.itemKey)
        try await refreshFromOtherWriters(force: true)
        guard try await archiveContents().index(ofKey: key) != nil else {
            try await attachments.delete(attachment)
            throw Self.missingItem(key, wasKnown: true)
        }
        await publishOwn(.attachments, subject: key, version: item.version)
        return attachment
    }

    /// The attachment of the item with `key` stored as `storedName` (as listed).
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` when the item or the attachment is not there.
    public func attachment(_ storedName: String, forKey key: String) async throws -> Attachment {
        _ = try await item(key)
        guard let attachment = Attachment(storedName: storedName), ExactString.equal(attachment.itemKey, key),
              try await attachments.attachments(forKey: key).contains(attachment) else {
            throw HomepwnerError(.notFound, "item \(key) has no attachment \"\(storedName.prefix(200))\"")
        }
        return attachment
    }

    /// Removes the attachment of the item with `key` stored as `storedName`, and publishes the
    /// change on ``changes`` (`.attachments`).
    ///
    /// - Throws: ``HomepwnerError`` `.notFound`, `.damagedArchive`, `.storage`.
    public func removeAttachment(_ storedName: String, forKey key: String) async throws {
        try await load()
        try requireWritable()
        try await attachments.delete(try await attachment(storedName, forKey: key))
        await publishOwn(.attachments, subject: key, version: try? await item(key).version)
    }
}
