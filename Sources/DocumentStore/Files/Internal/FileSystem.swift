#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call's failure: the `errno` it set.
@_spi(Testing) public struct Errno: Error, Hashable, Sendable {
    /// The `errno` value.
    public var code: Int32
    /// The failure `code` names.
    public init(_ code: Int32) { self.code = code }
}

/// What `fstat` says about a file, reduced to what the store decides on.
@_spi(Testing) public struct FileStatus: Hashable, Sendable {
    /// The kinds of file the store tells apart.
    public enum Kind: Hashable, Sendable {
        /// Each kind `st_mode` tells; `unknown` for anything else.
        case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, unknown
    }

    /// What kind of file it is.
    public var kind: Kind
    /// Its size in bytes.
    public var size: Int
    /// The permission bits (`st_mode & 0o7777`).
    public var permissions: mode_t
    /// The device it is on.
    public var device: UInt64
    /// Its inode number on that device.
    public var inode: UInt64
    /// The last modification, in nanoseconds since 1970.
    public var modified: Int64 = 0
    /// The last status change (`st_ctim`: contents, links, permissions, renames), in
    /// nanoseconds since 1970; 0 where the file system does not say.
    public var changed: Int64 = 0

    /// A status with these fields.
    public init(kind: Kind, size: Int, permissions: mode_t, device: UInt64, inode: UInt64, modified: Int64 = 0, changed: Int64 = 0) {
        self.kind = kind
        self.size = size
        self.permissions = permissions
        self.device = device
        self.inode = inode
        self.modified = modified
        self.changed = changed
    }

    /// Whether `other` is the same file (same device and inode).
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }

    /// "a FIFO", "a folder", … for messages.
    var kindDescription: String {
        switch kind {
        case .regular: "a regular file"
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .unknown: "a special file"
        }
    }
}

/// Every file-system call the store makes, in one place, so a test can put a simulated disk
/// (which records writes, syncs and renames and can "lose power") in place of the real one.
///
/// Paths are always relative to a directory descriptor (`AT_FDCWD` only to open a root given by
/// path). Calls retry `EINTR` themselves and throw the `errno` of any other failure.
@_spi(Testing) public protocol FileSystem: Sendable {
    /// `openat`: `name` relative to `directory`, with `flags` and, when creating, `mode`.
    func openFile(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) throws(Errno) -> Int32
    /// `close`.
    func closeFile(_ descriptor: Int32)
    /// `read` into `buffer`; how many bytes came (0 at the end).
    func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int
    /// `write` of `bytes`; how many were written.
    func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int
    /// `fstat` of the open file.
    func status(_ descriptor: Int32) throws(Errno) -> FileStatus
    /// `fstatat` without following a final symbolic link.
    func entryStatus(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus
    /// `fsync`: the file (or folder) durable.
    func sync(_ descriptor: Int32) throws(Errno)
    /// `fchmod`.
    func changeMode(_ descriptor: Int32, _ mode: mode_t) throws(Errno)
    /// `renameat` within one directory; with `exclusive`, fails with `EEXIST` if `to` exists
    /// (`renameat2(RENAME_NOREPLACE)`; `ENOSYS`/`EINVAL` where the file system cannot).
    func rename(_ fromDirectory: Int32, _ from: String, _ toDirectory: Int32, _ to: String, exclusive: Bool) throws(Errno)
    /// `unlinkat` of a file, or of an empty folder when `isDirectory`.
    func unlink(_ directory: Int32, _ name: String, directory isDirectory: Bool) throws(Errno)
    /// `mkdirat`.
    func makeDirectory(_ directory: Int32, _ name: String, _ mode: mode_t) throws(Errno)
    /// `flock`; `operation` is `LOCK_SH`, `LOCK_EX` or `LOCK_UN`, optionally with `LOCK_NB`.
    func lock(_ descriptor: Int32, _ operation: Int32) throws(Errno)
    /// Opens the relative `path` (several components allowed) without following a symbolic link
    /// anywhere in it: `ELOOP` for a link, `ENOSYS` where the system cannot (then open step by
    /// step instead).
    func openFileWithoutLinks(_ directory: Int32, _ path: String, _ flags: Int32) throws(Errno) -> Int32
    /// The entry names of the open directory (without "." and ".."); the descriptor stays open.
    func entries(_ directory: Int32) throws(Errno) -> [String]
    /// ``entries(_:)`` with the kind of each entry where the directory read says it (`d_type`),
    /// nil where it does not: then only a status call can tell.
    func typedEntries(_ directory: Int32) throws(Errno) -> [(name: String, kind: FileStatus.Kind?)]
}

extension FileSystem {
    /// Without `d_type`: every kind unknown.
    @_spi(Testing) public func typedEntries(_ directory: Int32) throws(Errno) -> [(name: String, kind: FileStatus.Kind?)] {
        try entries(directory).map { ($0, nil) }
    }
}
