import DocumentStore
import Foundation
import Imaging

/// An item's photo file opened for streaming: it keeps reading the file that was current when it
/// was opened, whatever replaces it afterwards (a photo is replaced by a rename).
public struct PhotoFile: Sendable {
    /// The photo's format, told from its bytes.
    public let format: ImageFormat
    /// The open file.
    public let file: OpenAttachment
    let pool: BlockingPool

    /// Its size in bytes.
    public var size: Int { file.size }
    /// An opaque token that changes whenever the photo is replaced (``DocumentStore/FileVersionTag``
    /// of the open file): the ETag's contents, the same as the pages' `?v=`
    /// (``ImageStore/photoTags(forKeys:)``).
    public var identity: String { file.identity }

    /// The bytes in `range`, read 64 KiB at a time on the store's blocking pool as the consumer
    /// asks for them (a slow reader holds at most one chunk).
    public func chunks(in range: Range<Int>) -> FileChunks {
        file.chunks(in: range, pool: pool)
    }
}

extension ImageStore {
    /// The photo of the item with `key` opened for streaming (never through a symbolic link), or
    /// nil when it has none.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` for a file that is not a regular file holding a
    ///   JPEG or PNG, `.storage` when it cannot be read.
    public func photoFile(forKey key: String) async throws -> PhotoFile? {
        let url = try self.url(forKey: key), pool = self.pool
        return try await pool.run { () throws -> PhotoFile? in
            let file: OpenAttachment?, header: [UInt8]
            do {
                file = try OpenAttachment.openRegularFile(at: url)
                header = try file?.read(32, at: 0) ?? []
            } catch let error as DocumentStoreError {
                throw HomepwnerError(error.code == .unsupportedFileType ? .corrupt : .storage, "the photo of item \(key) cannot be read: \(error.message)")
            }
            guard let file else { return nil }
            guard let format = ImageFormat.sniff(header) else {
                throw HomepwnerError(.corrupt, "the photo of item \(key) is not a JPEG or PNG")
            }
            return PhotoFile(format: format, file: file, pool: pool)
        }
    }
}
