import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Synchronous read access to one bundle's files, valid only inside ``DocumentFolder/read(_:_:)``,
/// which holds the bundle shared: other readers proceed at once, writers wait until it is done.
public struct BundleReader {
    /// The bundle being read.
    public let bundle: DocumentBundle
    /// The bundle's generation in this process when the read began (see
    /// ``DocumentFolder/generation(of:)``); a value read here and cached is current only while
    /// the folder's generation is still this one.
    public let generation: UInt64
    let folder: DocumentFolder
    let directory: Int32
    /// The session in a bucket (nil on disk).
    var object: ObjectBundleSession?

    /// The data archive's bytes, or nil if the bundle has none.
    ///
    /// - Throws: ``DocumentStoreError`` as ``BundleEditor/readData()``.
    public func readData() throws -> Data? {
        if let object { return try object.readData() }
        return try folder.readDataFile(in: directory, bundle: bundle)
    }

    /// The attachment `name`, or nil if it does not exist.
    ///
    /// - Throws: ``DocumentStoreError`` as ``BundleEditor/readAttachment(named:limit:)``.
    public func readAttachment(named name: String, limit: Int = 256 << 20) throws -> Data? {
        if let object { return try object.readAttachment(named: name, limit: limit) }
        return try folder.readAttachment(named: name, in: directory, bundle: bundle, limit: limit)
    }

    /// The attachments' names, sorted.
    public func attachmentNames() throws -> [String] {
        if let object { return object.attachmentNames() }
        return try folder.attachmentNames(in: directory, bundle: bundle)
    }

    /// When attachment `name` was last written (nil if it does not exist): to pick the newest of
    /// two files a crash left.
    public func modificationDate(ofAttachment name: String) throws -> Date? {
        if let object { return try object.modificationDate(ofAttachment: name) }
        try folder.validateAttachmentName(name)
        return folder.modificationDate(of: name, in: directory)
    }

    /// Opens attachment `name` for streaming (nil if it does not exist): only a regular file,
    /// never through a link. The handle keeps reading the version open now, even if the file is
    /// replaced or the bundle deleted afterwards; the caller closes it.
    ///
    /// - Throws: ``DocumentStoreError`` `.unsupportedFileType` for anything but a regular file.
    public func openAttachment(named name: String) throws -> OpenAttachment? {
        if let object { return try object.openAttachment(named: name) }
        try folder.validateAttachmentName(name)
        let path = bundle.url.path + "/" + name
        guard let (descriptor, status) = try folder.fileSystem.openRegularFile(directory, name, path: path) else { return nil }
        return OpenAttachment(descriptor: descriptor, status: status)
    }
}


extension DocumentFolder {
    /// Runs `body` with bundle `id` held shared: any number of readers at once (in this process
    /// and others, by `LOCK_SH`), while writers (``edit(_:_:)``) wait — so several files read
    /// together are from one state of the bundle.
    ///
    /// `body` runs on the store's ``BlockingPool``.
    /// - Throws: ``DocumentStoreError`` `.notFound` for a missing bundle, or what `body` throws.
    public func read<Result: Sendable>(_ id: Int, _ body: @escaping @Sendable (BundleReader) throws -> Result) async throws -> Result {
        if let bucket {
            return try await withObjectSession(bucket, id, exclusive: false) { [self] session, generation in
                try body(BundleReader(bundle: session.bundle, generation: generation, folder: self, directory: -1, object: session))
            }
        }
        return try await locks.withLock(id, exclusive: false) { [self] generation in
            try await pool.run { [self] in
                try withLockedBundle(id, LOCK_SH) { bundle, directory, _ in
                    try body(BundleReader(bundle: bundle, generation: generation, folder: self, directory: directory))
                }
            }
        }
    }

    /// The modification time of `name` in the open folder, nil if it cannot be read.
    func modificationDate(of name: String, in directory: Int32) -> Date? {
        guard let status = try? fileSystem.entryStatus(directory, name) else { return nil }
        return Date(timeIntervalSince1970: Double(status.modified) / 1e9)
    }
}
