#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls behind ``ImageUpload``: open without blocking, refuse what is not a regular
/// file, read in chunks up to a limit. Each error names the file and says why in plain words.
enum FileDescriptorInput {
    /// The size of each read; also the most read from a file that turns out not to be an image.
    static let chunkSize = 64 * 1024

    /// Opens `path` for reading without waiting (O_NONBLOCK) and, unless `followingSymlinks`,
    /// without following a final symbolic link.
    static func openForReading(_ path: String, followingSymlinks: Bool) throws -> Int32 {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        if !followingSymlinks { flags |= O_NOFOLLOW }
        while true {
            let descriptor = open(path, flags)
            if descriptor >= 0 { return descriptor }
            let code = errno
            if code == EINTR { continue }
            throw openError(path, errno: code, followingSymlinks: followingSymlinks)
        }
    }

    static func openError(_ path: String, errno code: Int32, followingSymlinks: Bool) -> ImagingError {
        switch code {
        case ENOENT: ImagingError(.unreadable, "\(path) does not exist")
        case ENOTDIR: ImagingError(.unreadable, "\(path) does not exist (a part of its path is not a folder)")
        case EACCES, EPERM: ImagingError(.unreadable, "\(path) cannot be read: you don't have permission")
        case ELOOP where !followingSymlinks: ImagingError(.notAFile, "\(path) is a symbolic link, not an image file (links are not followed here)")
        case ELOOP: ImagingError(.unreadable, "\(path) cannot be read: too many levels of symbolic links")
        case ENXIO: ImagingError(.notAFile, "\(path) is a socket or a device with nothing behind it, not an image file")
        default: ImagingError(.unreadable, "\(path) cannot be opened: \(describe(code))")
        }
    }

    /// Refuses anything but a regular file, and a regular file over the size limit, from
    /// `fstat` on the open descriptor (so a link swapped after a check cannot slip through).
    static func requireRegularFile(_ descriptor: Int32, name: String, limits: ImageLimits) throws {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ImagingError(.unreadable, "\(name) cannot be examined: \(describe(errno))")
        }
        let kind: String?
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = nil
        case S_IFDIR: kind = "is a folder"
        case S_IFCHR, S_IFBLK: kind = "is a device"
        case S_IFIFO: kind = "is a pipe (FIFO)"
        case S_IFSOCK: kind = "is a socket"
        case S_IFLNK: kind = "is a symbolic link"
        default: kind = "is not a regular file"
        }
        if let kind { throw ImagingError(.notAFile, "\(name) \(kind), not an image file") }
        if Int(status.st_size) > limits.maxEncodedBytes {
            throw CappedImageReader(name: name, limits: limits).tooLarge(size: Int(status.st_size))
        }
    }

    /// Reads `descriptor` to its end in chunks handed to `body`, refusing more than `limit`
    /// bytes (a file that grew after `fstat`) with one byte read past it at most.
    static func readChunks(_ descriptor: Int32, name: String, limit: Int, _ body: ([UInt8]) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var total = 0
        while true {
            let wanted = min(chunkSize, limit + 1 - total)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ImagingError(.unreadable, "\(name) cannot be read: \(describe(code))")
            }
            if count == 0 { return }
            total += count
            try body(Array(buffer[0..<count]))  // the reader refuses the byte past the limit
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
