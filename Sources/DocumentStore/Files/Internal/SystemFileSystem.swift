import CDocumentStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real system calls.
struct SystemFileSystem: FileSystem {
    func openFile(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) throws(Errno) -> Int32 {
        while true {
            let descriptor = openat(directory, name, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw Errno(errno) }
        }
    }

    func openFileWithoutLinks(_ directory: Int32, _ path: String, _ flags: Int32) throws(Errno) -> Int32 {
        while true {
            let descriptor = cds_openat_no_symlinks(directory, path, flags)
            if descriptor >= 0 { return descriptor }
            // EPERM: a seccomp filter that does not know openat2.
            if errno == EPERM { throw Errno(ENOSYS) }
            if errno != EINTR { throw Errno(errno) }
        }
    }

    func closeFile(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw Errno(errno) }
        }
    }

    func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        while true {
            let count = write(descriptor, bytes.baseAddress, bytes.count)
            if count >= 0 { return count }
            if errno != EINTR { throw Errno(errno) }
        }
    }

    func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Errno(errno) }
        return Self.convert(status)
    }

    func entryStatus(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus {
        var status = stat()
        guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { throw Errno(errno) }
        return Self.convert(status)
    }

    func sync(_ descriptor: Int32) throws(Errno) {
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw Errno(errno) }
        }
    }

    func changeMode(_ descriptor: Int32, _ mode: mode_t) throws(Errno) {
        guard fchmod(descriptor, mode) == 0 else { throw Errno(errno) }
    }

    func rename(_ fromDirectory: Int32, _ from: String, _ toDirectory: Int32, _ to: String, exclusive: Bool) throws(Errno) {
        let result = exclusive
            ? cds_rename_noreplace2(fromDirectory, from, toDirectory, to)
            : renameat(fromDirectory, from, toDirectory, to)
        guard result == 0 else { throw Errno(errno) }
    }

    func unlink(_ directory: Int32, _ name: String, directory isDirectory: Bool) throws(Errno) {
        guard unlinkat(directory, name, isDirectory ? AT_REMOVEDIR : 0) == 0 else { throw Errno(errno) }
    }

    func makeDirectory(_ directory: Int32, _ name: String, _ mode: mode_t) throws(Errno) {
        guard mkdirat(directory, name, mode) == 0 else { throw Errno(errno) }
    }

    func lock(_ descriptor: Int32, _ operation: Int32) throws(Errno) {
        while flock(descriptor, operation) != 0 {
            if errno != EINTR { throw Errno(errno) }
        }
    }

    func entries(_ directory: Int32) throws(Errno) -> [String] {
        var names: [String] = []
        try readDirectory(directory) { name, _ in names.append(name) }
        return names
    }

    func typedEntries(_ directory: Int32) throws(Errno) -> [(name: String, kind: FileStatus.Kind?)] {
        var found: [(name: String, kind: FileStatus.Kind?)] = []
        try readDirectory(directory) { name, type in
            let kind: FileStatus.Kind?
            switch Int(type) {
            case Int(DT_DIR): kind = .directory
            case Int(DT_REG): kind = .regular
            case Int(DT_LNK): kind = .symbolicLink
            case Int(DT_FIFO): kind = .fifo
            case Int(DT_CHR): kind = .characterDevice
            case Int(DT_BLK): kind = .blockDevice
            case Int(DT_SOCK): kind = .socket
            default: kind = nil  // DT_UNKNOWN: this file system does not say
            }
            found.append((name, kind))
        }
        return found
    }

    /// Calls `body` with each entry's name and `d_type` (without "." and "..").
    private func readDirectory(_ directory: Int32, _ body: (String, UInt8) -> Void) throws(Errno) {
        // fdopendir takes the descriptor over, so give it a duplicate, rewound.
        let duplicate = dup(directory)
        guard duplicate >= 0 else { throw Errno(errno) }
        guard let stream = fdopendir(duplicate) else {
            let failure = errno
            close(duplicate)
            throw Errno(failure)
        }
        defer { closedir(stream) }
        rewinddir(stream)
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw Errno(errno) }
                return
            }
            // Read the name in place: the kernel's record may end before a whole `dirent` would,
            // so copying the struct (or its 256-byte name field) can read past the buffer.
            let raw = UnsafeRawPointer(entry)
            let name = String(cString: raw.advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self))
            if name == "." || name == ".." { continue }
            body(name, raw.load(fromByteOffset: Self.typeOffset, as: UInt8.self))
        }
    }

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type) ?? 18

    private static func convert(_ status: stat) -> FileStatus {
        let kind: FileStatus.Kind
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .unknown
        }
        return FileStatus(
            kind: kind, size: Int(status.st_size), permissions: status.st_mode & 0o7777,
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        )
    }
}
