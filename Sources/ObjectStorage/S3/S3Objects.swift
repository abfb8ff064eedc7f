import Foundation

/// An object read from S3: its bytes and what identifies this version of it.
public struct S3Object: Sendable {
    /// The bytes (of the range, when one was asked for).
    public var body: Data
    /// The ETag of this version, quotes included, as S3 sent it.
    public var etag: String
    /// The user metadata (`x-amz-meta-*`), names lower-case without the prefix.
    public var metadata: [String: String]

    /// The ids of the writes that made this version and the ones before it, newest first
    /// (``S3Client/write(_:body:contentType:metadata:condition:history:)``).
    public var writeHistory: [String] { S3Client.writeHistory(in: metadata) }
}

/// What a write made.
public struct S3Written: Sendable, Equatable {
    /// The ETag of the version written.
    public var etag: String
    /// This write's id and those of the versions before it, newest first: the `history` to pass
    /// to the next conditional write of this object.
    public var history: [String]
    /// False when the write landed but its answer was lost and another write has replaced it
    /// since: the change is stored (the other writer read it), and ``etag`` is that newer
    /// version's, whose contents the caller must read before writing again.
    public var isCurrent: Bool
}

/// What `HeadObject` tells about an object.
public struct S3ObjectInfo: Sendable, Equatable {
    /// The ETag, quotes included.
    public var etag: String
    /// The size in bytes.
    public var size: Int
    /// The user metadata (`x-amz-meta-*`), names lower-case without the prefix.
    public var metadata: [String: String]

    /// The ids of the writes that made this version and the ones before it, newest first.
    public var writeHistory: [String] { S3Client.writeHistory(in: metadata) }
}

/// One object of a listing.
public struct S3ListedObject: Sendable, Equatable {
    /// The whole key.
    public var key: String
    /// The ETag, quotes included.
    public var etag: String
    /// The size in bytes.
    public var size: Int
    /// When it was last written, as the listing says (nil when it does not, or not readably).
    public var lastModified: Date?

    /// A listed object.
    public init(key: String, etag: String, size: Int, lastModified: Date? = nil) {
        self.key = key
        self.etag = etag
        self.size = size
        self.lastModified = lastModified
    }
}

/// One page of a ListObjectsV2 listing.
public struct S3ListPage: Sendable {
    /// The objects, in key order (UTF-8 byte order).
    public var objects: [S3ListedObject]
    /// The "folders" under the prefix when a delimiter was given.
    public var commonPrefixes: [String]
    /// Where the next page starts; nil on the last page.
    public var continuationToken: String?
}

/// What a read answers when it was asked for "only if changed".
public enum S3ReadResult: Sendable {
    /// The object, changed (or read unconditionally).
    case object(S3Object)
    /// The ETag still matches: the caller's copy is current (304).
    case notModified
}

/// The condition a write is made on.
public enum S3WriteCondition: Sendable, Equatable {
    /// Write whatever is there.
    case always
    /// Create only: no object may be at the key (`If-None-Match: *`).
    case absent
    /// Replace only this version (`If-Match: ETAG`).
    case matching(etag: String)
}
