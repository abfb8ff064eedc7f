import DocumentStore
import Foundation
import Imaging

/// An item's photo file opened for streaming (``DocumentStore/StreamedFile``; its `kind` is the format):
/// it keeps reading the version that was current when it was opened, whatever replaces it
/// afterwards (a photo object in a bucket is held whole in memory).
public typealias PhotoFile = StreamedFile<ImageFormat>

extension ImageStore {
    /// The photo of the item with `key` opened for streaming (never through a symbolic link), or
    /// nil when it has none.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` for a file that is not a regular file holding a
    ///   JPEG or PNG, `.storage` when it cannot be read.
    public func photoFile(forKey key: String) async throws -> PhotoFile? {
        let url = try self.url(forKey: key), pool = self.pool
        if bucket != nil {
            // An object is read whole: it is the version current when it was read.
            guard let photo = try await photoObject(key) else { return nil }
            return PhotoFile(kind: photo.format, file: OpenAttachment(bytes: photo.data, identity: photo.tag), pool: pool)
        }
        return try await pool.run { () throws -> PhotoFile? in
            guard let (file, header) = try StoredFileOpening.open(url, what: "the photo of item \(key)") else { return nil }
            guard let format = ImageFormat.sniff(header) else {
                throw HomepwnerError(.corrupt, "the photo of item \(key) is not a JPEG or PNG")
            }
            return PhotoFile(kind: format, file: file, pool: pool)
        }
    }
}
