import DocumentStore
import Foundation
import Imaging

extension ImageStore {
    /// The bucket the photos are in; nil for a folder.
    var bucket: BucketStorage? {
        if case .bucket(let bucket) = storage { return bucket }
        return nil
    }

    /// The photo object of the item with `key` and its format, or nil when it has none.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` for an object larger than a photo may be or that
    ///   is not a JPEG or PNG, `.storage` when it cannot be read.
    func photoObject(_ key: String) async throws -> (data: Data, tag: String, format: ImageFormat)? {
        guard let bucket, ItemRules.isValidKey(key) else { return nil }
        let object: StoredObject?
        do {
            object = try await bucket.read(key, maxBytes: limits.maxEncodedBytes)
        } catch let error as DocumentStoreError where error.code == .corrupt {
            throw HomepwnerError(.corrupt, "the photo of item \(key) is larger than the \(limits.encodedLimitDescription) a photo may have")
        } catch {
            throw HomepwnerError(.storage, "the photo of item \(key) cannot be read: \(error)")
        }
        guard let object else { return nil }
        guard let format = ImageFormat.sniff(Array(object.data.prefix(32))), (try? ImageInfo.read(object.data)) != nil else {
            throw HomepwnerError(.corrupt, "the photo object \(bucket.address(of: key)) is not a usable JPEG or PNG")
        }
        return (object.data, object.tag, format)
    }

    /// Runs a request to the bucket, a failure becoming ``HomepwnerError`` `.storage` that says
    /// `what` could not be done.
    static func bucketWork<Value: Sendable>(_ what: String, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as HomepwnerError {
            throw error
        } catch let error as DocumentStoreError where error.code == .unavailable {
            throw HomepwnerError(.unavailable, "\(what): \(error)")
        } catch {
            throw HomepwnerError(.storage, "\(what): \(error)")
        }
    }
}
