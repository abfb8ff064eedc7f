import DocumentStore
import Foundation
import KeyedArchive
import KeyedArchiveSamples
import ObjectStorage
import Testing
import TestSupport

/// Where one test's archive lives, and a way to look at it there without the store.
struct ArchivePlace: Sendable {
    let kind: StorageKind
    /// The file, for a folder.
    let url: URL
    /// The client and key, for an object.
    let client: S3Client?
    let key: String

    /// A new store on the archive (each one a separate server, for objects).
    func store() -> ArchiveFileStore<[HomepwnerItem]> {
        switch kind {
        case .folder: return ArchiveFileStore(keyedArchiveAt: url, empty: [])
        case .moto, .seaweedfs: return ArchiveFileStore(keyedArchiveNamed: "items.archive", in: bucket(client!), empty: [])
        }
    }

    /// The blobs the archive is one of: the folder's, or the bucket prefix's (reached by the
    /// place's client).
    func blobs() -> any BlobStore {
        switch kind {
        case .folder: return FolderBlobStore(root: url.deletingLastPathComponent())
        case .moto, .seaweedfs: return bucket(client!)
        }
    }

    /// The archive's prefix in the local S3 server's bucket, reached by `client`.
    func bucket(_ client: S3Client) -> BucketStorage {
        BucketStorage(client: client, location: S3Location(bucket: S3TestServer.bucket, prefix: String(key.dropLast("items.archive".count))))
    }

    /// The stored bytes, or nil when nothing is stored.
    func stored() async throws -> Data? {
        switch kind {
        case .folder:
            return FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil
        case .moto, .seaweedfs:
            do {
                guard case .object(let object) = try await client!.get(key, maxBytes: 1 << 30) else { return nil }
                return object.body
            } catch let error as S3Error where error.code == .notFound {
                return nil
            }
        }
    }

    /// The stored items, decoded with the plain unarchiver.
    func storedItems() async throws -> [HomepwnerItem] {
        try KeyedUnarchiver.unarchive([HomepwnerItem].self, from: try #require(try await stored()))
    }

    /// Stores bytes behind the store's back.
    func put(_ data: Data) async throws {
        switch kind {
        case .folder: try data.write(to: url)
        case .moto, .seaweedfs: try await client!.put(key, body: data)
        }
    }

    /// What the store's messages name: the file's path or the object's address.
    var location: String {
        kind == .folder ? url.path : "s3://\(S3TestServer.bucket)/\(key)"
    }
}

/// Runs `body` with a fresh archive place of `kind`: a temporary folder, or a key of its own in
/// a local S3 server's bucket.
func withArchivePlace(_ kind: StorageKind, _ body: (ArchivePlace) async throws -> Void) async throws {
    guard let store = kind.store else {
        try await withTemporaryFolder { folder in
            try await body(ArchivePlace(kind: .folder, url: folder.appendingPathComponent("items.archive"), client: nil, key: ""))
        }
        return
    }
    let client = try await S3TestServer.shared(store).client()
    let key = S3TestServer.uniquePrefix("archive") + "items.archive"
    do {
        try await body(ArchivePlace(kind: kind, url: URL(fileURLWithPath: "/nonexistent"), client: client, key: key))
    } catch {
        try? await client.shutdown()
        throw error
    }
    try await client.shutdown()
}
