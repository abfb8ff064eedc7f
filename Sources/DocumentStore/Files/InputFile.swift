import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files a person names (a photo to add, a CSV file to import) or an import holds, by the
/// rule for data from outside, for both apps: only regular files are read, the size is checked on
/// the open descriptor before a byte is read, and never more than the limit is read.
///
/// A FIFO, a device (`/dev/zero`), a socket or a folder is refused with a message saying what it
/// is, at once: the file is opened with `O_NONBLOCK`, so nothing waits for a writer.
public enum InputFile {
    /// Whether a symbolic link is followed.
    public enum Links: Sendable {
        /// Follow it (a file named on the command line may be a link).
        case follow
        /// Refuse it (files inside an import or a data folder: a link could point anywhere on
        /// this machine).
        case refuse
    }

    /// Why a file was not read: one sentence naming it. Each app turns it into its own error.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The kinds of refusal.
        public enum Reason: Sendable, Hashable {
            /// It is not there.
            case missing
            /// It cannot be opened or read (permissions, an I/O error).
            case unreadable
            /// It is not a regular file (a folder, a FIFO, a device, a socket).
            case notRegularFile
            /// It is a symbolic link, and links are refused.
            case symbolicLink
            /// It is larger than the limit (or grew past it while it was read).
            case tooLarge
        }

        /// What kind of refusal this is.
        public var reason: Reason
        /// The sentence.
        public var message: String

        /// The message.
        public var description: String { message }
    }

    /// The bytes of the regular file at `url`, at most `limit` of them.
    ///
    /// - Throws: ``Refusal`` naming the file and what is wrong: missing, not readable, not a
    ///   regular file (saying what it is), a link when links are refused, larger than `limit`.
    public static func read(_ url: URL, limit: Int, links: Links) throws -> Data {
        let path = url.path
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (links == .refuse ? O_NOFOLLOW : 0)
        let fd = open(path, flags)
        guard fd >= 0 else {
            let reason = errno
            if reason == ELOOP, links == .refuse {
                throw Refusal(reason: .symbolicLink, message: "\(path) is a symbolic link; links are not followed here")
            }
            throw Refusal(reason: reason == ENOENT ? .missing : .unreadable, message: "cannot read \(path): \(describe(reason))")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            throw Refusal(reason: .unreadable, message: "cannot read \(path): \(describe(errno))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(reason: .notRegularFile, message: "\(path) is \(kind(of: status.st_mode)), not a regular file")
        }
        guard status.st_size <= limit else {
            throw Refusal(reason: .tooLarge, message: "\(path) is \(status.st_size) bytes, larger than the limit of \(limit) bytes")
        }
        // The size can change under us: read at most limit + 1 bytes to notice growth.
        var data = Data(count: Int(status.st_size))
        var filled = 0
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Refusal(reason: .unreadable, message: "cannot read \(path): \(describe(errno))")
            }
            if count == 0 { break }
            guard filled + count <= limit else {
                throw Refusal(reason: .tooLarge, message: "\(path) grew past the limit of \(limit) bytes while it was read")
            }
            if filled + count > data.count { data.count = filled + count }
            data.replaceSubrange(filled..<filled + count, with: chunk[0..<count])
            filled += count
        }
        data.count = filled
        return data
    }

    private static func describe(_ reason: Int32) -> String {
        switch reason {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a part of the path is not a folder"
        default: return String(cString: strerror(reason)).lowercased()
        }
    }

    /// What a file of mode `mode` is, in words ("a folder", "a pipe (FIFO)").
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}
