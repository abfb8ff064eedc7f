import CDocumentStore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentFolder {
    /// Creates a new bundle holding `data` as its data archive and `attachments`, under the next
    /// free number (1 + the largest in use, or the next one free after that).
    ///
    /// The bundle is built in a hidden staging folder, made durable, then renamed into place with
    /// an exclusive rename: concurrent creators in other tasks or processes never get the same
    /// number, and no one ever sees a half-built bundle.
    /// - Throws: ``DocumentStoreError``; nothing visible changes on failure.
    /// - Returns: the new bundle.
    public func create(data: Data, attachments: [String: Data] = [:]) async throws -> DocumentBundle {
        for name in attachments.keys { try validateAttachmentName(name) }
        return try await BlockingIO.run { [self] in try createNow(data: data, attachments: attachments) }
    }

    private func createNow(data: Data, attachments: [String: Data]) throws -> DocumentBundle {
        let staging = Self.hiddenFolderName(kind: Self.stagingPrefix)
        let stagingPath = rootPath + "/" + staging
        guard mkdir(stagingPath, 0o755) == 0 else {
            throw DocumentStoreError.system("cannot create a new bundle in", path: rootPath, errno: errno)
        }
        var placed = false
        defer { if !placed { try? FileManager.default.removeItem(atPath: stagingPath) } }
        let dataName = configuration.dataFileNames[0]
        try writer.write(data, named: dataName, inFolder: stagingPath)
        for (name, bytes) in attachments.sorted(by: { $0.key < $1.key }) {
            try writer.write(bytes, named: name, inFolder: stagingPath)
        }
        var id = try largestID() + 1
        let rootDescriptor = try POSIX.openFile(rootPath, O_RDONLY | O_DIRECTORY)
        defer { close(rootDescriptor) }
        while true {
            let name = configuration.bundleName(for: id)
            if usesExclusiveRename, cds_rename_noreplace(rootDescriptor, staging, name) == 0 {
                placed = true
                break
            }
            let failure = usesExclusiveRename ? errno : ENOSYS
            if failure == EEXIST || failure == ENOTEMPTY {
                id += 1
            } else if failure == ENOSYS || failure == EINVAL {
                id = try placeByReservation(staging: stagingPath, from: id, files: [dataName] + attachments.keys.sorted())
                placed = true
                break
            } else {
                throw DocumentStoreError.system("cannot create bundle \(name) in", path: rootPath, errno: failure)
            }
        }
        try POSIX.sync(rootDescriptor, path: rootPath)
        return makeBundle(id: id, name: configuration.bundleName(for: id))
    }

    /// For file systems without an exclusive rename: reserve `N.ext` with an exclusive `mkdir`,
    /// move the staged files in, and remove the staging folder. Returns the number taken.
    private func placeByReservation(staging: String, from start: Int, files: [String]) throws -> Int {
        var id = start
        while mkdir(rootPath + "/" + configuration.bundleName(for: id), 0o755) != 0 {
            guard errno == EEXIST else {
                throw DocumentStoreError.system("cannot create bundle \(configuration.bundleName(for: id)) in", path: rootPath, errno: errno)
            }
            id += 1
        }
        let bundlePath = rootPath + "/" + configuration.bundleName(for: id)
        for file in files where rename(staging + "/" + file, bundlePath + "/" + file) != 0 {
            throw DocumentStoreError.system("cannot move \(file) into", path: bundlePath, errno: errno)
        }
        try POSIX.syncDirectory(bundlePath)
        rmdir(staging)
        return id
    }

    /// Deletes bundle `id` and everything in it.
    ///
    /// The bundle is first renamed to a hidden name and the root synced — from then on it is gone
    /// for every reader, even after a crash — and then its files are removed (what a crash
    /// leaves is removed by the next ``open()``).
    /// - Throws: ``DocumentStoreError`` `.notFound` if there is no such bundle.
    public func delete(_ id: Int) async throws {
        try await locks.withLock(id) { [self] in
            try await BlockingIO.run { [self] in
                try withBundleFolderLock(id) { bundle, _ in
                    let trash = Self.hiddenFolderName(kind: Self.trashPrefix, suffix: "-" + bundle.name)
                    guard rename(bundle.url.path, rootPath + "/" + trash) == 0 else {
                        throw DocumentStoreError.system("cannot delete", path: bundle.url.path, errno: errno)
                    }
                    try POSIX.syncDirectory(rootPath)
                    try? FileManager.default.removeItem(atPath: rootPath + "/" + trash)
                }
            }
        }
    }

    /// Runs `body` on bundle `id` while holding an exclusive `flock` on its folder, which keeps
    /// writers in other processes out. `body` gets the bundle and the folder's descriptor.
    func withBundleFolderLock<Result>(_ id: Int, _ body: (DocumentBundle, Int32) throws -> Result) throws -> Result {
        let bundle = try locateBundle(id)
        let descriptor = try POSIX.openFile(bundle.url.path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw DocumentStoreError.system("cannot lock", path: bundle.url.path, errno: errno) }
        }
        // The bundle may have been deleted (renamed aside), even replaced by a new bundle with its
        // number, while this waited for the lock: the path must still name the folder locked.
        var locked = stat(), current = stat()
        guard fstat(descriptor, &locked) == 0, stat(bundle.url.path, &current) == 0,
              locked.st_ino == current.st_ino, locked.st_dev == current.st_dev else {
            throw DocumentStoreError(.notFound, "bundle \(bundle.name) was deleted", path: bundle.url.path)
        }
        return try body(bundle, descriptor)
    }
}
