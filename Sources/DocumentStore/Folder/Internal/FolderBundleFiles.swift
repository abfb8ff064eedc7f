import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bundle's files on disk, reached through its locked folder's descriptor (held open by the
/// ``DocumentFolder`` for the length of one read or edit).
struct FolderBundleFiles: BundleFiles {
    let bundle: DocumentBundle
    let folder: DocumentFolder
    let directory: Int32
    /// What the last ``readData()`` found, so the ``writeData(_:)`` after it need not look again.
    private let seen = SeenDataFile()

    init(bundle: DocumentBundle, folder: DocumentFolder, directory: Int32) {
        self.bundle = bundle
        self.folder = folder
        self.directory = directory
    }

    func readData() throws -> Data? {
        seen.state = .unknown
        guard let found = try folder.readDataFileAndStatus(in: directory, bundle: bundle) else {
            seen.state = .absent
            return nil
        }
        seen.state = .present(name: found.name, status: found.status)
        return found.data
    }

    /// Keeps the file name and permissions the data file has.
    func writeData(_ data: Data) throws {
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

    func readAttachment(named name: String, limit: Int) throws -> Data? {
        try folder.readAttachment(named: name, in: directory, bundle: bundle, limit: limit)
    }

    func modificationDate(ofAttachment name: String) throws -> Date? {
        try folder.validateAttachmentName(name)
        return folder.modificationDate(of: name, in: directory)
    }

    func writeAttachment(_ data: Data, named name: String) throws {
        try folder.validateAttachmentName(name)
        try folder.writer.write(data, named: name, in: directory, folderPath: bundle.url.path)
    }

    func removeAttachment(named name: String) throws {
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

    func attachmentNames() throws -> [String] {
        try folder.attachmentNames(in: directory, bundle: bundle)
    }

    func openAttachment(named name: String) throws -> OpenAttachment? {
        try folder.validateAttachmentName(name)
        let path = bundle.url.path + "/" + name
        guard let (descriptor, status) = try folder.fileSystem.openRegularFile(directory, name, path: path) else { return nil }
        return OpenAttachment(descriptor: descriptor, status: status)
    }
}
