import DocumentStore
import Foundation
import KeyedArchive
import KeyedArchiveSamples
import ObjectStorage
import Testing
import TestSupport

/// The places an ``ArchiveFileStore`` keeps its archive: the tests that are not about files run
/// on each, those about objects on both local S3 servers.
enum ArchiveBackendKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// A file in a temporary folder.
    case file
    /// An object in moto's bucket (signatures checked, one request at a time).
    case moto
    /// An object in SeaweedFS's bucket (a real distributed store).
    case seaweedfs

    /// The objects: what the tests about objects run on.
    static let objects: [ArchiveBackendKind] = [.moto, .seaweedfs]

    /// The local S3 server; nil for a file.
    var store: S3Store? {
        switch self {
        case .file: nil
        case .moto: .moto
        case .seaweedfs: .seaweedfs
        }
    }

    var testDescription: String { rawValue }
}

/// Where one test's archive lives, and a way to look at it there without the store.
struct ArchivePlace: Sendable {
    let kind: ArchiveBackendKind
    /// The file, for ``ArchiveBackendKind/file``.
    let url: URL
    /// The client and key, for an object.
    let client: S3Client?
    let key: String

    /// A new store on the archive (each one a separate server, for objects).
    func store() -> ArchiveFileStore<[HomepwnerItem]> {
        switch kind {
        case .file: return ArchiveFileStore(keyedArchiveAt: url, empty: [])
        case .moto, .seaweedfs: return ArchiveFileStore(keyedArchiveNamed: "items.archive", in: bucket(client!), empty: [])
        }
    }

    /// The archive's prefix in the local S3 server's bucket, reached by `client`.
    func bucket(_ client: S3Client) -> BucketStorage {
        BucketStorage(client: client, location: S3Location(bucket: S3TestServer.bucket, prefix: String(key.dropLast("items.archive".count))))
    }

    /// The stored bytes, or nil when nothing is stored.
    func stored() async throws -> Data? {
        switch kind {
        case .file:
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
        case .file: try data.write(to: url)
        case .moto, .seaweedfs: try await client!.put(key, body: data)
        }
    }

    /// What the store's messages name: the file's path or the object's address.
    var location: String {
        kind == .file ? url.path : "s3://\(S3TestServer.bucket)/\(key)"
    }
}

/// Runs `body` with a fresh archive place of `kind`: a temporary folder, or a key of its own in
/// a local S3 server's bucket.
func withArchivePlace(_ kind: ArchiveBackendKind, _ body: (ArchivePlace) async throws -> Void) async throws {
    guard let store = kind.store else {
        try await withTemporaryFolder { folder in
            try await body(ArchivePlace(kind: .file, url: folder.appendingPathComponent("items.archive"), client: nil, key: ""))
        }
        return
    }
    let client = try S3TestServer.shared(store).client()
    let key = S3TestServer.uniquePrefix("archive") + "items.archive"
    do {
        try await body(ArchivePlace(kind: kind, url: URL(fileURLWithPath: "/nonexistent"), client: client, key: key))
    } catch {
        try? await client.shutdown()
        throw error
    }
    try await client.shutdown()
}
