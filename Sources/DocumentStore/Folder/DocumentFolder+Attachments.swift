import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentFolder {
    /// Durably writes (or replaces) the attachment `name` of bundle `id`.
    ///
    /// - Throws: ``DocumentStoreError`` `.invalidName` for a name with a slash, a leading dot or
    ///   a data file's name; `.notFound` for a missing bundle; `.noSpace` for a full disk (the
    ///   old attachment is then intact).
    public func writeAttachment(_ data: Data, named name: String, of id: Int) async throws {
        try validateAttachmentName(name)
        try await edit(id) { try $0.writeAttachment(data, named: name) }
    }

    /// The bytes of attachment `name` of bundle `id`.
    ///
    /// - Parameter limit: the largest attachment read, in bytes (256 MiB by default).
    /// - Throws: ``DocumentStoreError`` `.notFound` if the bundle or the attachment is missing.
    public func readAttachment(named name: String, of id: Int, limit: Int = 256 << 20) async throws -> Data {
        try validateAttachmentName(name)
        return try await BlockingIO.run { [self] in
            let bundle = try locateBundle(id)
            let path = bundle.url.path + "/" + name
            guard let data = try POSIX.readFile(at: AT_FDCWD, path, limit: limit, path: path) else {
                throw DocumentStoreError(.notFound, "bundle \(bundle.name) has no \(name)", path: path)
            }
            return data
        }
    }

    /// Opens attachment `name` of bundle `id` for streaming; the caller closes the handle.
    ///
    /// The handle keeps reading the version that was there when it was opened, even if the
    /// attachment is replaced or the bundle deleted meanwhile.
    /// - Throws: ``DocumentStoreError`` `.notFound` if the bundle or the attachment is missing.
    public func openAttachment(named name: String, of id: Int) async throws -> FileHandle {
        try validateAttachmentName(name)
        let descriptor = try await BlockingIO.run { [self] in
            let bundle = try locateBundle(id)
            return try POSIX.openFile(bundle.url.path + "/" + name, O_RDONLY)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Removes attachment `name` of bundle `id`, durably; removing a missing one is not an error.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` if the bundle is missing.
    public func removeAttachment(named name: String, of id: Int) async throws {
        try validateAttachmentName(name)
        try await edit(id) { try $0.removeAttachment(named: name) }
    }

    /// The names of bundle `id`'s attachments (every visible file but the data file), sorted.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` if the bundle is missing.
    public func attachmentNames(of id: Int) async throws -> [String] {
        try await BlockingIO.run { [self] in
            try attachmentNames(inBundleAt: try locateBundle(id).url.path)
        }
    }

    /// The visible files of the bundle folder at `path` other than its data file, sorted.
    func attachmentNames(inBundleAt path: String) throws -> [String] {
        let dataNames = Set(configuration.dataFileNames)
        return try DirectoryEntries.names(in: path).filter { !$0.hasPrefix(".") && !dataNames.contains($0) }.sorted()
    }

    /// Checks that `name` is a plain visible file name that is not a data file's.
    func validateAttachmentName(_ name: String) throws {
        let problem: String?
        if name.isEmpty || name == "." || name == ".." {
            problem = "is empty or a folder reference"
        } else if name.utf8.count > 255 {
            problem = "is longer than 255 bytes"
        } else if name.contains("/") || name.utf8.contains(0) {
            problem = "contains a slash or a NUL"
        } else if name.hasPrefix(".") {
            problem = "starts with a dot (reserved for the store's own files)"
        } else if configuration.dataFileNames.contains(name) {
            problem = "is the bundle's data file"
        } else {
            problem = nil
        }
        if let problem {
            throw DocumentStoreError(.invalidName, "the attachment name \"\(name)\" \(problem)")
        }
    }
}
