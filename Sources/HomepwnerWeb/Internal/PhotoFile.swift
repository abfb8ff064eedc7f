import DocumentStore
import Foundation
import Homepwner
import Imaging
#if canImport(Glibc)
import Glibc
#endif

/// An item's photo file opened for streaming: it keeps reading the file that was current when it
/// was opened, whatever replaces it afterwards (a photo is replaced by a rename).
struct PhotoFile: Sendable {
    /// The photo's format, told from its bytes.
    let format: ImageFormat
    /// Its size in bytes.
    let size: Int
    /// An opaque token that changes whenever the photo is replaced (``DocumentStore/FileVersionTag``
    /// of the open file): the ETag's contents, the same as the pages' `?v=`
    /// (``Homepwner/ImageStore/photoTags(forKeys:)``).
    let identity: String
    private let descriptor: FileDescriptorBox
    private let pool: BlockingPool

    /// Opens the photo at `url` (never following a symbolic link); nil when there is none.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` for a file that is not a regular file holding a
    ///   JPEG or PNG, `.storage` when it cannot be read.
    static func open(_ url: URL, pool: BlockingPool) async throws -> PhotoFile? {
        try await pool.run { () throws -> PhotoFile? in
            let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else {
                if errno == ENOENT { return nil }
                throw HomepwnerError(errno == ELOOP ? .corrupt : .storage, "cannot open the photo \(url.lastPathComponent): \(String(cString: strerror(errno)))")
            }
            let box = FileDescriptorBox(fd)
            var status = stat()
            guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                throw HomepwnerError(.corrupt, "the photo \(url.lastPathComponent) is not a regular file")
            }
            var header = [UInt8](repeating: 0, count: 32)
            let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 32, 0) }
            guard read > 0, let format = ImageFormat.sniff(Array(header.prefix(read))) else {
                throw HomepwnerError(.corrupt, "the photo \(url.lastPathComponent) is not a JPEG or PNG")
            }
            return PhotoFile(format: format, size: Int(status.st_size), identity: FileVersionTag.of(status), descriptor: box, pool: pool)
        }
    }

    /// The bytes in `range`, read 64 KiB at a time as the consumer asks for them (a slow reader
    /// holds at most one chunk).
    func chunks(in range: Range<Int>) -> PhotoChunks {
        PhotoChunks(descriptor: descriptor, range: range.clamped(to: 0..<size), pool: pool)
    }
}

/// The bytes of an open photo in a range, read on demand.
struct PhotoChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let descriptor: FileDescriptorBox
    let range: Range<Int>
    let pool: BlockingPool

    /// Reads the next chunk when asked.
    struct AsyncIterator: AsyncIteratorProtocol {
        let descriptor: FileDescriptorBox
        let pool: BlockingPool
        var offset: Int
        let end: Int

        /// The next chunk, or nil at the end of the range (or of a file that shrank).
        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard offset < end else { return nil }
            let count = Swift.min(64 << 10, end - offset)
            let (descriptor, start) = (descriptor, offset)
            let bytes = try await pool.run { () throws -> [UInt8] in
                var buffer = [UInt8](repeating: 0, count: count)
                let read = buffer.withUnsafeMutableBytes { pread(descriptor.fd, $0.baseAddress, count, off_t(start)) }
                guard read >= 0 else { throw HomepwnerError(.storage, "cannot read the photo: \(String(cString: strerror(errno)))") }
                return Array(buffer.prefix(read))
            }
            guard !bytes.isEmpty else { return nil }
            offset += bytes.count
            return bytes[...]
        }
    }

    /// Starts reading at the range's start.
    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(descriptor: descriptor, pool: pool, offset: range.lowerBound, end: range.upperBound)
    }
}

/// A file descriptor closed when the last reference goes.
final class FileDescriptorBox: Sendable {
    let fd: Int32

    init(_ fd: Int32) {
        self.fd = fd
    }

    deinit {
        close(fd)
    }
}
