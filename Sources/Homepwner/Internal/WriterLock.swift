import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writer per data folder across processes: an exclusive `flock` on the hidden file
/// `.items.archive.lock`, held while a writable ``ItemStore`` is open. The whole inventory is one
/// file, so two processes writing it at once would each overwrite the other's changes; the kernel
/// drops the lock when the holder ends, even by a crash.
///
/// The holder writes who it is into the file (`server <pid>` or `command <pid>`). A command
/// waits for another command (they finish in moments), but a server holds the folder for as
/// long as it runs, so whoever finds a server there fails at once and names it.
final class WriterLock: Sendable {
    /// Who holds the lock.
    enum Holder: String, Sendable {
        /// A command that changes a few things and ends.
        case command
        /// A server, for as long as it runs.
        case server
    }

    /// The lock file's name.
    static let fileName = ".items.archive.lock"
    private let descriptor: Int32

    /// Takes the lock on `folder` for `holder`, waiting up to `timeout` for another command to
    /// finish.
    ///
    /// - Throws: ``HomepwnerError`` `.inUse` at once when a server holds it, `.storage` when
    ///   another command keeps it past the timeout, or the file cannot be made.
    init(folder: URL, timeout: Duration, holder: Holder = .command) async throws {
        let path = folder.appendingPathComponent(Self.fileName).path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw HomepwnerError(.storage, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                close(fd)
                throw HomepwnerError(.storage, "cannot lock \(path): \(String(cString: strerror(reason)))")
            }
            if let pid = Self.serverProcess(in: fd) {
                close(fd)
                throw HomepwnerError(.inUse, "a homepwner server (pid \(pid)) is using \(folder.path); make the change through it, or stop it first")
            }
            guard clock.now < deadline else {
                close(fd)
                throw HomepwnerError(.storage, "another homepwner process is changing \(folder.path); try again when it has finished")
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        descriptor = fd
        let note = Array("\(holder.rawValue) \(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 {
            _ = note.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    deinit {
        close(descriptor)
    }

    /// The process id a server wrote into the lock file, if a server wrote it.
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
