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
    /// The bundle is built in a hidden staging folder (locked by this writer, so no sweep takes
    /// it), made durable, then renamed into place with an exclusive rename: concurrent creators
    /// in other tasks or processes never get the same number, and no one ever sees a half-built
    /// bundle. Where the file system has no exclusive rename, a number is first reserved with an
    /// exclusively created, locked hidden file, and the staging folder is then renamed into place
    /// — still one rename, so still never half built.
    /// - Throws: ``DocumentStoreError``: `.noFreeNumber` when the next number would be past
    ///   999,999,999,999,999,999 (the largest a listing accepts); nothing visible changes on failure.
    /// - Returns: the new bundle.
    public func create(data: Data, attachments: [String: Data] = [:]) async throws -> DocumentBundle {
        for name in attachments.keys { try validateAttachmentName(name) }
        return try await place.create(data: data, attachments: attachments, in: self)
    }

    /// ``create(data:attachments:)`` on disk.
    func diskCreate(data: Data, attachments: [String: Data]) async throws -> DocumentBundle {
        let bundle = try await pool.run { [self] in
            try withRoot { try createNow(data: data, attachments: attachments, rootDescriptor: $0) }
        }
        await locks.advance(bundle.id)
        return bundle
    }

    private func createNow(data: Data, attachments: [String: Data], rootDescriptor: Int32) throws -> DocumentBundle {
        let (staging, stagingDescriptor) = try makeStagingFolder(rootDescriptor: rootDescriptor)
        let stagingPath = rootPath + "/" + staging
        var placed = false
        defer {
            if !placed { fileSystem.removeTree(rootDescriptor, staging) }
            fileSystem.closeFile(stagingDescriptor)
        }
        // Nobody sees the staging folder: each file is written in place and synced, then the
        // folder once, instead of a temporary and a rename per file.
        let files = [(configuration.dataFileNames[0], data)] + attachments.sorted { $0.key < $1.key }
        for (name, bytes) in files {
            try writeNewFile(bytes, named: name, in: stagingDescriptor, path: stagingPath + "/" + name)
        }
        try fileSystem.syncDirectory(stagingDescriptor, path: stagingPath)
        let largest = try largestID(in: rootDescriptor)
        guard largest < BundleName.largestID else { throw noFreeNumber() }
        var id = largest + 1
        while true {
            let name = configuration.bundleName(for: id)
            do {
                guard usesExclusiveRename else { throw Errno(ENOSYS) }
                try fileSystem.rename(rootDescriptor, staging, rootDescriptor, name, exclusive: true)
                placed = true
                break
            } catch let error as Errno {
                switch error.code {
                case EEXIST, ENOTEMPTY:
                    guard id < BundleName.largestID else { throw noFreeNumber() }
                    id += 1
                case ENOSYS, EINVAL:
                    id = try placeByReservation(staging: staging, from: id, rootDescriptor: rootDescriptor)
                    placed = true
                default:
                    throw DocumentStoreError.system("cannot create bundle \(name) in", path: rootPath, errno: error.code)
                }
                if placed { break }
            }
        }
        try fileSystem.syncDirectory(rootDescriptor, path: rootPath)
        return makeBundle(id: id, name: configuration.bundleName(for: id))
    }

    /// Makes a hidden staging folder and locks it, so no sweep takes it while it is built.
    /// (Another process's sweep may remove it between the `mkdir` and the lock: then again.)
    private func makeStagingFolder(rootDescriptor: Int32) throws -> (String, Int32) {
        for _ in 0..<8 {
            let staging = Self.hiddenFolderName(kind: Self.stagingPrefix)
            do {
                try fileSystem.makeDirectory(rootDescriptor, staging, 0o755)
            } catch {
                throw DocumentStoreError.system("cannot create a new bundle in", path: rootPath, errno: error.code)
            }
            guard let descriptor = try? fileSystem.openDirectory(rootDescriptor, staging, path: rootPath + "/" + staging) else { continue }
            try? fileSystem.lock(descriptor, LOCK_EX)
            if fileSystem.stillNames(rootDescriptor, staging, descriptor) { return (staging, descriptor) }
            fileSystem.closeFile(descriptor)
        }
        throw DocumentStoreError(.io, "cannot create a new bundle in \(rootPath): its staging folder kept disappearing", path: rootPath)
    }

    private func noFreeNumber() -> DocumentStoreError {
        DocumentStoreError(.noFreeNumber, "no bundle number is free in \(rootPath): numbers stop at \(BundleName.largestID) and the largest is taken", path: rootPath)
    }

    /// Writes a new file `name` in a folder nobody else sees and syncs it.
    private func writeNewFile(_ data: Data, named name: String, in directory: Int32, path: String) throws {
        let descriptor: Int32
        do {
            descriptor = try fileSystem.openFile(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
        } catch {
            throw DocumentStoreError.system("cannot create", path: path, errno: error.code)
        }
        defer { fileSystem.closeFile(descriptor) }
        var limit: Int?
        if case .noSpace(let bytes) = writer.fault { limit = bytes }
        try data.withUnsafeBytes { try fileSystem.writeAll(descriptor, $0, limit: limit, path: path) }
        if writer.fault == .syncFails { throw DocumentStoreError.system("cannot sync", path: path, errno: EIO) }
        try fileSystem.syncFile(descriptor, path: path)
    }

    /// For file systems without an exclusive rename: reserve a number by creating
    /// `.reserve-N` exclusively and locking it, check that no `N.ext` exists, rename the staging
    /// folder to `N.ext`, then drop the reservation. Returns the number taken.
    private func placeByReservation(staging: String, from start: Int, rootDescriptor: Int32) throws -> Int {
        var id = start
        while true {
            let reservation = Self.reservationPrefix + String(id)
            let name = configuration.bundleName(for: id)
            let descriptor: Int32
            do {
                descriptor = try fileSystem.openFile(rootDescriptor, reservation, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
            } catch {
                guard error.code == EEXIST else {
                    throw DocumentStoreError.system("cannot reserve bundle \(name) in", path: rootPath, errno: error.code)
                }
                guard id < BundleName.largestID else { throw noFreeNumber() }
                id += 1
                continue
            }
            defer { fileSystem.closeFile(descriptor) }
            try fileSystem.lock(descriptor, LOCK_EX, path: rootPath + "/" + reservation)
            // A sweep may have removed a reservation that was not locked yet: try again.
            guard fileSystem.stillNames(rootDescriptor, reservation, descriptor) else { continue }
            defer { try? fileSystem.unlink(rootDescriptor, reservation, directory: false) }
            if (try? fileSystem.entryStatus(rootDescriptor, name)) == nil {
                do {
                    try fileSystem.rename(rootDescriptor, staging, rootDescriptor, name, exclusive: false)
                    return id
                } catch {
                    guard error.code == EEXIST || error.code == ENOTEMPTY else {
                        throw DocumentStoreError.system("cannot create bundle \(name) in", path: rootPath, errno: error.code)
                    }
                }
            }
            guard id < BundleName.largestID else { throw noFreeNumber() }
            id += 1
        }
    }

    /// Deletes bundle `id` and everything in it.
    ///
    /// Under the bundle's exclusive lock, the bundle is first renamed to a hidden name and the
    /// root synced — from then on it is gone for every reader, even after a crash — and then its
    /// files are removed through its descriptor (what a crash leaves is removed by the next
    /// ``open(cleaning:)``).
    /// - Parameter precondition: called with the bundle's data under the same lock, before
    ///   anything changes; throwing from it leaves the bundle as it is (for example, to delete
    ///   only the version a caller saw).
    /// - Throws: ``DocumentStoreError`` `.notFound` if there is no such bundle; what
    ///   `precondition` throws.
    public func delete(_ id: Int, precondition: (@Sendable (Data?) throws -> Void)? = nil) async throws {
        try await place.delete(id, precondition: precondition, in: self)
    }

    /// ``delete(_:precondition:)`` on disk.
    func diskDelete(_ id: Int, precondition: (@Sendable (Data?) throws -> Void)?) async throws {
        try await locks.withLock(id, exclusive: true) { [self] _ in
            try await pool.run { [self] in
                try withLockedBundle(id, LOCK_EX) { bundle, directory, rootDescriptor in
                    if let precondition { try precondition(try readDataFile(in: directory, bundle: bundle)) }
                    let trash = Self.hiddenFolderName(kind: Self.trashPrefix, suffix: "-" + bundle.name)
                    do throws(Errno) {
                        try fileSystem.rename(rootDescriptor, bundle.name, rootDescriptor, trash, exclusive: false)
                    } catch {
                        throw DocumentStoreError.system("cannot delete", path: bundle.url.path, errno: error.code)
                    }
                    try fileSystem.syncDirectory(rootDescriptor, path: rootPath)
                    for entry in (try? fileSystem.entries(directory)) ?? [] { fileSystem.removeTree(directory, entry) }
                    try? fileSystem.unlink(rootDescriptor, trash, directory: true)
                }
            }
        }
    }
}
