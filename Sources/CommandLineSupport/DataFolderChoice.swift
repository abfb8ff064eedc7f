import ArgumentParser
import DocumentStore
import Foundation

/// The storage a command works on — a data folder, or `s3://BUCKET/PREFIX` — and whether a
/// folder may be created.
///
/// The per-user default folder is created when first needed. A folder named with `--storage`
/// (or `--data-dir`) must already exist unless `--create` is given too, so a misspelled path is
/// an error that names it, never a new, empty store beside the real one. A bucket must exist
/// and accept the credentials; nothing creates one.
public struct DataFolderChoice: Sendable, Hashable {
    /// Where the data is: a folder, or a bucket's prefix (parsed once, here).
    public let location: StorageLocation
    /// Whether it is the per-user default (no `--storage`).
    public let isDefault: Bool
    /// Whether a missing folder may be created: the default, or `--create`.
    public let mayCreate: Bool

    /// The storage `storage` names (a path, or `s3://BUCKET/PREFIX` addressed in path style when
    /// `pathStyle`), or `defaultFolder` when it is nil.
    ///
    /// - Throws: `DocumentStore.StorageConnectError` for a malformed `s3://` location, `pathStyle`
    ///   without a bucket, or `create` with one.
    public init(storage: String?, defaultFolder: URL, create: Bool, pathStyle: Bool = false) throws {
        guard storage != nil || !pathStyle else { throw StorageConnectError(.configuration, "--s3-path-style applies only to --storage s3://BUCKET/PREFIX") }
        location = try storage.map { try StorageLocation(parsing: $0, pathStyle: pathStyle) } ?? .folder(defaultFolder.standardizedFileURL)
        if create, location.isBucket {
            throw StorageConnectError(.configuration, "--create applies only to a folder: buckets are created with the storage provider's own tools")
        }
        isDefault = storage == nil
        mayCreate = storage == nil || create
    }

    /// The storage as it is named, not checked: a folder (which may be missing), or a bucket
    /// that answers (``DocumentStore/BucketStorage/connect(_:environment:pathStyle:)``). For
    /// commands that only read, which report a missing folder themselves.
    ///
    /// - Throws: `DocumentStore.StorageConnectError`.
    public func connect(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> Storage {
        try await location.connect(environment: environment)
    }

    /// The storage, ready to open: a folder that exists or may be created, or a bucket that
    /// answers.
    ///
    /// - Throws: ``MissingDataFolder`` for a folder that is missing (or is not a folder) and may
    ///   not be created; `DocumentStore.StorageConnectError`.
    public func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> Storage {
        let storage = try await connect(environment: environment)
        if !mayCreate, !(try await storage.blobs().exists()) { throw MissingDataFolder(location: location) }
        return storage
    }
}

/// A data folder named with `--storage` (or `--data-dir`) that does not exist, without `--create`.
public struct MissingDataFolder: Error, Sendable, Hashable {
    /// The folder that was named.
    public let location: StorageLocation

    /// The error for `location`.
    public init(location: StorageLocation) {
        self.location = location
    }

    /// One sentence: what is missing and the two ways on.
    public var message: String {
        "there is no data folder at \(location); check the path, or add --create to start a new one there"
    }
}

/// An app whose commands work on one data folder.
public protocol DataFolderApp {
    /// What `--data-dir` names, for its help ("The Documents folder holding items.archive.").
    static var dataFolderHelp: String { get }
    /// The per-user folder used without `--data-dir`.
    static var defaultDataFolder: URL { get }
}

/// `--storage`, `--s3-path-style` and `--create`, the storage options of every command of
/// `App` (`--data-dir` is the older name of `--storage` for a folder).
public struct DataFolderOptions<App: DataFolderApp>: ParsableArguments {
    /// The storage given with `--storage`: a folder's path or `s3://BUCKET/PREFIX`; nil for the
    /// per-user default folder.
    @Option(name: .long, help: ArgumentHelp(
        "\(App.dataFolderHelp) Or s3://BUCKET/PREFIX, with the endpoint, region and keys from AWS_ENDPOINT_URL_S3 (or AWS_ENDPOINT_URL), AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN.",
        valueName: "folder|s3-url"
    ))
    public var storage: String?

    /// The folder given with `--data-dir`, the older name of `--storage`.
    @Option(name: .long, help: ArgumentHelp("The same as --storage with a folder.", valueName: "folder"))
    public var dataDir: String?

    /// Whether a bucket is addressed in path style (`http://HOST/BUCKET/KEY`).
    @Flag(name: .customLong("s3-path-style"), help: "Address the bucket as http://HOST/BUCKET/KEY (for local S3 servers) instead of http://BUCKET.HOST/KEY.")
    public var s3PathStyle = false

    /// Whether a `--storage` folder that does not exist may be created.
    @Flag(name: .long, help: "Create the --storage folder if it does not exist (the default folder always is).")
    public var create = false

    /// Options as parsed from nothing: the default folder.
    public init() {}

    /// Refuses `--storage` with `--data-dir`, a malformed `s3://` location, and `--s3-path-style`
    /// or `--create` where they mean nothing (usage errors, exit 64).
    public func validate() throws {
        if storage != nil, dataDir != nil {
            throw ValidationError("give the storage once: --storage or --data-dir, not both")
        }
        do {
            _ = try choice
        } catch let error as StorageConnectError {
            throw ValidationError(error.message)
        }
    }

    /// The storage (`--storage`, `--data-dir`, or the per-user default folder) and whether a
    /// folder may be created.
    ///
    /// - Throws: `DocumentStore.StorageConnectError` for a malformed `s3://` location.
    public var choice: DataFolderChoice {
        get throws {
            try DataFolderChoice(storage: storage ?? dataDir, defaultFolder: App.defaultDataFolder, create: create, pathStyle: s3PathStyle)
        }
    }
}
