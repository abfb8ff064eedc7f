import DocumentStore
import Foundation
import ObjectStorage
import Testing

/// The places an app keeps its data: the tests of a store that are not about local files run on
/// each, and those about buckets on both local S3 servers.
public enum StorageKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// A temporary data folder.
    case folder
    /// A prefix of its own in moto's bucket (signatures checked, one request at a time).
    case moto
    /// A prefix of its own in SeaweedFS's bucket (a real distributed store).
    case seaweedfs

    /// The buckets: what the tests about many servers on one bucket run on.
    public static let buckets: [StorageKind] = [.moto, .seaweedfs]

    /// The local S3 server of a bucket; nil for a folder.
    public var store: S3Store? {
        switch self {
        case .folder: nil
        case .moto: .moto
        case .seaweedfs: .seaweedfs
        }
    }

    /// Whether it is a bucket.
    public var isBucket: Bool { store != nil }

    /// The kind's name in the test's description.
    public var testDescription: String { rawValue }
}

/// Where one test's data lives, and a way to look at it there without the app's store.
public struct StoragePlace: Sendable {
    /// Which kind of place.
    public let kind: StorageKind
    /// The storage to open the app's store on.
    public let storage: Storage
    /// The local S3 server, for a bucket.
    public let server: S3TestServer?

    /// The folder's path or the bucket's `s3://BUCKET/PREFIX`: what the stores' messages name.
    public var location: String { storage.description }

    /// What a name in the data folder is called in messages: its path, or its `s3://` address.
    public func location(of name: String) -> String {
        switch storage {
        case .folder(let folder): folder.appendingPathComponent(name).path
        case .bucket(let bucket): "s3://\(bucket.location.bucket)/\(bucket.key(name))"
        }
    }

    /// The options that make an app's command use this place (`--storage …`, with
    /// `--s3-path-style` for the local server).
    public var arguments: [String] {
        kind.isBucket ? ["--storage", location, "--s3-path-style"] : ["--storage", location]
    }

    /// The environment an app's process needs to reach this place (the server's endpoint and
    /// key for a bucket; nothing for a folder).
    public var environment: [String: String] { server?.environment ?? [:] }

    /// The stored bytes of `name`, or nil when there is none.
    public func read(_ name: String) async throws -> Data? {
        try await storage.blobs().read(name, maxBytes: 1 << 30)?.data
    }

    /// Stores `data` as `name`, behind the app's back.
    public func write(_ name: String, _ data: Data) async throws {
        try await storage.blobs().write(name, data)
    }

    /// The change journals in a bucket (none in a folder), as stored.
    public func journals() async throws -> [ChangeJournalFormat.Journal] {
        guard case .bucket(let bucket) = storage else { return [] }
        var journals: [ChangeJournalFormat.Journal] = []
        for object in try await bucket.client.listAll(prefix: bucket.key(ChangeJournalFormat.folder)) where object.key != bucket.key(ChangeJournalFormat.rosterName) {
            guard case .object(let stored) = try await bucket.client.get(object.key, maxBytes: ChangeJournalFormat.maxObjectBytes),
                  let journal = ChangeJournalFormat.journal(from: stored.body) else { continue }
            journals.append(journal)
        }
        return journals
    }

    /// Removes `name`, behind the app's back.
    public func remove(_ name: String) async throws {
        try await storage.blobs().delete(name)
    }

    /// The names directly in the place, sorted; files starting with a dot (lock files) left out.
    public func names() async throws -> [String] {
        try await storage.blobs().allNames().filter { !$0.hasPrefix(".") }
    }
}

/// Runs `body` with a fresh place of `kind`: a temporary folder, or a prefix of its own in a
/// local S3 server's bucket (whose client is shut down afterwards).
public func withStoragePlace(_ kind: StorageKind, file: String = #fileID, _ body: (StoragePlace) async throws -> Void) async throws {
    guard let store = kind.store else {
        try await withTemporaryFolder({ folder in
            try await body(StoragePlace(kind: .folder, storage: .folder(folder.standardizedFileURL), server: nil))
        }, file: file)
        return
    }
    let server = try await S3TestServer.shared(store)
    let client = try server.client()
    let location = S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix("place"))
    let place = StoragePlace(kind: kind, storage: .bucket(BucketStorage(client: client, location: location)), server: server)
    do {
        try await body(place)
    } catch {
        try? await client.shutdown()
        throw error
    }
    try await client.shutdown()
}
