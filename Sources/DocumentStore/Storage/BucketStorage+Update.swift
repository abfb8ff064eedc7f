import Foundation
import ObjectStorage

extension BucketStorage {
    /// Replaces the small object `name` with what `transform` makes of its current bytes (nil
    /// when there is none), without losing another writer's change: the write is conditional
    /// on the version read (`If-Match`, or `If-None-Match: *` when there was none), and when
    /// another writer replaced it first, the object is read again and `transform` runs again on
    /// what they wrote, up to `attempts` times. Returns what was written.
    ///
    /// - Throws: what `transform` throws (nothing is written); ``DocumentStoreError``
    ///   `.conflict` when every attempt lost the race, `.corrupt` for an object larger than
    ///   `maxBytes`, and what ``read(_:maxBytes:)`` throws.
    @discardableResult
    public func update(
        _ name: String, maxBytes: Int, contentType: String? = nil, attempts: Int = 8,
        _ transform: @Sendable (Data?) throws -> Data
    ) async throws -> Data {
        for _ in 0..<max(1, attempts) {
            let current: S3Object?
            do {
                if case .object(let object) = try await client.get(key(name), maxBytes: maxBytes) { current = object } else { current = nil }
            } catch let error as S3Error where error.code == .notFound && error.s3Code != "NoSuchBucket" {
                current = nil
            } catch let error as S3Error {
                throw DocumentStoreError.storage(error, location: address(of: name))
            }
            let replacement = try transform(current?.body)
            do {
                _ = try await client.put(
                    key(name), body: replacement, contentType: contentType,
                    condition: current.map { .matching(etag: $0.etag) } ?? .absent
                )
                return replacement
            } catch let error as S3Error where error.code == .preconditionFailed {
                continue
            } catch let error as S3Error {
                throw DocumentStoreError.storage(error, location: address(of: name))
            }
        }
        throw DocumentStoreError(.conflict, "\(address(of: name)): other writers kept replacing it; try again", path: address(of: name))
    }
}
