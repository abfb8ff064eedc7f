import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes a file so that the removal survives a power loss: `unlinkat` in the open folder, then
/// `fsync` of the folder.
enum DurableRemoval {
    /// Removes `name` from `folder` (nothing to do when it is missing) and syncs the folder.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` naming the file and the system's reason.
    static func remove(_ name: String, in folder: URL) throws {
        let path = folder.path + "/" + name
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else {
            throw HomepwnerError(.storage, "\(path) cannot be removed: its folder cannot be opened (\(String(cString: strerror(errno))))")
        }
        defer { close(directory) }
        if unlinkat(directory, name, 0) != 0 {
            let code = errno
            if code == ENOENT { return }
            throw HomepwnerError(.storage, "\(path) cannot be removed: \(String(cString: strerror(code)))")
        }
        guard fsync(directory) == 0 else {
            throw HomepwnerError(.storage, "\(path) was removed, but its folder could not be synced, so it may come back after a power loss: \(String(cString: strerror(errno)))")
        }
    }
}

extension DurableRemoval {
    /// Renames `source` to `target` in the same folder (never replacing a file) and syncs the
    /// folder.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` naming both files and the system's reason.
    static func rename(_ source: URL, to target: URL) throws {
        guard link(source.path, target.path) == 0 else {
            throw HomepwnerError(.storage, "\(source.path) cannot be kept as \(target.lastPathComponent): \(String(cString: strerror(errno)))")
        }
        try remove(source.lastPathComponent, in: source.deletingLastPathComponent())
    }
}
