import Foundation
import ObjectStorage

/// An object read whole from a bucket, with the token of its version.
public struct StoredObject: Sendable {
    /// The object's bytes.
    public let data: Data
    /// An opaque token that changes whenever the object is replaced (from its ETag): an ETag's
    /// contents and a URL's `?v=`.
    public let tag: String
}

// The objects named directly under the prefix (as files directly in a folder), for an app whose
// attachments sit beside its data: read, write, delete and list them by name, every failure a
// DocumentStoreError naming the object.
extension BucketStorage {
    /// The `s3://BUCKET/KEY` address of `name`, for messages.
    public func address(of name: String) -> String {
        "s3://\(location.bucket)/\(key(name))"
    }

    /// The object `name` and its version token, or nil when there is none.
    ///
    /// - Throws: ``DocumentStoreError``: `.corrupt` for an object larger than `maxBytes`,
    ///   `.unavailable` when the storage cannot be reached, `.permissionDenied`, `.io`.
    public func read(_ name: String, maxBytes: Int) async throws -> StoredObject? {
        do {
            guard case .object(let object) = try await client.get(key(name), maxBytes: maxBytes) else { return nil }
            return StoredObject(data: object.body, tag: Self.tag(ofETag: object.etag))
        } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
            return nil
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// Stores `data` as the object `name` (replacing it, or only creating it when `createOnly`)
    /// and returns the new version's token. A PUT replaces an object whole: a reader sees the
    /// old bytes or the new, never a mix.
    ///
    /// - Throws: ``DocumentStoreError`` `.conflict` when `createOnly` and the object exists, or
    ///   what ``read(_:maxBytes:)`` throws.
    @discardableResult
    public func write(_ name: String, _ data: Data, contentType: String? = nil, createOnly: Bool = false) async throws -> String {
        do {
            let written = try await client.write(key(name), body: data, contentType: contentType, condition: createOnly ? .absent : .always)
            return Self.tag(ofETag: written.etag)
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// The version token of the object `name` (one HEAD request), or nil when there is none.
    ///
    /// - Throws: what ``read(_:maxBytes:)`` throws.
    public func tag(of name: String) async throws -> String? {
        do {
            return try await client.head(key(name)).map { Self.tag(ofETag: $0.etag) }
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// Deletes the object `name`; deleting what is not there is not an error.
    ///
    /// - Throws: what ``read(_:maxBytes:)`` throws.
    public func delete(_ name: String) async throws {
        do {
            try await client.delete(key(name))
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: address(of: name))
        }
    }

    /// The names directly under the prefix (no `/` after it) with their version tokens, from
    /// ListObjectsV2 (one request per 1,000 objects); only those starting with `start` when it
    /// is given (the listing then asks for those alone).
    ///
    /// - Throws: what ``read(_:maxBytes:)`` throws.
    public func names(startingWith start: String = "") async throws -> [String: String] {
        let prefix = location.prefix
        var names: [String: String] = [:]
        do {
            try await client.forEachPage(prefix: prefix + start) { page in
                for object in page.objects where object.key.hasPrefix(prefix) {
                    let name = String(object.key.dropFirst(prefix.count))
                    if !name.isEmpty, !name.contains("/") { names[name] = Self.tag(ofETag: object.etag) }
                }
            }
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: location.description)
        }
        return names
    }

    /// An ETag as a token: its letters, digits and dashes (the quotes dropped), so the token
    /// fits in an entity tag and a URL as it is.
    static func tag(ofETag etag: String) -> String {
        String(etag.unicodeScalars.filter { ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || $0 == "-" }.map(Character.init))
    }
}
