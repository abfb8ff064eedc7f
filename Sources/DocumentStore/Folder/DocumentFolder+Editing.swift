import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Synchronous access to one bundle's files, valid only inside ``DocumentFolder/edit(_:_:)``,
/// which holds the bundle exclusively (in this process and across processes) for the whole
/// edit. Every write is durable and atomic; on disk every file is reached through the locked
/// folder's descriptor.
public struct BundleEditor {
    /// The bundle's files where they are (a folder on disk, objects in a bucket).
    let files: any BundleFiles

    /// The bundle being edited.
    public var bundle: DocumentBundle { files.bundle }

    /// The data archive's bytes, or nil if the bundle has none.
    ///
    /// - Throws: ``DocumentStoreError`` `.unsupportedFileType` when the data file is not a
    ///   regular file, `.corrupt` when it is over the size limit.
    public func readData() throws -> Data? { try files.readData() }

    /// Durably replaces the data archive (keeping the file name and permissions it has).
    public func writeData(_ data: Data) throws { try files.writeData(data) }

    /// The attachment `name`, or nil if it does not exist.
    ///
    /// - Throws: ``DocumentStoreError`` `.unsupportedFileType` when it is not a regular file,
    ///   `.corrupt` when it is over `limit` bytes (checked before reading).
    public func readAttachment(named name: String, limit: Int = 256 << 20) throws -> Data? {
        try files.readAttachment(named: name, limit: limit)
    }

    /// When attachment `name` was last written (nil if it does not exist): to pick the newest of
    /// two files a crash left.
    public func modificationDate(ofAttachment name: String) throws -> Date? { try files.modificationDate(ofAttachment: name) }

    /// Durably writes (or replaces) the attachment `name`.
    public func writeAttachment(_ data: Data, named name: String) throws { try files.writeAttachment(data, named: name) }

    /// Durably removes the attachment `name`; a missing one is not an error.
    public func removeAttachment(named name: String) throws { try files.removeAttachment(named: name) }

    /// The attachments' names, sorted.
    public func attachmentNames() throws -> [String] { try files.attachmentNames() }
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
        try await place.edit(id, in: self) { try body(BundleEditor(files: $0)) }
    }

    /// ``edit(_:_:)`` and ``read(_:_:)`` on disk: the bundle locked in this process and by
    /// `flock` (exclusively for an edit, shared for a read), its files reached through its
    /// folder's descriptor.
    func diskAccess<Result: Sendable>(
        _ id: Int, exclusive: Bool, _ body: @escaping @Sendable (any BundleFiles, UInt64) throws -> Result
    ) async throws -> Result {
        try await locks.withLock(id, exclusive: exclusive) { [self] generation in
            try await pool.run { [self] in
                try withLockedBundle(id, exclusive ? LOCK_EX : LOCK_SH) { bundle, directory, _ in
                    try body(FolderBundleFiles(bundle: bundle, folder: self, directory: directory), generation)
                }
            }
        }
    }
}
