import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads `items.archive` for a read-only store, without the locks or clean-up a writer does.
enum ArchiveFileReading {
    /// The file's bytes, if it is a regular file of at most `limit` bytes.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` for something other than a regular file, a file
    ///   over the limit, or one that cannot be read.
    static func read(_ url: URL, limit: Int, followingSymlinks: Bool = false, tooLarge: HomepwnerError.Code = .storage, what: String = "an archive") throws -> Data {
        // Non-blocking, so a FIFO in the archive's place cannot make the open wait; a symbolic
        // link is refused, as the writing store refuses it (a file named on the command line
        // may be one).
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingSymlinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            throw HomepwnerError(.storage, "\(url.path) cannot be opened: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw HomepwnerError(.storage, "\(url.path) is not a regular file, so it is not read")
        }
        guard Int(status.st_size) <= limit else {
            throw HomepwnerError(tooLarge, "\(url.path) is \(status.st_size) bytes, more than the \(limit) \(what) may have")
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw HomepwnerError(.storage, "\(url.path) cannot be read: \(error.localizedDescription)")
        }
    }
}
