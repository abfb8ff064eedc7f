import Foundation
import ObjectStorage

/// One read or edit of a bundle kept in a bucket, behind ``BundleReader`` and ``BundleEditor``:
/// the bundle's objects as one listing showed them when it began, and the requests the body
/// makes, each waited for on the pool thread that runs it.
///
/// - The data file is written only if it is still the version this session read (or the
///   listing showed): `If-Match` on its ETag, `If-None-Match: *` when there was none. A write
///   that loses that race throws ``ObjectEditConflict`` and the edit runs again from a fresh
///   listing (``DocumentFolder/edit(_:_:)``).
/// - After attachments were written, the data file is looked at once more: if the bundle was
///   deleted meanwhile — or deleted and another made under its number, which its data file's
///   write history tells — they are removed again and the edit fails with `.notFound`, so a
///   late photo never outlives its creature nor lands on another.
final class ObjectBundleSession: @unchecked Sendable {
    // @unchecked: one session is used by one pool thread at a time, inside one read or edit.
    let folder: DocumentFolder
    let bucket: BucketStorage
    let bundle: DocumentBundle
    /// The bundle's files by name, as listed, then as this session changed them.
    private var files: [String: S3ListedObject]
    /// The data file this session read or wrote: its ETag then, and the ids of the writes that
    /// made it (carried on by the next write, so a later look can tell the same bundle).
    private var data: (name: String, etag: String, history: [String])?
    /// Attachments written by this session.
    private var written: [String] = []
    /// The write id of the data file's version this session began from, once looked at (nil
    /// inside: a file no write of ours made, whose history cannot be told).
    private var lineage: String??

    init(folder: DocumentFolder, bucket: BucketStorage, bundle: DocumentBundle, files: [String: S3ListedObject]) {
        self.folder = folder
        self.bucket = bucket
        self.bundle = bundle
        self.files = files
    }

    private func key(_ name: String) -> String { bucket.key(bundle.name + "/" + name) }

    private var location: String { bundle.url.absoluteString }

    /// Runs one request, turning its failure into a ``DocumentStoreError`` about `name`.
    private func request<Value: Sendable>(_ name: String, _ operation: @escaping @Sendable (S3Client) async throws -> Value) throws -> Value {
        let client = bucket.client
        do {
            return try waitForAsync { try await operation(client) }
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: location + "/" + name)
        }
    }

    /// Reads object `name`, nil when it is not there.
    private func get(_ name: String, limit: Int) throws -> S3Object? {
        let key = key(name)
        do {
            return try request(name) { client -> S3Object? in
                do {
                    guard case .object(let object) = try await client.get(key, maxBytes: limit) else { return nil }
                    return object
                } catch let error as S3Error where error.code == .notFound {
                    return nil
                }
            }
        } catch let error as DocumentStoreError where error.code == .corrupt {
            throw DocumentStoreError(.corrupt, "\(location)/\(name) is larger than \(limit) bytes", path: location + "/" + name)
        }
    }

    // MARK: The data file

    /// The data file's bytes, or nil if the bundle has none.
    func readData() throws -> Data? {
        for name in folder.configuration.dataFileNames where files[name] != nil {
            if let object = try get(name, limit: folder.configuration.maxDataFileBytes) {
                data = (name, object.etag, object.writeHistory)
                if lineage == nil { lineage = .some(object.writeHistory.first) }
                return object.body
            }
        }
        data = nil
        return nil
    }

    /// Replaces the data file if it is still the version read (or listed).
    ///
    /// - Throws: ``ObjectEditConflict`` when another writer changed it first.
    func writeData(_ bytes: Data) throws {
        let listed = folder.configuration.dataFileNames.first { files[$0] != nil }
        let name = data?.name ?? listed ?? folder.configuration.dataFileNames[0]
        let condition: S3WriteCondition
        if let etag = data?.etag ?? files[name]?.etag { condition = .matching(etag: etag) } else { condition = .absent }
        let key = key(name)
        let history = data?.history ?? []
        do {
            let bucket = self.bucket
            let written = try request(name) { _ in
                try await bucket.writeObject(key, body: bytes, contentType: "application/octet-stream", condition: condition, history: history)
            }
            let etag = written.etag
            if lineage == nil { lineage = .some(written.history.first) }
            data = (name, etag, written.history)
            files[name] = S3ListedObject(key: key, etag: etag, size: bytes.count, lastModified: Date())
        } catch let error as DocumentStoreError where error.code == .conflict {
            throw ObjectEditConflict()
        }
    }

    // MARK: Attachments

    /// Attachment `name`, nil if it is not there.
    func readAttachment(named name: String, limit: Int) throws -> Data? {
        try folder.validateAttachmentName(name)
        guard files[name] != nil else { return nil }
        return try get(name, limit: limit)?.body
    }

    /// The attachments' names, sorted: every visible name but the data files'.
    func attachmentNames() -> [String] {
        let dataNames = Set(folder.configuration.dataFileNames)
        return files.keys.filter { !$0.hasPrefix(".") && !dataNames.contains($0) }.sorted()
    }

    /// When attachment `name` was last written, nil if it is not there.
    func modificationDate(ofAttachment name: String) throws -> Date? {
        try folder.validateAttachmentName(name)
        guard let file = files[name] else { return nil }
        return file.lastModified ?? .distantPast
    }

    /// Writes (or replaces) attachment `name`.
    func writeAttachment(_ bytes: Data, named name: String) throws {
        try folder.validateAttachmentName(name)
        if lineage == nil { lineage = .some(try currentData()?.writeHistory.first) }
        let key = key(name)
        let bucket = self.bucket
        let etag = try request(name) { _ in try await bucket.putObject(key, body: bytes) }
        files[name] = S3ListedObject(key: key, etag: etag, size: bytes.count, lastModified: Date())
        written.append(name)
    }

    /// Removes attachment `name`; a missing one is not an error.
    func removeAttachment(named name: String) throws {
        try folder.validateAttachmentName(name)
        guard files[name] != nil else { return }
        let key = key(name)
        let bucket = self.bucket
        try request(name) { _ in try await bucket.deleteObject(key) }
        files[name] = nil
    }

    /// Attachment `name` read whole (within 256 MiB), to stream; nil if it is not there.
    func openAttachment(named name: String) throws -> OpenAttachment? {
        try folder.validateAttachmentName(name)
        guard files[name] != nil, let object = try get(name, limit: 256 << 20) else { return nil }
        return OpenAttachment(bytes: object.body, identity: BucketStorage.tag(ofETag: object.etag))
    }

    // MARK: Ending

    /// Called when the body returned: if it wrote attachments and the bundle's data file is
    /// gone (deleted meanwhile), removes them and fails.
    func finish() throws {
        guard !written.isEmpty else { return }
        let now = try currentData()
        if let now {
            // The same bundle (edited meanwhile, maybe) unless its data's history has lost the
            // version this session began from: then it was deleted and another made in its place.
            guard case .some(.some(let began)) = lineage, !now.writeHistory.contains(began) else { return }
        }
        for name in written { try? removeAttachment(named: name) }
        throw DocumentStoreError(.notFound, "bundle \(bundle.name) was deleted", path: location)
    }

    /// The data file's version now (one HEAD per data file name until one is there), nil when
    /// there is none.
    private func currentData() throws -> S3ObjectInfo? {
        let keys = folder.configuration.dataFileNames.map(key)
        return try request(folder.configuration.dataFileNames[0]) { client -> S3ObjectInfo? in
            for key in keys { if let info = try await client.head(key) { return info } }
            return nil
        }
    }
}

/// A bundle's data file in a bucket was changed by another writer between an edit's read and
/// its write: the edit runs again.
struct ObjectEditConflict: Error {}
