import Foundation

/// An exclusive claim on a data folder by one server process: `flock` on the hidden file
/// `.server.lock` in the folder, held until the lock is released or the process ends (the
/// kernel drops it even after a crash, so a stale claim never blocks a restart).
///
/// The CLI's commands do not take it: they may run beside a server, as the 2010 app's files
/// may be changed beside it; the server sees their changes.
public final class ServerLock: Sendable {
    /// The lock file's name.
    public static let fileName = ".server.lock"
    private let descriptor: Int32

    /// Claims the folder `root`.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.storage` when another server holds it, or the file
    ///   cannot be made.
    public init(root: URL) throws {
        let path = root.appendingPathComponent(Self.fileName).path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw ScaryCreaturesError(.storage, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            close(fd)
            if reason == EWOULDBLOCK {
                throw ScaryCreaturesError(.storage, "another server is already using the data folder \(root.path)")
            }
            throw ScaryCreaturesError(.storage, "cannot lock \(path): \(String(cString: strerror(reason)))")
        }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }
}
