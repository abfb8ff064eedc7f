import DocumentStore
import Foundation

/// Reads a file of the data folder (`items.archive`, `locations.plist`) or one named on the
/// command line through DocumentStore's ``DocumentStore/InputFile`` — only a regular file, its
/// size checked on the open descriptor, never waiting on a FIFO — with its refusal as a
/// ``HomepwnerError``.
enum ArchiveFileReading {
    /// The file's bytes, if it is a regular file of at most `limit` bytes.
    ///
    /// - Throws: ``HomepwnerError`` `tooLarge` for a file over the limit, `.storage` for anything
    ///   else that is not read (not a regular file, a link when links are not followed, unreadable).
    static func read(_ url: URL, limit: Int, followingSymlinks: Bool = false, tooLarge: HomepwnerError.Code = .storage) throws -> Data {
        do {
            return try InputFile.read(url, limit: limit, links: followingSymlinks ? .follow : .refuse)
        } catch let refusal as InputFile.Refusal {
            throw HomepwnerError(refusal.reason == .tooLarge ? tooLarge : .storage, refusal.message)
        }
    }
}
