import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a crash at any instant leaves either the old contents or the new, and a
/// write that returned is on stable storage.
///
/// The recipe: write a temporary file in the target's folder (`.NAME.tmp-PID-RANDOM`), `fsync`
/// it, `rename` it over the target, `fsync` the folder. On any error the temporary file is
/// removed and the target is untouched. Temporaries left behind by a crashed process are removed
/// by ``removeStaleTemporaries(in:)``, which every store calls when it opens.
public struct DurableFileWriter: Sendable {
    /// A failure to inject, so tests can watch the error path of a real write.
    public enum Fault: Sendable, Hashable {
        /// Writing fails with "no space left on device" after this many bytes of the file.
        case noSpace(afterBytes: Int)
        /// `fsync` of the temporary file fails with an I/O error.
        case syncFails
    }

    /// The writer with no injected fault.
    public static let system = DurableFileWriter()

    /// The injected fault, if any.
    public var fault: Fault?

    /// Creates a writer; pass a `fault` only in tests.
    public init(fault: Fault? = nil) {
        self.fault = fault
    }

    /// Durably replaces (or creates) the file at `url` with `data`.
    ///
    /// - Throws: ``DocumentStoreError`` (`.noSpace` for a full disk, `.notFound` when the folder
    ///   is missing); the file at `url` is then unchanged and no temporary file remains. The one
    ///   exception is a failing `fsync` of the folder after the rename: the new file is then in
    ///   place but its durability is not confirmed, and the error says so.
    public func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent().path
        try write(data, named: url.lastPathComponent, inFolder: folder)
    }

    /// Durably replaces (or creates) the file `name` in the folder at path `folder`.
    func write(_ data: Data, named name: String, inFolder folder: String) throws {
        let target = folder + "/" + name
        let temporary = folder + "/" + Self.temporaryName(for: name)
        let descriptor = try POSIX.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL)
        var finished = false
        defer {
            if !finished { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            var limit: Int?
            if case .noSpace(let bytes) = fault { limit = bytes }
            try data.withUnsafeBytes { try POSIX.writeAll(descriptor, $0, limit: limit, path: target) }
            if fault == .syncFails { throw DocumentStoreError.system("cannot sync", path: target, errno: EIO) }
            try POSIX.sync(descriptor, path: target)
        }
        guard rename(temporary, target) == 0 else {
            throw DocumentStoreError.system("cannot replace", path: target, errno: errno)
        }
        finished = true
        do {
            try POSIX.syncDirectory(folder)
        } catch var error as DocumentStoreError {
            error.message = "\(name) was replaced, but its folder could not be synced, so it may not survive a power loss: \(error.message)"
            throw error
        }
    }

    // MARK: Temporary files

    private static let marker = ".tmp-"

    /// The name of a fresh temporary file for `name`: hidden, and naming this process.
    static func temporaryName(for name: String) -> String {
        ".\(name)\(marker)\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
    }

    /// The process id in a temporary file's name, or nil if `name` is not one of ours.
    static func temporaryOwner(_ name: String) -> Int32? {
        guard name.hasPrefix("."), let range = name.range(of: marker, options: .backwards) else { return nil }
        let suffix = name[range.upperBound...]
        guard let dash = suffix.firstIndex(of: "-") else { return nil }
        return Int32(suffix[..<dash])
    }

    /// Removes the temporary files in `folder` whose writing process no longer exists.
    ///
    /// Temporaries of live processes are left alone: they may be writes in progress.
    /// - Returns: the names removed.
    @discardableResult
    public static func removeStaleTemporaries(in folder: URL) throws -> [String] {
        try removeStaleTemporaries(inFolderAt: folder.path)
    }

    /// ``removeStaleTemporaries(in:)`` for a folder given by path.
    static func removeStaleTemporaries(inFolderAt path: String) throws -> [String] {
        var removed: [String] = []
        for name in try DirectoryEntries.names(in: path) where name.hasPrefix(".") {
            guard let owner = temporaryOwner(name), !POSIX.processExists(owner) else { continue }
            if unlink(path + "/" + name) == 0 { removed.append(name) }
        }
        return removed
    }
}
