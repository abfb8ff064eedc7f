import Foundation
import ObjectStorage

/// Where an app keeps its data: a folder on disk, or a prefix in an S3-compatible bucket laid
/// out the same way (the layout in the bucket is the layout on disk).
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

    /// The folder's file URL or the bucket's `s3://BUCKET/PREFIX` URL.
    public var url: URL {
        switch self {
        case .folder(let url): url
        case .bucket(let bucket): bucket.url
        }
    }

    /// Whether `text` names a bucket (`s3://…`) rather than a folder.
    public static func namesBucket(_ text: String) -> Bool {
        text.hasPrefix("s3://")
    }

    /// The URL of what `text` names: `s3://BUCKET/PREFIX` (checked), or else a folder's path.
    ///
    /// - Throws: ``StorageConnectError`` `.configuration` for a malformed `s3://` location.
    public static func url(naming text: String) throws -> URL {
        guard namesBucket(text) else { return URL(fileURLWithPath: text, isDirectory: true) }
        do {
            return BucketStorage.url(of: try S3Location(parsing: text))
        } catch let error as S3Error {
            throw StorageConnectError(.configuration, error.message)
        }
    }

    /// The bucket location an `s3://` URL (from ``url(naming:)``) names.
    static func location(of url: URL) throws -> S3Location {
        let prefix = String(url.path.drop { $0 == "/" })
        do {
            return try S3Location(parsing: "s3://\(url.host ?? "")/\(prefix)")
        } catch let error as S3Error {
            throw StorageConnectError(.configuration, error.message)
        }
    }

    /// The storage `url` names: a file URL is a folder (nothing is checked); an `s3://` URL is
    /// connected to with ``BucketStorage/connect(_:environment:pathStyle:)``.
    ///
    /// - Throws: ``StorageConnectError`` for a bucket that cannot be used.
    public static func resolve(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment, pathStyle: Bool = false) async throws -> Storage {
        guard url.scheme == "s3" else { return .folder(url) }
        return .bucket(try await BucketStorage.connect(try location(of: url), environment: environment, pathStyle: pathStyle))
    }
}

/// A prefix in a bucket and the client that reaches it.
public struct BucketStorage: Sendable {
    /// The client (endpoint, region, credentials, pool, retries).
    public let client: S3Client
    /// The bucket and the prefix every key starts with.
    public let location: S3Location

    /// A bucket location reached with `client` (no request is made).
    public init(client: S3Client, location: S3Location) {
        self.client = client
        self.location = location
    }

    /// `s3://BUCKET/PREFIX` as a URL.
    public var url: URL { Self.url(of: location) }

    /// `location` as an `s3://` URL (the prefix percent-encoded).
    static func url(of location: S3Location) -> URL {
        var components = URLComponents()
        components.scheme = "s3"
        components.host = location.bucket
        components.path = "/" + location.prefix
        return components.url!
    }

    /// The key of `name` under the prefix.
    public func key(_ name: String) -> String { location.key(name) }

    /// Connects to `location` with the settings the environment gives (as AWS's tools read it:
    /// ``ObjectStorage/S3Settings/fromEnvironment(_:pathStyle:)``) and checks, with one listing
    /// of at most one key, that the endpoint answers, the credentials are accepted and the
    /// bucket exists. The check gives up within about 10 seconds, never hangs.
    ///
    /// - Throws: ``StorageConnectError`` saying which of these failed.
    public static func connect(_ location: S3Location, environment: [String: String], pathStyle: Bool) async throws -> BucketStorage {
        let settings: S3Settings
        do {
            settings = try S3Settings.fromEnvironment(environment, pathStyle: pathStyle)
        } catch let error as S3Error {
            throw StorageConnectError(.configuration, error.message)
        }
        // The check itself retries briefly: a wrong endpoint should fail at once, not after
        // the 20 seconds a running server grants a request.
        var checking = settings
        checking.retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .milliseconds(500), deadline: .seconds(8))
        checking.requestTimeout = .seconds(5)
        let checker = S3Client(settings: checking, bucket: location.bucket)
        defer { Task { try? await checker.shutdown() } }
        do {
            _ = try await checker.listPage(prefix: location.prefix, maxKeys: 1)
        } catch let error as S3Error {
            throw StorageConnectError(failure: error, location: location, endpoint: settings.endpointDescription)
        }
        return BucketStorage(client: S3Client(settings: settings, bucket: location.bucket), location: location)
    }
}

/// Storage that cannot be used, found when an app starts: one sentence naming what is wrong.
public struct StorageConnectError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the exit status.
    public enum Kind: Sendable, Equatable {
        /// The location or the environment is malformed, or credentials are missing.
        case configuration
        /// The credentials were refused.
        case refused
        /// The bucket does not exist.
        case noBucket
        /// The endpoint cannot be reached, or keeps failing.
        case unreachable
    }

    /// What went wrong.
    public let kind: Kind
    /// One sentence for a person.
    public let message: String

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The error for the first request's `failure`.
    init(failure: S3Error, location: S3Location, endpoint: String) {
        switch failure.code {
        case .accessDenied:
            self.init(.refused, "\(endpoint) refused the credentials for \(location) (\(failure.s3Code ?? "403")): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
        case .notFound:
            self.init(.noBucket, "there is no bucket \"\(location.bucket)\" at \(endpoint)")
        case .unreachable, .unavailable:
            self.init(.unreachable, "cannot reach \(endpoint) for \(location): \(failure.message)")
        default:
            self.init(.unreachable, "cannot use \(location) at \(endpoint): \(failure.message)")
        }
    }

    /// The message.
    public var description: String { message }
}

extension Storage {
    /// The blobs directly in the folder or directly under the bucket's prefix; a folder's files
    /// are written by `writer`, their work done on `pool`.
    public func blobs(writer: DurableFileWriter = .system, pool: BlockingPool = .shared) -> any BlobStore {
        switch self {
        case .folder(let url): FolderBlobStore(root: url, writer: writer, pool: pool)
        case .bucket(let bucket): bucket
        }
    }
}

extension ArchiveFileStore {
    /// A store of the archive `name` in `storage`: the file `name` in the folder (written by
    /// `writer` on `pool`), or the object `PREFIX/name` in the bucket, shared with other servers.
    /// The other parameters are those of ``init(url:empty:writer:maxBytes:pool:withEncoded:decode:versioning:)``.
    public init(
        named name: String, in storage: Storage, empty: Value, writer: DurableFileWriter = .system, maxBytes: Int = 64 << 20, pool: BlockingPool = .shared,
        withEncoded: @escaping @Sendable (Value, _ write: @Sendable (Data) throws -> Void) throws -> Void,
        decode: @escaping @Sendable (Data) throws -> Value,
        versioning: ArchiveModelVersioning<Value>? = nil
    ) {
        switch storage {
        case .folder(let folder):
            self.init(
                url: folder.appendingPathComponent(name, isDirectory: false), empty: empty, writer: writer, maxBytes: maxBytes, pool: pool,
                withEncoded: withEncoded, decode: decode, versioning: versioning
            )
        case .bucket(let bucket):
            self.init(object: bucket.key(name), in: bucket.client, empty: empty, maxBytes: maxBytes, withEncoded: withEncoded, decode: decode, versioning: versioning)
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
