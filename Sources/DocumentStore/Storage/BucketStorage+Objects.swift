import Foundation
import ObjectStorage
import Synchronization

/// The objects named directly under the prefix (as files directly in a folder) as a
/// ``BlobStore``: each request's failure a ``DocumentStoreError`` naming the object, each
/// version the object's ETag as a token (its letters, digits and dashes).
extension BucketStorage: BlobStore {
    /// The bucket's `s3://BUCKET/PREFIX`.
    public var description: String { location.description }

    /// A bucket is shared: any number of servers may write it.
    public var hasOtherWriters: Bool { true }

    /// The `s3://BUCKET/KEY` address of `name`, for messages.
    public func address(of name: String) -> String {
        "s3://\(location.bucket)/\(key(name))"
    }

    /// True: the bucket was checked when it was connected to, and a prefix needs no creating.
    public func exists() async throws -> Bool { true }

    /// One listing of at most one key under the prefix, tried once.
    public func checkAnswers(within timeout: Duration) async throws {
        do {
            try await client.check(
                prefix: location.prefix,
                retry: RetryPolicy(maxAttempts: 1, baseDelay: .zero, maxDelay: .zero, deadline: timeout), requestTimeout: timeout
            )
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: location.description)
        }
    }

    /// Nothing to do: a prefix exists as soon as an object has it.
    public func prepare() async throws {}

    public func read(_ name: String, maxBytes: Int) async throws -> StoredBlob? {
        do {
            guard case .object(let object) = try await client.get(key(name), maxBytes: maxBytes) else { return nil }
            return Self.blob(object)
        } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
            return nil
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// The object read whole (it is the version current when it was read).
    public func open(_ name: String, maxBytes: Int) async throws -> OpenAttachment? {
        try await read(name, maxBytes: maxBytes).map { OpenAttachment(bytes: $0.data, identity: $0.version) }
    }

    /// One HEAD request.
    public func version(of name: String) async throws -> String? {
        do {
            return try await client.head(key(name)).map { Self.tag(ofETag: $0.etag) }
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// One listing of the prefix (a request per 1,000 objects), whatever the number of names.
    public func versions(of names: [String]) async throws -> [String: String] {
        guard !names.isEmpty else { return [:] }
        let wanted = Set(names.map { Array($0.utf8) })
        return try await list(startingWith: "").filter { wanted.contains(Array($0.key.utf8)) }
    }

    public func list(startingWith start: String) async throws -> [String: String] {
        let prefix = location.prefix
        var names: [String: String] = [:]
        do {
            try await client.forEachPage(prefix: prefix + start) { page in
                for object in page.objects where object.key.utf8.starts(with: prefix.utf8) {
                    let name = String(decoding: object.key.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
                    if !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) { names[name] = Self.tag(ofETag: object.etag) }
                }
            }
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: location.description)
        }
        return names
    }

    public func names(startingWith start: String) async throws -> [String] {
        Array(try await list(startingWith: start).keys)
    }

    /// ListObjectsV2 with the delimiter `/`, a page at a time.
    public func visitEntries(_ visit: @escaping @Sendable (String) -> Bool) async throws {
        let prefix = location.prefix
        var token: String?
        do {
            repeat {
                let page = try await client.listPage(prefix: prefix, delimiter: "/", continuationToken: token)
                let names = page.commonPrefixes.map { String(decoding: $0.utf8.dropFirst(prefix.utf8.count).dropLast(), as: UTF8.self) }
                    + page.objects.map { String(decoding: $0.key.utf8.dropFirst(prefix.utf8.count), as: UTF8.self) }
                for name in names where !name.isEmpty {
                    if !visit(name) { return }
                }
                if let next = page.continuationToken, next == token { throw S3Error(.badResponse, "the listing repeated its continuation token") }
                token = page.continuationToken
            } while token != nil
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: location.description)
        }
    }

    /// One PUT: `If-None-Match: *` to create, `If-Match` to replace, with this write's id
    /// recorded before `history`.
    public func write(
        _ name: String, mode: BlobWriteMode, history: [String], contentType: String?,
        lending encode: @escaping @Sendable (_ write: @Sendable (Data) throws -> Void) throws -> Void
    ) async throws -> BlobWritten {
        let condition: S3WriteCondition
        switch mode {
        case .overwrite: condition = .always
        case .create: condition = .absent
        case .replace(let version): condition = .matching(etag: "\"\(version)\"")
        }
        let body = LentBytes()
        try encode { data in body.keep(data) }
        do {
            let written = try await writeObject(key(name), body: body.data, contentType: contentType, condition: condition, history: history)
            return BlobWritten(version: Self.tag(ofETag: written.etag), writeHistory: written.history, isCurrent: written.isCurrent)
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// A conditional GET (`If-None-Match` on the version's ETag).
    public func read(_ name: String, ifChangedFrom version: String, maxBytes: Int) async throws -> BlobChange {
        do {
            switch try await client.get(key(name), ifNoneMatch: "\"\(version)\"", maxBytes: maxBytes) {
            case .notModified: return .unchanged
            case .object(let object): return .changed(Self.blob(object))
            }
        } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
            return .missing
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// Nothing: a PUT stores an object whole or not at all.
    public func removeLeftovers() async {}

    /// An object read as a blob: its bytes, its ETag as a token, its write history.
    private static func blob(_ object: S3Object) -> StoredBlob {
        StoredBlob(data: object.body, version: tag(ofETag: object.etag), writeHistory: object.writeHistory)
    }

    public func delete(_ name: String) async throws {
        do {
            try await deleteObject(key(name))
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// A copy created only if `newName` is free (`If-None-Match: *`), then the original deleted.
    public func keepAside(_ name: String, as newName: String) async throws -> Bool {
        guard let blob = try await read(name, maxBytes: Self.largestKeptAside) else { return false }
        try await write(newName, blob.data, mode: .create, contentType: "application/octet-stream")
        try await delete(name)
        return true
    }

    /// A copy (read whole, within 256 MiB) created only if `newName` is free (`If-None-Match: *`).
    public func keepCopy(_ name: String, as newName: String) async throws -> Bool {
        guard let blob = try await read(name, maxBytes: Self.largestKeptAside) else { return false }
        try await write(newName, blob.data, mode: .create, contentType: "application/octet-stream")
        return true
    }

    /// Their journals every ``BucketFollow/interval``, `full` every ``BucketFollow/fullInterval``.
    public func followOtherWriters<Full: Sendable>(
        _ follow: BucketFollow, since: Date, full: @escaping @Sendable () async throws -> Full,
        handle: @escaping @Sendable (BucketFollow.Step<Full>) async -> Void
    ) async {
        await follow.run(self, since: since, full: full, handle: handle)
    }

    /// No lock: a bucket's writes are conditional, so servers share it.
    public func holdForWriting(lockName: String, holder: FolderLock.Holder, timeout: Duration) async throws -> FolderLock? { nil }

    /// The largest object ``keepAside(_:as:)`` copies (it is read whole).
    static let largestKeptAside = 256 << 20

    /// An ETag as a token: its letters, digits and dashes (the quotes dropped), so the token
    /// fits in an entity tag and a URL as it is.
    static func tag(ofETag etag: String) -> String {
        String(etag.unicodeScalars.filter { ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || $0 == "-" }.map(Character.init))
    }
}

/// The bytes an encoder lends a bucket's write, copied out before the encoder reuses them.
private final class LentBytes: Sendable {
    private let copy = Mutex(Data())

    /// The copy.
    var data: Data { copy.withLock { $0 } }

    /// Keeps a copy of `lent`.
    func keep(_ lent: Data) { copy.withLock { $0 = Data(lent) } }
}
