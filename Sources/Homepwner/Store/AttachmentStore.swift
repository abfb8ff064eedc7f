import DocumentStore
import Foundation
import KeyedArchive

/// Each item's attachments (``Attachment``): blobs beside `items.archive` (files in the data
/// folder, objects under the prefix in a bucket) named `<itemKey>.attachment-<number>-<file name>`.
///
/// An attachment is checked (size, then its magic bytes) before anything is written, then
/// stored whole and durably at once (a ``DocumentStore/BlobStore`` write, as photos are), with a
/// write that only creates (``DocumentStore/BlobWriteMode/create``), so two uploads never take
/// one number. Bytes are kept as uploaded.
public struct AttachmentStore: Sendable {
    /// Where the attachments are: the data folder, or a prefix in a bucket.
    public let storage: Storage
    private let blobs: any BlobStore
    private let pool: BlockingPool

    /// Creates a store for the attachments in `storage`.
    public init(storage: Storage, writer: DurableFileWriter = .system, pool: BlockingPool = .shared) {
        self.init(storage: storage, blobs: storage.blobs(writer: writer, pool: pool), pool: pool)
    }

    /// A store of the attachments among `blobs` (shared with the other stores of one inventory).
    init(storage: Storage, blobs: any BlobStore, pool: BlockingPool) {
        self.storage = storage
        self.blobs = blobs
        self.pool = pool
    }

    /// Every stored name that is an attachment's, from one listing of the folder (or prefix).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` (or `.unavailable`) when it cannot be listed.
    public func all() async throws -> [Attachment] {
        let names = try await ImageStore.storageWork("the attachments cannot be listed") { try await blobs.names(startingWith: "") }
        return Self.sorted(names.compactMap(Attachment.init(storedName:)))
    }

    /// The attachments of the item with `key`, by number (only the item's own names are listed).
    ///
    /// - Throws: what ``all()`` throws.
    public func attachments(forKey key: String) async throws -> [Attachment] {
        guard ItemRules.isValidKey(key) else { return [] }
        let names = try await ImageStore.storageWork("the attachments cannot be listed") {
            try await blobs.names(startingWith: key + Attachment.marker)
        }
        return Self.sorted(names.compactMap(Attachment.init(storedName:)).filter { ExactString.equal($0.itemKey, key) })
    }

    /// Stores `data` as a new attachment of the item with `key`, named from `fileName`, and
    /// returns it. The caller checks that the item exists.
    ///
    /// - Throws: ``HomepwnerError`` `.tooLarge` over ``Attachment/maxBytes``,
    ///   `.invalidAttachment` for bytes that are not a PDF, JPEG or PNG or an item with
    ///   ``Attachment/maxPerItem`` already (nothing written), `.storage` when the write fails,
    ///   `.unavailable` when other uploads kept taking the next number.
    public func add(_ data: Data, fileName: String, forKey key: String) async throws -> Attachment {
        let kind = try Self.check(data)
        let safe = Attachment.safeFileName(fileName, kind: kind)
        return try await NextNameCreation.create(
            exhausted: HomepwnerError(.unavailable, "other uploads to item \(key) kept taking the next number; try again"),
            next: { try Self.numbered(after: try await attachments(forKey: key), forKey: key, fileName: safe) },
            write: { attachment in try await blobs.write(attachment.storedName, data, mode: .create, contentType: kind.contentType) },
            failed: { attachment, error in ImageStore.storageError("the attachment \(attachment.fileName) of item \(key) could not be saved", error) }
        )
    }

    /// Durably stores `data` as `attachment` itself, its number and name kept, replacing what is
    /// there: an import of a full export brings each attachment back as it was exported.
    ///
    /// - Throws: ``HomepwnerError`` `.tooLarge`, `.invalidAttachment` (nothing written),
    ///   `.storage` when the write fails.
    public func restore(_ data: Data, as attachment: Attachment) async throws {
        let kind = try Self.check(data)
        try await ImageStore.storageWork("the attachment \(attachment.fileName) of item \(attachment.itemKey) could not be saved") {
            try await blobs.write(attachment.storedName, data, contentType: kind.contentType)
        }
    }

    /// The bytes of `attachment` and their kind (sniffed again), or nil when it is not there:
    /// ``file(_:)`` read whole.
    ///
    /// - Throws: what ``file(_:)`` throws.
    public func read(_ attachment: Attachment) async throws -> (data: Data, kind: Attachment.Kind)? {
        guard let file = try await file(attachment) else { return nil }
        let bytes = try await pool.run { () throws -> [UInt8] in
            do {
                return try file.file.read(file.size, at: 0)
            } catch let error as DocumentStoreError {
                throw HomepwnerError(.storage, "the attachment \(attachment.fileName) of item \(attachment.itemKey) cannot be read: \(error.message)")
            }
        }
        return (Data(bytes), file.kind)
    }

    /// `attachment` opened for streaming (a download), with its kind sniffed again; nil when it
    /// is not there. A file keeps reading the version open now, whatever replaces it; an object
    /// in a bucket is read whole (at most ``Attachment/maxBytes``).
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` for a file that is not a regular file, is larger
    ///   than the limit or is no longer a PDF, JPEG or PNG; `.storage` when it cannot be read.
    public func file(_ attachment: Attachment) async throws -> StreamedFile<Attachment.Kind>? {
        let name = attachment.storedName
        guard let (file, header) = try await StoredReading.open(
            name, in: blobs, maxBytes: Attachment.maxBytes, what: "the attachment \(attachment.fileName) of item \(attachment.itemKey)",
            tooLarge: "\(blobs.address(of: name)) is larger than the \(Attachment.maxBytes) bytes an attachment may have", pool: pool
        ) else { return nil }
        guard let kind = Attachment.Kind.sniff(header) else { throw Self.noLongerKnown(attachment) }
        return StreamedFile(kind: kind, file: file, pool: pool)
    }

    private static func noLongerKnown(_ attachment: Attachment) -> HomepwnerError {
        HomepwnerError(.corrupt, "the attachment \(attachment.fileName) of item \(attachment.itemKey) is no longer a PDF, JPEG or PNG")
    }

    /// Durably removes `attachment` (nothing to do when it is not there).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when it cannot be removed.
    public func delete(_ attachment: Attachment) async throws {
        try await ImageStore.storageWork("the attachment \(attachment.fileName) cannot be removed") { try await blobs.delete(attachment.storedName) }
    }

    /// Removes every attachment of the item with `key`.
    ///
    /// - Throws: what ``delete(_:)`` throws.
    public func deleteAll(forKey key: String) async throws {
        for attachment in try await attachments(forKey: key) { try await delete(attachment) }
    }

    /// The bytes of the file at `path` (a file named on the command line), read only when it
    /// is a regular file of at most ``Attachment/maxBytes``.
    ///
    /// - Throws: ``HomepwnerError`` `.tooLarge`, `.storage` (not a regular file, unreadable).
    public static func readUpload(atPath path: String) throws -> Data {
        try ArchiveFileReading.read(URL(fileURLWithPath: path), limit: Attachment.maxBytes, followingSymlinks: true, tooLarge: .tooLarge)
    }

    /// The kind of `data` if it may be stored.
    ///
    /// - Throws: ``HomepwnerError`` `.tooLarge`, `.invalidAttachment`.
    static func check(_ data: Data) throws -> Attachment.Kind {
        guard data.count <= Attachment.maxBytes else {
            throw HomepwnerError(.tooLarge, "this attachment is \(data.count) bytes, more than the \(Attachment.maxBytes) bytes (20 MiB) an attachment may have")
        }
        guard let kind = Attachment.Kind.sniff(data) else {
            throw HomepwnerError(.invalidAttachment, "an attachment must be a PDF, JPEG or PNG file (its first bytes say what it is), and this one is none of them")
        }
        return kind
    }

    private static func numbered(after existing: [Attachment], forKey key: String, fileName: String) throws -> Attachment {
        guard existing.count < Attachment.maxPerItem else {
            throw HomepwnerError(.invalidAttachment, "item \(key) has \(Attachment.maxPerItem) attachments already, the most it can have")
        }
        return Attachment(itemKey: key, number: (existing.map(\.number).max() ?? 0) + 1, fileName: fileName)
    }

    /// `attachments` by item key, then number.
    static func sorted(_ attachments: [Attachment]) -> [Attachment] {
        attachments.sorted { ($0.itemKey, $0.number) < ($1.itemKey, $1.number) }
    }
}
