import Foundation
#if canImport(Glibc)
import Glibc
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

    /// The bytes of attachment `name` of bundle `id` (no lock: a whole old or new file).
    ///
    /// - Parameter limit: the largest attachment read, in bytes (256 MiB by default), checked
    ///   on the open file before anything is read.
    /// - Throws: ``DocumentStoreError`` `.notFound` if the bundle or the attachment is missing,
    ///   `.unsupportedFileType` if it is not a regular file, `.corrupt` over `limit`.
    public func readAttachment(named name: String, of id: Int, limit: Int = 256 << 20) async throws -> Data {
        try validateAttachmentName(name)
        return try await place.readAttachment(named: name, of: id, limit: limit, in: self)
    }

    /// ``readAttachment(named:of:limit:)`` on disk: no lock, the file opened through the
    /// bundle's descriptor.
    func diskReadAttachment(named name: String, of id: Int, limit: Int) async throws -> Data {
        try await pool.run { [self] in
            try withOpenBundle(id) { bundle, directory in
                guard let data = try readAttachment(named: name, in: directory, bundle: bundle, limit: limit) else {
                    throw DocumentStoreError(.notFound, "bundle \(bundle.name) has no \(name)", path: bundle.url.path + "/" + name)
                }
                return data
            }
        }
    }

    /// Opens attachment `name` of bundle `id` for streaming; the caller closes the handle.
    ///
    /// The handle keeps reading the version that was there when it was opened, even if the
    /// attachment is replaced or the bundle deleted meanwhile.
    /// - Throws: ``DocumentStoreError`` `.notFound` if the bundle or the attachment is missing,
    ///   `.unsupportedFileType` if it is not a regular file.
    /// In a bucket the object is read whole (within 256 MiB) into an anonymous file, which the
    /// handle reads.
    public func openAttachment(named name: String, of id: Int) async throws -> FileHandle {
        try validateAttachmentName(name)
        return try await place.openAttachment(named: name, of: id, in: self)
    }

    /// ``openAttachment(named:of:)`` on disk: the file itself, opened through the bundle's descriptor.
    func diskOpenAttachment(named name: String, of id: Int) async throws -> FileHandle {
        let descriptor = try await pool.run { [self] in
            try withOpenBundle(id) { bundle, directory -> Int32 in
                let path = bundle.url.path + "/" + name
                guard let (descriptor, _) = try fileSystem.openRegularFile(directory, name, path: path) else {
                    throw DocumentStoreError(.notFound, "bundle \(bundle.name) has no \(name)", path: path)
                }
                return descriptor
            }
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

    /// The names of bundle `id`'s attachments (every visible entry but the data file), sorted.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` if the bundle is missing.
    public func attachmentNames(of id: Int) async throws -> [String] {
        try await place.attachmentNames(of: id, in: self)
    }

    /// ``attachmentNames(of:)`` on disk: no lock.
    func diskAttachmentNames(of id: Int) async throws -> [String] {
        try await pool.run { [self] in
            try withOpenBundle(id) { bundle, directory in try attachmentNames(in: directory, bundle: bundle) }
        }
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

extension DocumentFolder {
    /// A file in the temporary folder, unlinked at once, holding `data` and open for reading
    /// from its start: it goes when the handle is closed.
    static func anonymousFile(holding data: Data) throws -> FileHandle {
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array((folder + "/.attachment-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw DocumentStoreError.system("cannot make an anonymous file in", path: folder, errno: errno) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.seek(toOffset: 0)
        } catch {
            throw DocumentStoreError(.io, "cannot write an anonymous file in \(folder): \(error)", path: folder)
        }
        return handle
    }
}
