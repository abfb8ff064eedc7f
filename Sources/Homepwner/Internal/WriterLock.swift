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
final class WriterLock: Sendable {
    /// The lock file's name.
    static let fileName = ".items.archive.lock"
    private let descriptor: Int32

    /// Takes the lock on `folder`, waiting up to `timeout` for another writer to finish.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when another process keeps it, or the file cannot
    ///   be made.
    init(folder: URL, timeout: Duration) async throws {
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
            guard clock.now < deadline else {
                close(fd)
                throw HomepwnerError(.storage, "another homepwner process is changing \(folder.path); try again when it has finished")
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }
}
