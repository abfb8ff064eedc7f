import DocumentStore
import Foundation
import KeyedArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each item's attachments (``Attachment``): files beside `items.archive` (objects under the
/// prefix, in a bucket) named `<itemKey>.attachment-<number>-<file name>`.
///
/// An attachment is checked (size, then its magic bytes) before anything is written, then
/// written durably at once (temporary file, `fsync`, rename, `fsync` of the folder —
/// ``DocumentStore/DurableFileWriter``, as photos are) or by one PUT that only creates
/// (`If-None-Match: *`), so two uploads never take one number. Bytes are kept as uploaded.
public struct AttachmentStore: Sendable {
    /// Where the attachments are: the data folder, or a prefix in a bucket.
    public let storage: Storage
    private let writer: DurableFileWriter
    private let pool: BlockingPool
    /// Makes choosing a number and creating the file one step within this process (the
    /// folder's writer lock keeps other processes out).
    private let lock = InProcessStepLock()

    /// Creates a store for the attachments in `storage`.
    public init(storage: Storage, writer: DurableFileWriter = .system, pool: BlockingPool = .shared) {
        self.storage = storage
        self.writer = writer
        self.pool = pool
    }

    private var bucket: BucketStorage? {
        if case .bucket(let bucket) = storage { return bucket }
        return nil
    }

    /// Every stored name that is an attachment's, from one listing of the folder (or prefix).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` (or `.unavailable`) when it cannot be listed.
    public func all() async throws -> [Attachment] {
        if let bucket {
            let names = try await ImageStore.bucketWork("the attachments cannot be listed") { try await bucket.names() }
            return Self.sorted(names.keys.compactMap(Attachment.init(storedName:)))
        }
        let folder = storage.url
        return try await pool.run {
            // A folder that is not there (yet) has no attachments.
            var status = stat()
            if lstat(folder.path, &status) != 0, errno == ENOENT { return [] }
            do {
                return Self.sorted(try FileManager.default.contentsOfDirectory(atPath: folder.path).compactMap(Attachment.init(storedName:)))
            } catch {
                throw HomepwnerError(.storage, "\(folder.path) cannot be listed: \(error.localizedDescription)")
            }
        }
    }

    /// The attachments of the item with `key`, by number.
    ///
    /// - Throws: what ``all()`` throws.
    public func attachments(forKey key: String) async throws -> [Attachment] {
        guard let bucket, ItemRules.isValidKey(key) else {
            return try await all().filter { ExactString.equal($0.itemKey, key) }
        }
        // In a bucket, only the item's own names are listed (one request, not the whole prefix).
        let names = try await ImageStore.bucketWork("the attachments cannot be listed") {
            try await bucket.names(startingWith: key + Attachment.marker)
        }
        return Self.sorted(names.keys.compactMap(Attachment.init(storedName:)).filter { ExactString.equal($0.itemKey, key) })
    }

    /// Stores `data` as a new attachment of the item with `key`, named from `fileName`, and
    /// returns it. The caller checks that the item exists.
    ///
    /// - Throws: ``HomepwnerError`` `.tooLarge` over ``Attachment/maxBytes``,
    ///   `.invalidAttachment` for bytes that are not a PDF, JPEG or PNG or an item with
    ///   ``Attachment/maxPerItem`` already (nothing written), `.storage` when the write fails.
    public func add(_ data: Data, fileName: String, forKey key: String) async throws -> Attachment {
        let kind = try Self.check(data)
        let safe = Attachment.safeFileName(fileName, kind: kind)
        if let bucket {
            for _ in 0..<8 {
                let attachment = try await next(forKey: key, fileName: safe)
                do {
                    try await bucket.write(attachment.storedName, data, contentType: kind.contentType, createOnly: true)
                    return attachment
                } catch let error as DocumentStoreError where error.code == .conflict {
                    continue  // another upload took the number first
                } catch {
                    throw ItemStore.storageError(error, bucket.address(of: attachment.storedName))
                }
            }
            throw HomepwnerError(.unavailable, "other uploads to item \(key) kept taking the next number; try again")
        }
        let folder = storage.url, writer = self.writer, lock = self.lock
        return try await pool.run {
            try lock.mutex.withLock { _ in
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                let existing = names.compactMap(Attachment.init(storedName:)).filter { ExactString.equal($0.itemKey, key) }
                let attachment = try Self.numbered(after: existing, forKey: key, fileName: safe)
                do {
                    try writer.write(data, to: folder.appendingPathComponent(attachment.storedName, isDirectory: false))
                } catch {
                    throw HomepwnerError(.storage, "the attachment \(attachment.fileName) of item \(key) could not be saved: \(error)")
                }
                return attachment
            }
        }
    }

    /// Durably stores `data` as `attachment` itself, its number and name kept, replacing what is
    /// there: an import of a full export brings each attachment back as it was exported.
    ///
    /// - Throws: ``HomepwnerError`` `.tooLarge`, `.invalidAttachment` (nothing written),
    ///   `.storage` when the write fails.
    public func restore(_ data: Data, as attachment: Attachment) async throws {
        let kind = try Self.check(data)
        let name = attachment.storedName
        if let bucket {
            do {
                _ = try await bucket.write(name, data, contentType: kind.contentType)
            } catch {
                throw ItemStore.storageError(error, bucket.address(of: name))
            }
            return
        }
        let url = storage.url.appendingPathComponent(name, isDirectory: false), writer = self.writer
        try await pool.run {
            do {
                try writer.write(data, to: url)
            } catch {
                throw HomepwnerError(.storage, "the attachment \(attachment.fileName) of item \(attachment.itemKey) could not be saved: \(error)")
            }
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
        let name = attachment.storedName, pool = self.pool
        if let bucket {
            let object = try await ImageStore.bucketWork("the attachment \(attachment.fileName) cannot be read") {
                do {
                    return try await bucket.read(name, maxBytes: Attachment.maxBytes)
                } catch let error as DocumentStoreError where error.code == .corrupt {
                    throw HomepwnerError(.corrupt, "the attachment \(bucket.address(of: name)) is larger than \(Attachment.maxBytes) bytes")
                }
            }
            guard let object else { return nil }
            guard let kind = Attachment.Kind.sniff(object.data) else { throw Self.noLongerKnown(attachment) }
            return StreamedFile(kind: kind, file: OpenAttachment(bytes: object.data, identity: object.tag), pool: pool)
        }
        let url = storage.url.appendingPathComponent(name, isDirectory: false)
        return try await pool.run { () throws -> StreamedFile<Attachment.Kind>? in
            guard let (file, header) = try StoredFileOpening.open(url, what: "the attachment \(attachment.fileName) of item \(attachment.itemKey)") else { return nil }
            guard file.size <= Attachment.maxBytes else {
                throw HomepwnerError(.corrupt, "\(url.path) is \(file.size) bytes, more than the \(Attachment.maxBytes) an attachment may have")
            }
            guard let kind = Attachment.Kind.sniff(header) else { throw Self.noLongerKnown(attachment) }
            return StreamedFile(kind: kind, file: file, pool: pool)
        }
    }

    private static func noLongerKnown(_ attachment: Attachment) -> HomepwnerError {
        HomepwnerError(.corrupt, "the attachment \(attachment.fileName) of item \(attachment.itemKey) is no longer a PDF, JPEG or PNG")
    }

    /// Durably removes `attachment` (nothing to do when it is not there).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when it cannot be removed.
    public func delete(_ attachment: Attachment) async throws {
        let name = attachment.storedName
        if let bucket {
            try await ImageStore.bucketWork("the attachment \(attachment.fileName) cannot be removed") { try await bucket.delete(name) }
            return
        }
        let folder = storage.url
        try await pool.run { try DurableRemoval.remove(name, in: folder) }
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

    /// The next attachment of the item with `key` (one more than its largest number).
    private func next(forKey key: String, fileName: String) async throws -> Attachment {
        try Self.numbered(after: try await attachments(forKey: key), forKey: key, fileName: fileName)
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
