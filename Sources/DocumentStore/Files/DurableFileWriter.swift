import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a crash at any instant leaves either the old contents or the new, and a
/// write that returned is on stable storage.
///
/// The recipe: create a temporary file in the target's folder (`.NAME.tmp-PID-RANDOM`) and hold
/// an `flock` on it while it exists, write it, `fsync` it, `rename` it over the target, `fsync`
/// the folder. The new file gets the permissions of the file it replaces (a new file: `0644`
/// less the umask). On any error the temporary file is removed and the target is untouched.
/// Temporaries left behind by a crash are removed by ``removeStaleTemporaries(in:)``, which
/// every store calls when it opens: a temporary whose lock nobody holds is stale, whichever
/// process (or PID namespace) made it.
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
    /// The file system written to (a simulated disk in crash tests).
    var fileSystem: any FileSystem = SystemFileSystem()
    /// What this writer's temporary files have in their names: ``processMark``, and for the
    /// writer of a ``DocumentFolder`` a token of that store too, so a watcher of the folder can
    /// tell the store's own writes from everyone else's (another store in the same process
    /// included).
    var temporaryMark = DurableFileWriter.processMark

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
        let directory = try fileSystem.openDirectory(AT_FDCWD, folder, path: folder, followLinks: true)
        defer { fileSystem.closeFile(directory) }
        try write(data, named: url.lastPathComponent, in: directory, folderPath: folder)
    }

    /// Durably creates the file at `url` with `data` unless a file of that name exists: the same
    /// temporary, `fsync`, rename and folder `fsync` as ``write(_:to:)``, the rename refusing to
    /// replace anything. Returns whether it created the file (false: something was there, and it
    /// is left as it was).
    ///
    /// - Throws: ``DocumentStoreError`` as ``write(_:to:)``; no temporary file remains.
    @discardableResult
    public func create(_ data: Data, at url: URL) throws -> Bool {
        let folder = url.deletingLastPathComponent().path
        let directory = try fileSystem.openDirectory(AT_FDCWD, folder, path: folder, followLinks: true)
        defer { fileSystem.closeFile(directory) }
        return try create(data, named: url.lastPathComponent, in: directory, folderPath: folder)
    }

    /// ``create(_:at:)`` of the file `name` in the open folder `directory`.
    func create(_ data: Data, named name: String, in directory: Int32, folderPath: String) throws -> Bool {
        if (try? fileSystem.entryStatus(directory, name)) != nil { return false }
        return try data.withUnsafeBytes {
            try replace(with: $0, named: name, in: directory, folderPath: folderPath, existing: nil, durably: true, exclusive: true)
        }
    }

    /// Durably replaces (or creates) the file `name` in the open folder `directory`.
    func write(_ data: Data, named name: String, in directory: Int32, folderPath: String) throws {
        try write(data, named: name, in: directory, folderPath: folderPath, replacing: try? fileSystem.entryStatus(directory, name))
    }

    /// Durably replaces (or creates) the file `name` in the open folder `directory`, whose
    /// current status the caller already has (`existing`; nil when there is none), so it is not
    /// asked again: a caller holding the folder's lock that has just read the file.
    func write(_ data: Data, named name: String, in directory: Int32, folderPath: String, replacing existing: FileStatus?) throws {
        _ = try data.withUnsafeBytes { try replace(with: $0, named: name, in: directory, folderPath: folderPath, existing: existing, durably: true) }
    }

    /// Replaces (or creates) the file `name` in the open folder `directory` atomically but not
    /// durably: a temporary file written and renamed over it, no `fsync`. For a cache, which a
    /// crash may leave old or lose, but never torn (the reader checks it whole anyway).
    func replaceCache(_ bytes: [UInt8], named name: String, in directory: Int32, folderPath: String) throws {
        _ = try bytes.withUnsafeBytes { try replace(with: $0, named: name, in: directory, folderPath: folderPath, existing: nil, durably: false) }
    }

    /// Writes a temporary beside `name` and renames it over `name`; when `durably`, with the
    /// permissions of the file replaced (`existing`), the temporary synced before the rename and
    /// the folder after it.
    /// When `exclusive`, the rename refuses to replace a file: then nothing changes and this
    /// returns false (file systems without `RENAME_NOREPLACE` fall back to a plain rename, which
    /// the caller's folder lock and its check for the name make safe).
    @discardableResult
    private func replace(
        with bytes: UnsafeRawBufferPointer, named name: String, in directory: Int32, folderPath: String, existing: FileStatus?, durably: Bool,
        exclusive: Bool = false
    ) throws -> Bool {
        let target = folderPath + "/" + name
        let (temporary, descriptor, created) = try createTemporary(for: name, in: directory, folderPath: folderPath)
        var renamed = false
        defer {
            if !renamed { try? fileSystem.unlink(directory, temporary, directory: false) }
            fileSystem.closeFile(descriptor)
        }
        if let existing, existing.kind == .regular, existing.permissions != created.permissions {
            do { try fileSystem.changeMode(descriptor, existing.permissions) } catch {
                throw DocumentStoreError.system("cannot keep the permissions of", path: target, errno: error.code)
            }
        }
        var limit: Int?
        if case .noSpace(let bytes) = fault { limit = bytes }
        try fileSystem.writeAll(descriptor, bytes, limit: limit, path: target)
        if durably {
            if fault == .syncFails { throw DocumentStoreError.system("cannot sync", path: target, errno: EIO) }
            try fileSystem.syncFile(descriptor, path: target)
        }
        do {
            try fileSystem.rename(directory, temporary, directory, name, exclusive: exclusive)
        } catch where exclusive && error.code == EEXIST {
            return false
        } catch where exclusive && (error.code == EINVAL || error.code == ENOSYS) {
            do {
                try fileSystem.rename(directory, temporary, directory, name, exclusive: false)
            } catch {
                throw DocumentStoreError.system("cannot create", path: target, errno: error.code)
            }
        } catch {
            throw DocumentStoreError.system("cannot replace", path: target, errno: error.code)
        }
        renamed = true
        guard durably else { return true }
        do {
            try fileSystem.syncDirectory(directory, path: folderPath)
        } catch var error as DocumentStoreError {
            error.message = "\(name) was replaced, but its folder could not be synced, so it may not survive a power loss: \(error.message)"
            throw error
        }
        return true
    }

    /// Creates a fresh temporary file for `name` and locks it, so no sweep removes it while
    /// this write is in progress. Returns its name, descriptor and status.
    private func createTemporary(for name: String, in directory: Int32, folderPath: String) throws -> (String, Int32, FileStatus) {
        for _ in 0..<8 {
            let temporary = temporaryName(for: name)
            let descriptor: Int32
            do {
                descriptor = try fileSystem.openFile(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
            } catch {
                if error.code == EEXIST { continue }
                throw DocumentStoreError.system("cannot create a temporary file for", path: folderPath + "/" + name, errno: error.code)
            }
            try? fileSystem.lock(descriptor, LOCK_EX)
            // A sweep may have taken it between the create and the lock: then start again.
            if let status = fileSystem.statusIfStillNamed(directory, temporary, descriptor) { return (temporary, descriptor, status) }
            fileSystem.closeFile(descriptor)
        }
        throw DocumentStoreError(.io, "cannot create a temporary file for \(folderPath)/\(name): it kept disappearing", path: folderPath + "/" + name)
    }

    // MARK: Temporary files

    private static let marker = ".tmp-"

    /// The name of a fresh temporary file for `name`: hidden, and naming this process (its PID
    /// and ``processMark``) and writer (``temporaryMark``) so a watcher can tell whose write it is.
    func temporaryName(for name: String) -> String {
        ".\(name)\(temporaryMark)\(String(Self.temporaryCounter.add(1, ordering: .relaxed).newValue, radix: 16))"
    }

    /// A ``temporaryMark`` for one store's writer: ``processMark`` and a random token.
    static func storeMark() -> String {
        "\(processMark)\(String(UInt64.random(in: 0...UInt64.max), radix: 36))-"
    }

    /// Numbers this process's temporary files: with ``processMark`` (random per process) the
    /// name is unique without asking the system for random bytes on every write.
    private static let temporaryCounter = Atomic<UInt64>(0)

    /// What every temporary file this process writes has in its name: `.tmp-PID-TOKEN-`, the
    /// token random per process so that a process with the same PID in another PID namespace
    /// (a container sharing the folder) never looks like this one.
    public static let processMark = "\(marker)\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))-"

    /// Whether `name` is a temporary file this process wrote.
    public static func isOwnTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(processMark)
    }

    /// Whether `name` is one of our temporary files.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.range(of: marker, options: .backwards) != nil
    }

    /// Removes the temporary files in `folder` that no writer holds.
    ///
    /// A writer holds an `flock` on its temporary for as long as it exists, so a temporary that
    /// can be locked was left by a crash — in this process, another, or another container.
    /// - Returns: the names removed.
    @discardableResult
    public static func removeStaleTemporaries(in folder: URL) throws -> [String] {
        try removeStaleTemporaries(inFolderAt: folder.path, fileSystem: SystemFileSystem())
    }

    /// ``removeStaleTemporaries(in:)`` on `fileSystem`.
    static func removeStaleTemporaries(inFolderAt path: String, fileSystem: any FileSystem) throws -> [String] {
        let directory = try fileSystem.openDirectory(AT_FDCWD, path, path: path, followLinks: true)
        defer { fileSystem.closeFile(directory) }
        return try removeStaleTemporaries(in: directory, folderPath: path, fileSystem: fileSystem)
    }

    /// ``removeStaleTemporaries(in:)`` for an open folder.
    static func removeStaleTemporaries(in directory: Int32, folderPath: String, fileSystem: any FileSystem) throws -> [String] {
        var removed: [String] = []
        for name in try fileSystem.names(directory, path: folderPath) where isTemporary(name) {
            if removeIfUnlocked(name, in: directory, fileSystem: fileSystem, isDirectory: false) { removed.append(name) }
        }
        return removed
    }

    /// Removes `name` (a file, or with `isDirectory` a folder and its contents) if nobody holds
    /// a lock on it; true if it was removed.
    static func removeIfUnlocked(_ name: String, in directory: Int32, fileSystem: any FileSystem, isDirectory: Bool) -> Bool {
        let flags = isDirectory ? O_RDONLY | O_DIRECTORY | O_NOFOLLOW : O_RDONLY | O_NONBLOCK | O_NOFOLLOW
        guard let descriptor = try? fileSystem.openFile(directory, name, flags, 0) else { return false }
        defer { fileSystem.closeFile(descriptor) }
        guard fileSystem.tryLockExclusive(descriptor), fileSystem.stillNames(directory, name, descriptor) else { return false }
        if isDirectory {
            for entry in (try? fileSystem.entries(descriptor)) ?? [] { fileSystem.removeTree(descriptor, entry) }
        }
        return (try? fileSystem.unlink(directory, name, directory: isDirectory)) != nil
    }
}
