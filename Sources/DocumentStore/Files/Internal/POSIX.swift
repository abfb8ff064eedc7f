import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the system calls the store needs: each retries on EINTR and turns a
/// failure into a ``DocumentStoreError`` naming the path.
enum POSIX {
    /// The current thread's errno.
    static var lastError: Int32 { errno }

    /// Opens `path` with `flags`, creating it with `mode` when asked.
    static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws -> Int32 {
        while true {
            let descriptor = open(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw DocumentStoreError.system("cannot open", path: path, errno: errno) }
        }
    }

    /// Opens `name` relative to the directory descriptor `directory`.
    static func openFile(at directory: Int32, _ name: String, _ flags: Int32, mode: mode_t = 0o644, path: @autoclosure () -> String) throws -> Int32 {
        while true {
            let descriptor = openat(directory, name, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw DocumentStoreError.system("cannot open", path: path(), errno: errno) }
        }
    }

    /// Writes all of `bytes` to `descriptor`, at most `limit` of them before failing with ENOSPC
    /// (the limit simulates a full disk for tests).
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, limit: Int? = nil, path: String) throws {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            var chunk = min(bytes.count - written, 1 << 30)
            if let limit {
                guard written < limit else { throw DocumentStoreError.system("cannot write", path: path, errno: ENOSPC) }
                chunk = min(chunk, limit - written)
            }
            let result = write(descriptor, base + written, chunk)
            if result < 0 {
                if errno == EINTR { continue }
                throw DocumentStoreError.system("cannot write", path: path, errno: errno)
            }
            written += result
        }
    }

    /// Flushes `descriptor` to stable storage.
    static func sync(_ descriptor: Int32, path: String) throws {
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            // A directory on a file system that cannot sync directories: nothing more to do.
            if errno == EINVAL { return }
            throw DocumentStoreError.system("cannot sync", path: path, errno: errno)
        }
    }

    /// Opens the directory `path`, syncs it so renames and creations inside are durable, closes it.
    static func syncDirectory(_ path: String) throws {
        let descriptor = try openFile(path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        try sync(descriptor, path: path)
    }

    /// Reads the whole file `name` in `directory` (a descriptor), refusing files over `limit` bytes.
    /// Returns nil if the file does not exist.
    static func readFile(at directory: Int32, _ name: String, limit: Int, path: @autoclosure () -> String) throws -> Data? {
        guard let descriptor = try openForReading(at: directory, name, path: path()) else { return nil }
        defer { close(descriptor) }
        return try readAll(descriptor, limit: limit, path: path())
    }

    /// Opens `name` in `directory` for reading; nil if it does not exist.
    static func openForReading(at directory: Int32, _ name: String, path: @autoclosure () -> String) throws -> Int32? {
        var descriptor: Int32
        repeat { descriptor = openat(directory, name, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw DocumentStoreError.system("cannot open", path: path(), errno: errno)
        }
        return descriptor
    }

    /// Reads `descriptor` to its end, refusing more than `limit` bytes.
    static func readAll(_ descriptor: Int32, limit: Int, path: @autoclosure () -> String) throws -> Data {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw DocumentStoreError.system("cannot stat", path: path(), errno: errno) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw DocumentStoreError.system("cannot read", path: path(), errno: EISDIR) }
        let expected = Int(status.st_size)
        guard expected <= limit else {
            throw DocumentStoreError(.corrupt, "\(path()) is \(expected) bytes, over the limit of \(limit)", path: path())
        }
        // Read one byte past the size seen so a file that grew is noticed, not silently cut.
        var data = Data(count: expected + 1)
        var filled = 0
        while true {
            if filled == data.count {
                guard data.count <= limit else {
                    throw DocumentStoreError(.corrupt, "\(path()) grew past the limit of \(limit) bytes while being read", path: path())
                }
                data.count = min(limit + 1, max(data.count * 2, 4096))
            }
            let capacity = data.count - filled
            let result = data.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, capacity)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw DocumentStoreError.system("cannot read", path: path(), errno: errno)
            }
            if result == 0 { break }
            filled += result
        }
        guard filled <= limit else {
            throw DocumentStoreError(.corrupt, "\(path()) is over the limit of \(limit) bytes", path: path())
        }
        data.count = filled
        return data
    }

    /// Whether a process with `pid` exists (EPERM counts: it exists but is someone else's).
    static func processExists(_ pid: Int32) -> Bool {
        if pid <= 0 { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}

extension POSIX {
    /// Reads the small file `name` in `directory` with as few system calls as possible — open,
    /// one read into `scratch`, close — for listing thousands of data files. A read that fills
    /// `scratch` continues into a growing buffer up to `limit`. Returns nil if the file does not
    /// exist.
    ///
    /// A regular file's read returns less than asked only at its end, so a short read ends the
    /// file without the extra `fstat` or zero-length read.
    static func readSmallFile(at directory: Int32, _ name: String, limit: Int, scratch: UnsafeMutableRawBufferPointer, path: @autoclosure () -> String) throws -> Data? {
        guard let descriptor = try openForReading(at: directory, name, path: path()) else { return nil }
        defer { close(descriptor) }
        guard let base = scratch.baseAddress else { return try readAll(descriptor, limit: limit, path: path()) }
        var count: Int
        repeat { count = read(descriptor, base, scratch.count) } while count < 0 && errno == EINTR
        if count < 0 { throw DocumentStoreError.system("cannot read", path: path(), errno: errno) }
        if count < scratch.count {
            guard count <= limit else {
                throw DocumentStoreError(.corrupt, "\(path()) is \(count) bytes, over the limit of \(limit)", path: path())
            }
            return Data(bytes: base, count: count)
        }
        // Bigger than the scratch buffer: read it again, whole, with the size check.
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw DocumentStoreError.system("cannot seek", path: path(), errno: errno) }
        return try readAll(descriptor, limit: limit, path: path())
    }
}
