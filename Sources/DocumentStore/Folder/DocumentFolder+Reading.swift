import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Synchronous read access to one bundle's files, valid only inside ``DocumentFolder/read(_:_:)``,
/// which holds the bundle shared: other readers proceed at once, writers wait until it is done.
public struct BundleReader {
    /// The bundle's files where they are (a folder on disk, objects in a bucket).
    let files: any BundleFiles
    /// The bundle's generation in this process when the read began (see
    /// ``DocumentFolder/generation(of:)``); a value read here and cached is current only while
    /// the folder's generation is still this one.
    public let generation: UInt64

    /// The bundle being read.
    public var bundle: DocumentBundle { files.bundle }

    /// The data archive's bytes, or nil if the bundle has none.
    ///
    /// - Throws: ``DocumentStoreError`` as ``BundleEditor/readData()``.
    public func readData() throws -> Data? { try files.readData() }

    /// The attachment `name`, or nil if it does not exist.
    ///
    /// - Throws: ``DocumentStoreError`` as ``BundleEditor/readAttachment(named:limit:)``.
    public func readAttachment(named name: String, limit: Int = 256 << 20) throws -> Data? {
        try files.readAttachment(named: name, limit: limit)
    }

    /// The attachments' names, sorted.
    public func attachmentNames() throws -> [String] { try files.attachmentNames() }

    /// When attachment `name` was last written (nil if it does not exist): to pick the newest of
    /// two files a crash left.
    public func modificationDate(ofAttachment name: String) throws -> Date? { try files.modificationDate(ofAttachment: name) }

    /// Opens attachment `name` for streaming (nil if it does not exist): only a regular file,
    /// never through a link. The handle keeps reading the version open now, even if the file is
    /// replaced or the bundle deleted afterwards (an object in a bucket is read whole); the
    /// caller closes it.
    ///
    /// - Throws: ``DocumentStoreError`` `.unsupportedFileType` for anything but a regular file.
    public func openAttachment(named name: String) throws -> OpenAttachment? { try files.openAttachment(named: name) }
}

extension DocumentFolder {
    /// Runs `body` with bundle `id` held shared: any number of readers at once (in this process
    /// and others, by `LOCK_SH`), while writers (``edit(_:_:)``) wait — so several files read
    /// together are from one state of the bundle.
    ///
    /// `body` runs on the store's ``BlockingPool``.
    /// - Throws: ``DocumentStoreError`` `.notFound` for a missing bundle, or what `body` throws.
    public func read<Result: Sendable>(_ id: Int, _ body: @escaping @Sendable (BundleReader) throws -> Result) async throws -> Result {
        try await place.read(id, in: self) { files, generation in try body(BundleReader(files: files, generation: generation)) }
    }

    /// The modification time of `name` in the open folder, nil if it cannot be read.
    func modificationDate(of name: String, in directory: Int32) -> Date? {
        guard let status = try? fileSystem.entryStatus(directory, name) else { return nil }
        return Date(timeIntervalSince1970: Double(status.modified) / 1e9)
    }
}
