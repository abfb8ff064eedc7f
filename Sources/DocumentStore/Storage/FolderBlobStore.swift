import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files directly in a data folder as a ``BlobStore``: each blob a regular file, written
/// durably and atomically (``DurableFileWriter``), its version the ``FileVersionTag`` of the
/// file, every call's file work on a ``BlockingPool``.
///
/// Only regular files are blobs: a name that is a link, a FIFO, a device or a folder is refused
/// when read (``DocumentStoreError`` `.unsupportedFileType`) and left out of listings. The folder
/// itself may be reached through links. A conditional write checks the version and writes under
/// a lock of this store, so it holds against every writer in this process; other processes are
/// kept out by the folder's writer lock (``holdForWriting(lockName:holder:timeout:)``).
public struct FolderBlobStore: BlobStore {
    /// The folder.
    public let root: URL
    /// Writes every file (inject a faulty one, or one on a simulated disk, in tests).
    public let writer: DurableFileWriter
    /// Where the file work runs.
    public let pool: BlockingPool
    /// Makes a conditional write's check and write one step, per name (striped by a hash).
    private let stripes = WriteStripes()

    /// A store of the files in `root` (nothing is touched until it is used).
    public init(root: URL, writer: DurableFileWriter = .system, pool: BlockingPool = .shared) {
        self.root = root.standardizedFileURL
        self.writer = writer
        self.pool = pool
    }

    public var description: String { root.path }
    public var hasOtherWriters: Bool { false }
    private var fileSystem: any FileSystem { writer.fileSystem }
    private var rootPath: String { root.path }

    public func address(of name: String) -> String { rootPath + "/" + name }

    public func exists() async throws -> Bool {
        let path = rootPath
        return try await pool.run {
            var status = stat()
            return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        }
    }

    /// A `stat` of the folder on the pool (`timeout` is the caller's to keep: a file system
    /// call cannot be cut short).
    public func checkAnswers(within timeout: Duration) async throws {
        guard try await exists() else {
            throw DocumentStoreError(.notFound, "the data folder \(rootPath) is missing (or is not a folder)", path: rootPath)
        }
    }

    public func prepare() async throws {
        let root = self.root
        try await pool.run {
            do {
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            } catch {
                throw DocumentStoreError(.io, "the folder \(root.path) cannot be created: \(error.localizedDescription)", path: root.path)
            }
        }
    }

    public func read(_ name: String, maxBytes: Int) async throws -> StoredBlob? {
        try await inRoot(name, orIfMissing: nil) { store, directory in
            guard let (data, status) = try store.fileSystem.readRegularFileAndStatus(directory, name, limit: maxBytes, path: store.address(of: name)) else { return nil }
            return StoredBlob(data: data, version: Self.version(of: status))
        }
    }

    public func open(_ name: String, maxBytes: Int) async throws -> OpenAttachment? {
        try await inRoot(name, orIfMissing: nil) { store, directory in
            let path = store.address(of: name)
            guard let (descriptor, status) = try store.fileSystem.openRegularFile(directory, name, path: path) else { return nil }
            guard status.size <= maxBytes else {
                store.fileSystem.closeFile(descriptor)
                throw DocumentStoreError(.corrupt, "\(path) is \(status.size) bytes, larger than the limit of \(maxBytes) bytes", path: path)
            }
            return OpenAttachment(descriptor: descriptor, status: status)
        }
    }

    public func version(of name: String) async throws -> String? {
        try await versions(of: [name])[name]
    }

    public func versions(of names: [String]) async throws -> [String: String] {
        guard !names.isEmpty else { return [:] }
        return try await inRoot(nil, orIfMissing: [:]) { store, directory in
            var versions: [String: String] = [:]
            for name in names where Self.isPlainName(name) {
                if let status = try? store.fileSystem.entryStatus(directory, name), status.kind == .regular {
                    versions[name] = Self.version(of: status)
                }
            }
            return versions
        }
    }

    public func list(startingWith prefix: String) async throws -> [String: String] {
        try await inRoot(nil, orIfMissing: [:]) { store, directory in
            var versions: [String: String] = [:]
            for name in try store.fileSystem.names(directory, path: store.rootPath) where name.utf8.starts(with: prefix.utf8) {
                if let status = try? store.fileSystem.entryStatus(directory, name), status.kind == .regular {
                    versions[name] = Self.version(of: status)
                }
            }
            return versions
        }
    }

    public func names(startingWith prefix: String) async throws -> [String] {
        try await inRoot(nil, orIfMissing: []) { store, directory in
            let entries: [(name: String, kind: FileStatus.Kind?)]
            do throws(Errno) { entries = try store.fileSystem.typedEntries(directory) } catch {
                throw DocumentStoreError.system("cannot read the folder", path: store.rootPath, errno: error.code)
            }
            // The kind the folder's entries tell (looked up only where the file system does not say).
            return entries.compactMap { entry in
                guard entry.name.utf8.starts(with: prefix.utf8) else { return nil }
                let kind = entry.kind ?? (try? store.fileSystem.entryStatus(directory, entry.name))?.kind
                return kind == .regular ? entry.name : nil
            }
        }
    }

    public func visitEntries(_ visit: @escaping @Sendable (String) -> Bool) async throws {
        let path = rootPath
        try await pool.run {
            guard let directory = opendir(path) else {
                let reason = errno
                if reason == ENOENT { return }
                throw DocumentStoreError.system("cannot read the folder", path: path, errno: reason)
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                // The name read in place: the kernel's record may end before a whole `dirent` would.
                let name = String(cString: UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self))
                if name == "." || name == ".." { continue }
                if !visit(name) { return }
            }
        }
    }

    /// Where a `dirent`'s name starts.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

    /// The check and the write under this store's lock of `name`, on the pool; the lent bytes
    /// are written where they are.
    public func write(
        _ name: String, mode: BlobWriteMode, history: [String], contentType: String?,
        lending encode: @escaping @Sendable (_ write: @Sendable (Data) throws -> Void) throws -> Void
    ) async throws -> BlobWritten {
        try Self.checkName(name, in: rootPath)
        return try await inRoot { store, directory -> BlobWritten in
            let path = store.address(of: name)
            return try store.stripes.withLock(name) {
                let existing = try? store.fileSystem.entryStatus(directory, name)
                switch mode {
                case .overwrite:
                    break
                case .create:
                    guard existing == nil else { throw Self.taken(path) }
                case .replace(let version):
                    guard let existing, existing.kind == .regular, Self.version(of: existing) == version else {
                        throw DocumentStoreError(.conflict, "\(path) was changed by another writer since it was read", path: path)
                    }
                }
                try encode { data in
                    if mode == .create {
                        guard try store.writer.create(data, named: name, in: directory, folderPath: store.rootPath) else { throw Self.taken(path) }
                    } else {
                        try store.writer.write(data, named: name, in: directory, folderPath: store.rootPath, replacing: existing)
                    }
                }
                do throws(Errno) {
                    return BlobWritten(version: Self.version(of: try store.fileSystem.entryStatus(directory, name)))
                } catch {
                    throw DocumentStoreError.system("cannot stat", path: path, errno: error.code)
                }
            }
        }
    }

    /// The file's version looked at first: an unchanged file is not read.
    public func read(_ name: String, ifChangedFrom version: String, maxBytes: Int) async throws -> BlobChange {
        // One trip to the pool: a look at the file, and its bytes only when it changed.
        try await inRoot(name, orIfMissing: .missing) { store, directory in
            guard let status = try? store.fileSystem.entryStatus(directory, name), status.kind == .regular else { return .missing }
            if Self.version(of: status) == version { return .unchanged }
            guard let (data, status) = try store.fileSystem.readRegularFileAndStatus(directory, name, limit: maxBytes, path: store.address(of: name)) else { return .missing }
            let blob = StoredBlob(data: data, version: Self.version(of: status))
            return blob.version == version ? .unchanged : .changed(blob)
        }
    }

    /// Removes ``DurableFileWriter``'s temporary files left in the folder.
    public func removeLeftovers() async {
        let path = rootPath, fileSystem = self.fileSystem
        _ = try? await pool.run { try DurableFileWriter.removeStaleTemporaries(inFolderAt: path, fileSystem: fileSystem) }
    }

    public func delete(_ name: String) async throws {
        guard Self.isPlainName(name) else { return }
        try await inRoot(name, orIfMissing: ()) { store, directory in
            let path = store.address(of: name)
            try store.stripes.withLock(name) {
                do throws(Errno) {
                    try store.fileSystem.unlink(directory, name, directory: false)
                } catch {
                    if error.code == ENOENT { return }
                    throw DocumentStoreError.system("cannot remove", path: path, errno: error.code)
                }
                try store.fileSystem.syncDirectory(directory, path: store.rootPath)
            }
        }
    }

    public func keepAside(_ name: String, as newName: String) async throws -> Bool {
        try Self.checkName(newName, in: rootPath)
        guard Self.isPlainName(name) else { return false }
        return try await inRoot { store, directory in
            let path = store.address(of: name)
            do throws(Errno) {
                try store.fileSystem.rename(directory, name, directory, newName, exclusive: true)
            } catch {
                switch error.code {
                case ENOENT: return false
                case EEXIST, ENOTEMPTY: throw Self.taken(store.address(of: newName))
                default: throw DocumentStoreError.system("cannot keep as \(newName)", path: path, errno: error.code)
                }
            }
            try store.fileSystem.syncDirectory(directory, path: store.rootPath)
            return true
        }
    }

    /// A second link to the file (any size, nothing copied), then the folder synced.
    public func keepCopy(_ name: String, as newName: String) async throws -> Bool {
        try Self.checkName(newName, in: rootPath)
        guard Self.isPlainName(name) else { return false }
        return try await inRoot { store, directory in
            guard linkat(directory, name, directory, newName, 0) == 0 else {
                let reason = errno
                switch reason {
                case ENOENT: return false
                case EEXIST: throw Self.taken(store.address(of: newName))
                default: throw DocumentStoreError.system("cannot keep as \(newName)", path: store.address(of: name), errno: reason)
                }
            }
            try store.fileSystem.syncDirectory(directory, path: store.rootPath)
            return true
        }
    }

    public func holdForWriting(lockName: String, holder: FolderLock.Holder, timeout: Duration) async throws -> FolderLock? {
        try await FolderLock(folder: root, fileName: lockName, holder: holder, timeout: timeout)
    }

    /// Nothing to follow: a folder has one writer, this process. Waits to be cancelled.
    public func followOtherWriters<Full: Sendable>(
        _ follow: BucketFollow, since: Date, full: @escaping @Sendable () async throws -> Full,
        handle: @escaping @Sendable (BucketFollow.Step<Full>) async -> Void
    ) async {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }

    // MARK: Helpers

    /// Runs `body` on the pool with the folder open (following links to it); `missing` when the
    /// folder is not there. A `name` that is not a plain file name also gives `missing`.
    private func inRoot<Result: Sendable>(
        _ name: String?, orIfMissing missing: Result, _ body: @escaping @Sendable (FolderBlobStore, Int32) throws -> Result
    ) async throws -> Result {
        if let name, !Self.isPlainName(name) { return missing }
        do {
            return try await inRoot(body)
        } catch let error as DocumentStoreError where error.code == .notFound && error.path == rootPath {
            return missing
        }
    }

    /// Runs `body` on the pool with the folder open (following links to it).
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` (naming the folder) when it is not there.
    private func inRoot<Result: Sendable>(_ body: @escaping @Sendable (FolderBlobStore, Int32) throws -> Result) async throws -> Result {
        try await pool.run { [self] in
            let directory = try fileSystem.openDirectory(AT_FDCWD, rootPath, path: rootPath, followLinks: true)
            defer { fileSystem.closeFile(directory) }
            return try body(self, directory)
        }
    }

    /// Whether `name` names a file directly in the folder: not empty, not `.` or `..`, no `/`,
    /// no NUL.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }

    /// Refuses a name a file directly in the folder cannot have.
    private static func checkName(_ name: String, in folder: String) throws {
        guard isPlainName(name) else {
            throw DocumentStoreError(.invalidName, "\"\(name)\" cannot name a file in \(folder)", path: folder)
        }
    }

    private static func taken(_ path: String) -> DocumentStoreError {
        DocumentStoreError(.conflict, "\(path) exists already", path: path)
    }

    /// A file's version token.
    static func version(of status: FileStatus) -> String {
        FileVersionTag.of(device: status.device, inode: status.inode, size: status.size, modified: status.modified)
    }
}

/// Locks that make a check and a write of one name a single step in this process, spread over
/// a few mutexes by a hash of the name (writes of different names rarely wait for each other).
final class WriteStripes: Sendable {
    private final class Stripe: Sendable {
        let mutex = Mutex(())
    }

    private let stripes = (0..<16).map { _ in Stripe() }

    /// Runs `body` holding `name`'s stripe.
    func withLock<Result: Sendable>(_ name: String, _ body: () throws -> Result) throws -> Result {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return try stripes[Int(hash % UInt32(stripes.count))].mutex.withLock { _ in try body() }
    }
}
