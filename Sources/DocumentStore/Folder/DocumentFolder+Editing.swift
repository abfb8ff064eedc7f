import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Synchronous access to one bundle's files, valid only inside
/// ``DocumentFolder/edit(_:_:)``, which holds the bundle's lock (in this process and across
/// processes) for the whole edit. Every write is durable and atomic.
public struct BundleEditor {
    /// The bundle being edited.
    public let bundle: DocumentBundle
    let folder: DocumentFolder

    /// The data archive's bytes, or nil if the bundle has none.
    public func readData() throws -> Data? {
        try folder.readDataFile(ofBundleNamed: bundle.name)
    }

    /// Durably replaces the data archive (keeping the file name it has).
    public func writeData(_ data: Data) throws {
        let name = folder.existingDataFileName(in: bundle.url.path) ?? folder.configuration.dataFileNames[0]
        try folder.writer.write(data, named: name, inFolder: bundle.url.path)
    }

    /// The attachment `name`, or nil if it does not exist.
    public func readAttachment(named name: String, limit: Int = 256 << 20) throws -> Data? {
        try folder.validateAttachmentName(name)
        let path = bundle.url.path + "/" + name
        return try POSIX.readFile(at: AT_FDCWD, path, limit: limit, path: path)
    }

    /// Durably writes (or replaces) the attachment `name`.
    public func writeAttachment(_ data: Data, named name: String) throws {
        try folder.validateAttachmentName(name)
        try folder.writer.write(data, named: name, inFolder: bundle.url.path)
    }

    /// Durably removes the attachment `name`; a missing one is not an error.
    public func removeAttachment(named name: String) throws {
        try folder.validateAttachmentName(name)
        let path = bundle.url.path + "/" + name
        guard unlink(path) == 0 || errno == ENOENT else {
            throw DocumentStoreError.system("cannot remove", path: path, errno: errno)
        }
        try POSIX.syncDirectory(bundle.url.path)
    }

    /// The attachments' names, sorted.
    public func attachmentNames() throws -> [String] {
        try folder.attachmentNames(inBundleAt: bundle.url.path)
    }
}

extension DocumentFolder {
    /// Runs `body` with bundle `id` locked against every other writer — tasks in this process and
    /// other processes — so a multi-file change (a new photo and its thumbnail) is never
    /// interleaved with another. Each file write inside is durable and atomic; order them so
    /// that a crash between two leaves a consistent bundle.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` for a missing bundle, or what `body` throws.
    public func edit<Result: Sendable>(_ id: Int, _ body: @escaping @Sendable (BundleEditor) throws -> Result) async throws -> Result {
        try await locks.withLock(id) { [self] in
            try await BlockingIO.run { [self] in
                try withBundleFolderLock(id) { bundle, _ in
                    try body(BundleEditor(bundle: bundle, folder: self))
                }
            }
        }
    }
}
