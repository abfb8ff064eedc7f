import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One holder of a data folder at a time, across processes: an exclusive `flock` on a hidden
/// lock file in the folder, held for as long as this object lives. The kernel drops the lock
/// when the holder ends, even by a crash.
///
/// The holder writes who it is into the file (`server <pid>` or `command <pid>`). A command
/// waits for another command (they finish in moments), but a server holds the folder for as
/// long as it runs, so whoever finds a server there is refused at once, told its process id.
public final class FolderLock: Sendable {
    /// Who holds the lock.
    public enum Holder: String, Sendable {
        /// A command that changes a few things and ends.
        case command
        /// A server, for as long as it runs.
        case server
    }

    /// Why the lock was not taken.
    public enum Refusal: Error, Sendable, Hashable {
        /// A server (this process id) holds the folder.
        case heldByServer(pid: Int32)
        /// Another command still held it when the wait ended.
        case busy
        /// The lock file cannot be opened or locked.
        case system(DocumentStoreError)
    }

    private let descriptor: Int32

    /// Takes the lock file `fileName` in `folder` for `holder`, waiting up to `timeout` for
    /// another command to finish (`.zero`: not at all).
    ///
    /// - Throws: ``Refusal``.
    public init(folder: URL, fileName: String, holder: Holder, timeout: Duration = .zero) async throws {
        let path = folder.appendingPathComponent(fileName).path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw Refusal.system(.system("cannot open", path: path, errno: errno)) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                close(fd)
                throw Refusal.system(.system("cannot lock", path: path, errno: reason))
            }
            if let pid = Self.serverProcess(in: fd) {
                close(fd)
                throw Refusal.heldByServer(pid: pid)
            }
            guard clock.now < deadline else {
                close(fd)
                throw Refusal.busy
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        descriptor = fd
        let note = Array("\(holder.rawValue) \(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 {
            _ = note.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    /// Clears the holder's note, then lets go. A process forked meanwhile may keep the lock a
    /// moment longer through its copy of the descriptor (until it execs); without the note, the
    /// next holder waits that moment out instead of seeing a server that is no longer there.
    deinit {
        _ = ftruncate(descriptor, 0)
        close(descriptor)
    }

    /// The process id a server wrote into the lock file, if a live server wrote it.
    private static func serverProcess(in fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        guard text.hasPrefix("server "), text.hasSuffix("\n") else { return nil }
        guard let pid = Int32(text.dropFirst("server ".count).dropLast()), pid > 0 else { return nil }
        // A server that died left its note behind; the next holder is about to overwrite it.
        guard kill(pid, 0) == 0 || errno == EPERM else { return nil }
        return pid
    }
}
