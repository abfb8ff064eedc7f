import DocumentStore
import Foundation

/// Opens a photo or an attachment in the data folder for streaming, the same way for both:
/// only a regular file, never through a link, with its first bytes to tell what it is.
enum StoredFileOpening {
    /// The regular file at `url`, opened, and its first 32 bytes; nil when there is none. Call
    /// it on a ``DocumentStore/BlockingPool``.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` for something that is not a regular file,
    ///   `.storage` when it cannot be read — each "`what` cannot be read: …".
    static func open(_ url: URL, what: String) throws -> (file: OpenAttachment, header: [UInt8])? {
        do {
            guard let file = try OpenAttachment.openRegularFile(at: url) else { return nil }
            return (file, try file.read(32, at: 0))
        } catch let error as DocumentStoreError {
            throw HomepwnerError(error.code == .unsupportedFileType ? .corrupt : .storage, "\(what) cannot be read: \(error.message)")
        }
    }
}
