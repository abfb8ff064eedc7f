import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentFolder {
    /// Opens bundle `id`'s folder (never through a symbolic link): the configured spelling first,
    /// then (case-insensitive stores) any spelling. The caller closes the descriptor.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` if there is no such bundle folder,
    ///   `.invalidName` for a number no bundle can have.
    func openBundle(_ id: Int, in rootDescriptor: Int32) throws -> (DocumentBundle, Int32) {
        guard BundleName.isValid(id) else {
            throw DocumentStoreError(.invalidName, "bundle numbers go from 1 to \(BundleName.largestID), not \(id)")
        }
        var name = configuration.bundleName(for: id)
        if configuration.extensionMatching == .caseInsensitive, (try? fileSystem.entryStatus(rootDescriptor, name)) == nil,
           let found = try scanBundles(in: rootDescriptor).bundles.first(where: { $0.id == id }) {
            name = found.name
        }
        let path = rootPath + "/" + name
        do {
            let descriptor = try fileSystem.openDirectory(rootDescriptor, name, path: path)
            return (makeBundle(id: id, name: name), descriptor)
        } catch let error as DocumentStoreError where error.errno == ENOENT || error.errno == ENOTDIR {
            throw DocumentStoreError(.notFound, "no bundle \(name) in \(rootPath)", path: path, errno: error.errno)
        }
    }

    /// Runs `body` on bundle `id` holding an `flock` on its folder (`LOCK_SH` to read, `LOCK_EX`
    /// to write), which keeps writers in other processes out. `body` gets the bundle, the
    /// folder's descriptor and the root's; every file in the bundle must be reached through
    /// the folder's descriptor.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` if the bundle is missing, or was deleted (or
    ///   replaced by a new bundle with its number) while this waited for the lock.
    func withLockedBundle<Result>(_ id: Int, _ operation: Int32, _ body: (DocumentBundle, Int32, Int32) throws -> Result) throws -> Result {
        try withRoot { rootDescriptor in
            let (bundle, descriptor) = try openBundle(id, in: rootDescriptor)
            defer { fileSystem.closeFile(descriptor) }
            try fileSystem.lock(descriptor, operation, path: bundle.url.path)
            guard fileSystem.stillNames(rootDescriptor, bundle.name, descriptor) else {
                throw DocumentStoreError(.notFound, "bundle \(bundle.name) was deleted", path: bundle.url.path)
            }
            return try body(bundle, descriptor, rootDescriptor)
        }
    }

    /// Runs `body` on bundle `id` with its folder open, without a lock (for single-file reads,
    /// which see a whole old or whole new file since every write is a rename).
    func withOpenBundle<Result>(_ id: Int, _ body: (DocumentBundle, Int32) throws -> Result) throws -> Result {
        try withRoot { rootDescriptor in
            let (bundle, descriptor) = try openBundle(id, in: rootDescriptor)
            defer { fileSystem.closeFile(descriptor) }
            return try body(bundle, descriptor)
        }
    }

    /// The data file of the open bundle folder `directory`, or nil if it has none.
    ///
    /// - Throws: `.unsupportedFileType` if a data file name holds anything but a regular file
    ///   (a folder named `Data.plist`, a FIFO, a link), `.corrupt` over the size limit.
    func readDataFile(in directory: Int32, bundle: DocumentBundle) throws -> Data? {
        try readDataFileAndStatus(in: directory, bundle: bundle)?.data
    }

    /// ``readDataFile(in:bundle:)`` that also returns which data file it read and its status
    /// when opened.
    func readDataFileAndStatus(in directory: Int32, bundle: DocumentBundle) throws -> (data: Data, name: String, status: FileStatus)? {
        for file in configuration.dataFileNames {
            let path = rootPath + "/" + bundle.name + "/" + file
            if let (data, status) = try fileSystem.readRegularFileAndStatus(directory, file, limit: configuration.maxDataFileBytes, path: path) {
                return (data, file, status)
            }
        }
        return nil
    }

    /// The first configured data file name present in the open bundle folder.
    func existingDataFileName(in directory: Int32) -> String? {
        configuration.dataFileNames.first { (try? fileSystem.entryStatus(directory, $0)) != nil }
    }

    /// The visible entries of the open bundle folder other than its data file, sorted.
    func attachmentNames(in directory: Int32, bundle: DocumentBundle) throws -> [String] {
        let dataNames = Set(configuration.dataFileNames)
        return try fileSystem.names(directory, path: bundle.url.path).filter { !$0.hasPrefix(".") && !dataNames.contains($0) }.sorted()
    }

    /// Reads attachment `name` of the open bundle folder; nil if it does not exist.
    func readAttachment(named name: String, in directory: Int32, bundle: DocumentBundle, limit: Int) throws -> Data? {
        try validateAttachmentName(name)
        return try fileSystem.readRegularFile(directory, name, limit: limit, path: bundle.url.path + "/" + name)
    }
}
