import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Synchronous access to one bundle's files, valid only inside ``DocumentFolder/edit(_:_:)``,
/// which holds the bundle exclusively (in this process and across processes) for the whole
/// edit. Every file is reached through the locked folder's descriptor, and every write is
/// durable and atomic.
public struct BundleEditor {
    /// The bundle being edited.
    public let bundle: DocumentBundle
    let folder: DocumentFolder
    let directory: Int32
    /// The session in a bucket (nil on disk).
    let object: ObjectBundleSession?
    /// What the last ``readData()`` found, so the ``writeData(_:)`` after it need not look again.
    private let seen = SeenDataFile()

    init(bundle: DocumentBundle, folder: DocumentFolder, directory: Int32, object: ObjectBundleSession? = nil) {
        self.bundle = bundle
        self.folder = folder
        self.directory = directory
        self.object = object
    }

    /// The data archive's bytes, or nil if the bundle has none.
    ///
    /// - Throws: ``DocumentStoreError`` `.unsupportedFileType` when the data file is not a
    ///   regular file, `.corrupt` when it is over the size limit.
    public func readData() throws -> Data? {
        if let object { return try object.readData() }
        seen.state = .unknown
        guard let found = try folder.readDataFileAndStatus(in: directory, bundle: bundle) else {
            seen.state = .absent
            return nil
        }
        seen.state = .present(name: found.name, status: found.status)
        return found.data
    }

    /// Durably replaces the data archive (keeping the file name and permissions it has).
    public func writeData(_ data: Data) throws {
        if let object { return try object.writeData(data) }
        let name: String
        let existing: FileStatus?
        switch seen.state {
        case .present(let seenName, let status):
            // Read under this edit's exclusive lock: still the file there.
            (name, existing) = (seenName, status)
        case .absent:
            (name, existing) = (folder.configuration.dataFileNames[0], nil)
        case .unknown:
            name = folder.existingDataFileName(in: directory) ?? folder.configuration.dataFileNames[0]
            existing = try? folder.fileSystem.entryStatus(directory, name)
        }
        seen.state = .unknown
        try folder.writer.write(data, named: name, in: directory, folderPath: bundle.url.path, replacing: existing)
    }

    /// The attachment `name`, or nil if it does not exist.
    ///
    /// - Throws: ``DocumentStoreError`` `.unsupportedFileType` when it is not a regular file,
    ///   `.corrupt` when it is over `limit` bytes (checked before reading).
    public func readAttachment(named name: String, limit: Int = 256 << 20) throws -> Data? {
        if let object { return try object.readAttachment(named: name, limit: limit) }
        return try folder.readAttachment(named: name, in: directory, bundle: bundle, limit: limit)
    }

    /// When attachment `name` was last written (nil if it does not exist): to pick the newest of
    /// two files a crash left.
    public func modificationDate(ofAttachment name: String) throws -> Date? {
        if let object { return try object.modificationDate(ofAttachment: name) }
        try folder.validateAttachmentName(name)
        return folder.modificationDate(of: name, in: directory)
    }

    /// Durably writes (or replaces) the attachment `name`.
    public func writeAttachment(_ data: Data, named name: String) throws {
        if let object { return try object.writeAttachment(data, named: name) }
        try folder.validateAttachmentName(name)
        try folder.writer.write(data, named: name, in: directory, folderPath: bundle.url.path)
    }

    /// Durably removes the attachment `name`; a missing one is not an error.
    public func removeAttachment(named name: String) throws {
        if let object { return try object.removeAttachment(named: name) }
        try folder.validateAttachmentName(name)
        let path = bundle.url.path + "/" + name
        do {
            try folder.fileSystem.unlink(directory, name, directory: false)
        } catch {
            if error.code == ENOENT { return }
            throw DocumentStoreError.system("cannot remove", path: path, errno: error.code)
        }
        try folder.fileSystem.syncDirectory(directory, path: bundle.url.path)
    }

    /// The attachments' names, sorted.
    public func attachmentNames() throws -> [String] {
        if let object { return object.attachmentNames() }
        return try folder.attachmentNames(in: directory, bundle: bundle)
    }
}

extension DocumentFolder {
    /// Runs `body` with bundle `id` locked against every other reader and writer — tasks in this
    /// process and other processes — so a multi-file change (a new photo and its thumbnail) is
    /// never interleaved with another or seen half done. Each file write inside is durable and
    /// atomic; order them so that a crash between two leaves a consistent bundle.
    ///
    /// `body` runs on the store's ``BlockingPool``.
    /// - Throws: ``DocumentStoreError`` `.notFound` for a missing bundle, or what `body` throws.
    public func edit<Result: Sendable>(_ id: Int, _ body: @escaping @Sendable (BundleEditor) throws -> Result) async throws -> Result {
        if let bucket {
            return try await withObjectSession(bucket, id, exclusive: true) { [self] session, _ in
                try body(BundleEditor(bundle: session.bundle, folder: self, directory: -1, object: session))
            }
        }
        return try await locks.withLock(id, exclusive: true) { [self] _ in
            try await pool.run { [self] in
                try withLockedBundle(id, LOCK_EX) { bundle, directory, _ in
                    try body(BundleEditor(bundle: bundle, folder: self, directory: directory))
                }
            }
        }
    }
}
