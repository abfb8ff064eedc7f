import Foundation
import KeyedArchive

extension ArchiveFileStore where Value: ArchiveEncodable & ArchiveDecodable {
    /// A store whose file is a binary keyed archive with `Value` under `$top` key `rootKey`.
    ///
    /// - Parameters:
    ///   - empty: the value of a missing file (for Homepwner, `[]`); a file whose root is
    ///     missing or `$null` is corrupt, not empty.
    ///   - limits: the bounds the unarchiver enforces on the file.
    public init(
        keyedArchiveAt url: URL,
        empty: Value,
        rootKey: String = "root",
        limits: ArchiveLimits = .default,
        writer: DurableFileWriter = .system,
        pool: BlockingPool = .shared
    ) {
        self.init(
            url: url, empty: empty, writer: writer, maxBytes: limits.maxBytes, pool: pool,
            withEncoded: Self.keyedEncoder(rootKey: rootKey), decode: Self.keyedDecoder(rootKey: rootKey, limits: limits)
        )
    }

    /// A store whose blob `name` of `blobs` (a file in a folder, an object under a bucket's
    /// prefix) is a binary keyed archive with `Value` under `$top` key `rootKey`; the other
    /// parameters are those of ``init(keyedArchiveAt:empty:rootKey:limits:writer:pool:)``.
    public init(keyedArchiveNamed name: String, in blobs: any BlobStore, empty: Value, rootKey: String = "root", limits: ArchiveLimits = .default) {
        self.init(
            named: name, in: blobs, empty: empty, maxBytes: limits.maxBytes,
            withEncoded: Self.keyedEncoder(rootKey: rootKey), decode: Self.keyedDecoder(rootKey: rootKey, limits: limits)
        )
    }

    private static func keyedEncoder(rootKey: String) -> @Sendable (Value, @Sendable (Data) throws -> Void) throws -> Void {
        { value, write in
            let archiver = KeyedArchiver()
            archiver.encode(value, forKey: rootKey)
            try write(try archiver.encodedData())
        }
    }

    private static func keyedDecoder(rootKey: String, limits: ArchiveLimits) -> @Sendable (Data) throws -> Value {
        { data in
            guard let value = try KeyedUnarchiver(data: data, limits: limits).decode(Value.self, forKey: rootKey) else {
                throw DocumentStoreError(.corrupt, "the archive has no root object (its $top key \"\(rootKey)\" is missing or $null)")
            }
            return value
        }
    }
}
