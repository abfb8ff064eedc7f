import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store's file rules on top of the raw calls, with errors that name the path.
///
/// Only regular files are read: every data file and attachment is opened with
/// `O_NONBLOCK | O_NOFOLLOW` (a FIFO cannot block the open, a symbolic link is not followed),
/// checked with `fstat` on the open descriptor, and its size is checked before anything is read.
extension FileSystem {
    /// Opens the folder `name` in `directory` (`AT_FDCWD` for a path), not following a final
    /// symbolic link unless `followLinks`.
    func openDirectory(_ directory: Int32, _ name: String, path: @autoclosure () -> String, followLinks: Bool = false) throws -> Int32 {
        do {
            return try openFile(directory, name, O_RDONLY | O_DIRECTORY | (followLinks ? 0 : O_NOFOLLOW), 0)
        } catch {
            if error.code == ELOOP || (error.code == ENOTDIR && !followLinks && (try? entryStatus(directory, name))?.kind == .symbolicLink) {
                throw DocumentStoreError(.unsupportedFileType, "\(path()) is a symbolic link; links inside a data folder are not followed", path: path(), errno: ELOOP)
            }
            throw DocumentStoreError.system("cannot open the folder", path: path(), errno: error.code)
        }
    }

    /// Opens `name` in `directory` for reading if it is a regular file; nil if it does not exist.
    ///
    /// - Throws: ``DocumentStoreError`` `.unsupportedFileType` for a symbolic link, FIFO, folder,
    ///   device or socket (nothing is read from it), or the open's error.
    func openRegularFile(_ directory: Int32, _ name: String, path: @autoclosure () -> String) throws -> (descriptor: Int32, status: FileStatus)? {
        let descriptor: Int32
        do {
            descriptor = try openFile(directory, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW, 0)
        } catch {
            switch error.code {
            case ENOENT: return nil
            case ELOOP: throw Self.unsupported(path(), "a symbolic link (links inside a data folder are not followed)", ELOOP)
            case ENXIO: throw Self.unsupported(path(), "a socket", ENXIO)
            default: throw DocumentStoreError.system("cannot open", path: path(), errno: error.code)
            }
        }
        do {
            let status = try fileStatus(descriptor, path: path())
            guard status.kind == .regular else { throw Self.unsupported(path(), status.kindDescription, nil) }
            return (descriptor, status)
        } catch {
            closeFile(descriptor)
            throw error
        }
    }

    private static func unsupported(_ path: String, _ kind: String, _ number: Int32?) -> DocumentStoreError {
        DocumentStoreError(.unsupportedFileType, "\(path) is \(kind), not a regular file, so it is not read", path: path, errno: number)
    }

    /// `fstat` with a path-naming error.
    func fileStatus(_ descriptor: Int32, path: @autoclosure () -> String) throws -> FileStatus {
        do { return try status(descriptor) } catch { throw DocumentStoreError.system("cannot stat", path: path(), errno: error.code) }
    }

    /// Reads the regular file `name` in `directory` whole, refusing one over `limit` bytes before
    /// reading any of it; nil if it does not exist.
    func readRegularFile(_ directory: Int32, _ name: String, limit: Int, path: @autoclosure () -> String) throws -> Data? {
        try readRegularFileAndStatus(directory, name, limit: limit, path: path())?.data
    }

    /// ``readRegularFile(_:_:limit:path:)`` that also returns the file's status when it was opened.
    func readRegularFileAndStatus(_ directory: Int32, _ name: String, limit: Int, path: @autoclosure () -> String) throws -> (data: Data, status: FileStatus)? {
        guard let (descriptor, status) = try openRegularFile(directory, name, path: path()) else { return nil }
        defer { closeFile(descriptor) }
        return (try readAll(descriptor, expected: status.size, limit: limit, path: path()), status)
    }

    /// Reads the open regular file `descriptor`, whose `fstat` size is `expected`, to its end.
    func readAll(_ descriptor: Int32, expected: Int, limit: Int, path: @autoclosure () -> String) throws -> Data {
        guard expected <= limit else {
            throw DocumentStoreError(.corrupt, "\(path()) is \(expected) bytes, larger than the limit of \(limit) bytes", path: path())
        }
        // One byte past the size seen, so a file that grew meanwhile is noticed, not cut.
        var data = Data(count: expected + 1)
        var filled = 0
        while true {
            if filled == data.count {
                guard data.count <= limit else {
                    throw DocumentStoreError(.corrupt, "\(path()) grew past the limit of \(limit) bytes while being read", path: path())
                }
                data.count = min(limit + 1, max(data.count * 2, 4096))
            }
            let start = filled
            let outcome = data.withUnsafeMutableBytes { buffer in
                Result { () throws(Errno) -> Int in
                    try readBytes(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
                }
            }
            let count: Int
            switch outcome {
            case .success(let read): count = read
            case .failure(let error): throw DocumentStoreError.system("cannot read", path: path(), errno: error.code)
            }
            if count == 0 { break }
            filled += count
            // A regular file's read returns less than asked only at its end: no extra read.
            if filled < data.count { break }
        }
        guard filled <= limit else {
            throw DocumentStoreError(.corrupt, "\(path()) is larger than the limit of \(limit) bytes", path: path())
        }
        data.count = filled
        return data
    }

    /// Writes all of `bytes`, at most `limit` of them before failing with ENOSPC (the limit
    /// simulates a full disk for tests).
    func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, limit: Int? = nil, path: @autoclosure () -> String) throws {
        var written = 0
        while written < bytes.count {
            var end = min(bytes.count, written + (1 << 30))
            if let limit {
                guard written < limit else { throw DocumentStoreError.system("cannot write", path: path(), errno: ENOSPC) }
                end = min(end, limit)
            }
            do {
                written += try writeBytes(descriptor, UnsafeRawBufferPointer(rebasing: bytes[written..<end]))
            } catch {
                throw DocumentStoreError.system("cannot write", path: path(), errno: error.code)
            }
        }
    }

    /// `fsync` of a regular file: every failure, `EINVAL` included, is an error.
    func syncFile(_ descriptor: Int32, path: @autoclosure () -> String) throws {
        do { try sync(descriptor) } catch { throw DocumentStoreError.system("cannot sync", path: path(), errno: error.code) }
    }

    /// `fsync` of a folder, so entries created, renamed or removed in it are durable. `EINVAL`
    /// is the one failure accepted: file systems that cannot sync a folder say so with it.
    func syncDirectory(_ descriptor: Int32, path: @autoclosure () -> String) throws {
        do { try sync(descriptor) } catch {
            if error.code == EINVAL { return }
            throw DocumentStoreError.system("cannot sync the folder", path: path(), errno: error.code)
        }
    }

    /// Takes `operation` (`LOCK_SH` or `LOCK_EX`) on `descriptor`, waiting for it.
    func lock(_ descriptor: Int32, _ operation: Int32, path: @autoclosure () -> String) throws {
        do { try lock(descriptor, operation) } catch { throw DocumentStoreError.system("cannot lock", path: path(), errno: error.code) }
    }

    /// Whether `LOCK_EX | LOCK_NB` succeeded: false means someone holds a lock on it.
    func tryLockExclusive(_ descriptor: Int32) -> Bool {
        (try? lock(descriptor, LOCK_EX | LOCK_NB)) != nil
    }

    /// Whether `name` in `directory` is still the file open as `descriptor`.
    func stillNames(_ directory: Int32, _ name: String, _ descriptor: Int32) -> Bool {
        statusIfStillNamed(directory, name, descriptor) != nil
    }

    /// The status of the file open as `descriptor` if `name` in `directory` is still that file.
    func statusIfStillNamed(_ directory: Int32, _ name: String, _ descriptor: Int32) -> FileStatus? {
        guard let open = try? status(descriptor), let named = try? entryStatus(directory, name), open.isSameFile(as: named) else { return nil }
        return open
    }

    /// The entry names of the open folder `directory`.
    func names(_ directory: Int32, path: @autoclosure () -> String) throws -> [String] {
        do { return try entries(directory) } catch { throw DocumentStoreError.system("cannot read the folder", path: path(), errno: error.code) }
    }

    /// Removes `name` in `directory` and, if it is a folder, everything in it (never following
    /// a symbolic link), at most `depth` folders deep. Best effort: what cannot go stays.
    func removeTree(_ directory: Int32, _ name: String, depth: Int = 8) {
        do {
            try unlink(directory, name, directory: false)
            return
        } catch {
            guard error.code == EISDIR || error.code == EPERM, depth > 0 else { return }
        }
        guard let folder = try? openFile(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW, 0) else { return }
        for entry in (try? entries(folder)) ?? [] { removeTree(folder, entry, depth: depth - 1) }
        closeFile(folder)
        try? unlink(directory, name, directory: true)
    }
}
