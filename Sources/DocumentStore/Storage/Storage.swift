import Foundation
import ObjectStorage

/// Where an app keeps its data, as a person named it (`--storage PATH` or
/// `--storage s3://BUCKET/PREFIX`, with `--s3-path-style`): parsed once, and carried as this
/// value from then on. ``connect(environment:)`` makes the ``Storage`` to open.
public enum StorageLocation: Sendable, Hashable, CustomStringConvertible {
    /// A data folder (its URL standardised).
    case folder(URL)
    /// A prefix in a bucket, and whether the bucket is addressed in path style
    /// (`http://HOST/BUCKET/KEY`, for local servers) rather than as `http://BUCKET.HOST/KEY`.
    case bucket(S3Location, pathStyle: Bool)

    /// What `text` names: `s3://BUCKET/PREFIX` (checked) or else a folder's path.
    ///
    /// - Throws: ``StorageConnectError`` `.configuration` for a malformed `s3://` location, or
    ///   `pathStyle` given for a folder.
    public init(parsing text: String, pathStyle: Bool = false) throws {
        guard Self.namesBucket(text) else {
            guard !pathStyle else { throw StorageConnectError(.configuration, "--s3-path-style applies only to --storage s3://BUCKET/PREFIX") }
            self = .folder(URL(fileURLWithPath: text, isDirectory: true).standardizedFileURL)
            return
        }
        do {
            self = .bucket(try S3Location(parsing: text), pathStyle: pathStyle)
        } catch let error as S3Error {
            throw StorageConnectError(.configuration, error.message)
        }
    }

    /// Whether `text` names a bucket (`s3://…`) rather than a folder.
    public static func namesBucket(_ text: String) -> Bool {
        text.hasPrefix("s3://")
    }

    /// Whether it is a bucket.
    public var isBucket: Bool {
        if case .bucket = self { return true }
        return false
    }

    /// The folder's path or the bucket's `s3://BUCKET/PREFIX`, for messages.
    public var description: String {
        switch self {
        case .folder(let url): url.path
        case .bucket(let location, _): location.description
        }
    }

    /// The options that name it on a command line: `--storage` and, for a bucket addressed in
    /// path style, `--s3-path-style`.
    public var arguments: [String] {
        switch self {
        case .folder(let url): ["--storage", url.path]
        case .bucket(let location, let pathStyle): ["--storage", location.description] + (pathStyle ? ["--s3-path-style"] : [])
        }
    }

    /// The storage to open: a folder as it is (nothing is checked); a bucket connected to with
    /// ``BucketStorage/connect(_:environment:pathStyle:)``.
    ///
    /// - Throws: ``StorageConnectError`` for a bucket that cannot be used.
    public func connect(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> Storage {
        switch self {
        case .folder(let url): .folder(url)
        case .bucket(let location, let pathStyle): .bucket(try await BucketStorage.connect(location, environment: environment, pathStyle: pathStyle))
        }
    }
}

/// Where an app keeps its data, ready to use: a folder on disk, or a prefix in an
/// S3-compatible bucket laid out the same way (the layout in the bucket is the layout on disk),
/// with its client. What is kept there is reached through ``blobs(writer:pool:)`` and the
/// stores made from it, never by asking which of the two it is.
public enum Storage: Sendable {
    /// A data folder.
    case folder(URL)
    /// A prefix in a bucket, with the client that reaches it.
    case bucket(BucketStorage)

    /// The folder's path or the bucket's `s3://BUCKET/PREFIX`, for messages.
    public var description: String {
        switch self {
        case .folder(let url): url.path
        case .bucket(let bucket): bucket.location.description
        }
    }

    /// The folder's file URL or the bucket's `s3://BUCKET/PREFIX` URL, to show.
    public var url: URL {
        switch self {
        case .folder(let url): url
        case .bucket(let bucket): bucket.url
        }
    }

    /// Where it is, as a command line names it.
    public var location: StorageLocation {
        switch self {
        case .folder(let url): .folder(url)
        case .bucket(let bucket): .bucket(bucket.location, pathStyle: bucket.client.settings.pathStyle)
        }
    }
}

/// A prefix in a bucket and the client that reaches it.
public struct BucketStorage: Sendable {
    /// The client (endpoint, region, credentials, pool, retries).
    public let client: S3Client
    /// The bucket and the prefix every key starts with.
    public let location: S3Location
    /// What this process wrote under the prefix, told to the other servers
    /// (``BucketStorage/putObject(_:body:contentType:)`` and its kin record every write).
    public let journal: ChangeJournal

    /// A bucket location reached with `client` (no request is made): a writer of its own, with
    /// a journal of its own.
    public init(client: S3Client, location: S3Location, journalSettings: ChangeJournal.Settings = ChangeJournal.Settings()) {
        self.client = client
        self.location = location
        self.journal = ChangeJournal(client: client, prefix: location.prefix, settings: journalSettings)
    }

    /// `s3://BUCKET/PREFIX` as a URL (the prefix percent-encoded), to show.
    public var url: URL {
        var components = URLComponents()
        components.scheme = "s3"
        components.host = location.bucket
        components.path = "/" + location.prefix
        return components.url ?? URL(fileURLWithPath: "/")
    }

    /// The key of `name` under the prefix.
    public func key(_ name: String) -> String { location.key(name) }

    /// Connects to `location` with the settings the environment gives (as AWS's tools read it:
    /// ``ObjectStorage/S3Settings/fromEnvironment(_:pathStyle:)``) and checks, with one listing
    /// of at most one key, that the endpoint answers, the credentials are accepted and the
    /// bucket exists. The check gives up within about 10 seconds, never hangs. The client made
    /// here is the one the storage keeps (one per process).
    ///
    /// - Throws: ``StorageConnectError`` saying which of these failed.
    public static func connect(_ location: S3Location, environment: [String: String], pathStyle: Bool) async throws -> BucketStorage {
        let settings: S3Settings
        do {
            settings = try S3Settings.fromEnvironment(environment, pathStyle: pathStyle)
        } catch let error as S3Error {
            throw StorageConnectError(.configuration, error.message)
        }
        let client = S3Client(settings: settings, bucket: location.bucket)
        do {
            // The check retries briefly: a wrong endpoint should fail at once, not after the 20
            // seconds a running server grants a request.
            try await client.check(
                prefix: location.prefix,
                retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .milliseconds(500), deadline: .seconds(8)),
                requestTimeout: .seconds(5)
            )
        } catch let error as S3Error {
            try? await client.shutdown()
            throw StorageConnectError(failure: error, location: location, endpoint: settings.endpointDescription)
        } catch {
            try? await client.shutdown()
            throw error
        }
        return BucketStorage(client: client, location: location)
    }
}

extension Storage {
    /// The same place for a store of its own: a bucket with a ``ObjectStorage/ChangeJournal`` of
    /// its own (so that two stores one process opens on a bucket follow each other as two
    /// servers do); a folder as it is. Each store calls it once as it opens.
    public func forOwnStore() -> Storage {
        switch self {
        case .folder: self
        case .bucket(let bucket): .bucket(BucketStorage(client: bucket.client, location: bucket.location, journalSettings: bucket.journal.settings))
        }
    }

    /// The blobs directly in the folder or directly under the bucket's prefix; a folder's files
    /// are written by `writer`, their work done on `pool`.
    public func blobs(writer: DurableFileWriter = .system, pool: BlockingPool = .shared) -> any BlobStore {
        switch self {
        case .folder(let url): FolderBlobStore(root: url, writer: writer, pool: pool)
        case .bucket(let bucket): bucket
        }
    }
}

extension DocumentFolder {
    /// A store of the bundles in `storage`: ``init(root:configuration:writer:pool:)`` for a
    /// folder, ``init(bucket:configuration:pool:)`` for a bucket (whose objects are written by
    /// requests, not `writer`).
    public convenience init(storage: Storage, configuration: DocumentFolderConfiguration, writer: DurableFileWriter = .system, pool: BlockingPool = .shared) {
        switch storage {
        case .folder(let root): self.init(root: root, configuration: configuration, writer: writer, pool: pool)
        case .bucket(let bucket): self.init(bucket: bucket, configuration: configuration, pool: pool)
        }
    }
}
