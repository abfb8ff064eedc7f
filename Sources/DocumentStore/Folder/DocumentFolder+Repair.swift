import CDocumentStore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentFolder {
    /// One bad bundle that ``repair(decode:)`` moved into quarantine.
    public struct QuarantinedBundle: Sendable, Hashable {
        /// What was wrong with it.
        public var problem: DocumentProblem
        /// Where it is now.
        public var url: URL
    }

    /// Moves every bad bundle (missing, corrupt or foreign data, a file in a bundle's place, a
    /// bad or duplicate number) into the quarantine folder, with a `.reason.txt` file beside each
    /// saying why, so the app lists cleanly and nothing is destroyed.
    ///
    /// Bundles that were merely unreadable (permissions, I/O errors) are left in place: that may
    /// pass. Safe to run while other processes use the folder.
    /// - Parameter decode: the same decoding ``list(decode:)`` uses, deciding what is bad.
    /// - Returns: the bundles moved.
    public func repair<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value) async throws -> [QuarantinedBundle] {
        let problems = try await list(decode: decode).problems.filter {
            if case .unreadable = $0.reason { return false }
            return true
        }
        guard !problems.isEmpty else { return [] }
        return try await BlockingIO.run { [self] in try quarantine(problems) }
    }

    /// The quarantine folder.
    public var quarantineURL: URL {
        root.appendingPathComponent(configuration.quarantineFolderName, isDirectory: true)
    }

    private func quarantine(_ problems: [DocumentProblem]) throws -> [QuarantinedBundle] {
        let folder = quarantineURL.path
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw DocumentStoreError.system("cannot create the quarantine folder", path: folder, errno: errno)
        }
        let rootDescriptor = try POSIX.openFile(rootPath, O_RDONLY | O_DIRECTORY)
        defer { close(rootDescriptor) }
        var moved: [QuarantinedBundle] = []
        for problem in problems {
            let destination = try moveIntoQuarantine(problem.name, rootDescriptor: rootDescriptor)
            guard let destination else { continue }
            let note = "\(problem.description)\n"
            try writer.write(Data(note.utf8), named: destination + ".reason.txt", inFolder: folder)
            moved.append(QuarantinedBundle(problem: problem, url: quarantineURL.appendingPathComponent(destination)))
        }
        try POSIX.syncDirectory(folder)
        try POSIX.sync(rootDescriptor, path: rootPath)
        return moved
    }

    /// Renames root entry `name` into quarantine under a free name; nil if it vanished meanwhile.
    private func moveIntoQuarantine(_ name: String, rootDescriptor: Int32) throws -> String? {
        let folderName = configuration.quarantineFolderName
        for attempt in 1...1000 {
            let destination = attempt == 1 ? name : "\(name)-\(attempt)"
            if cds_rename_noreplace(rootDescriptor, name, folderName + "/" + destination) == 0 { return destination }
            switch errno {
            case ENOENT: return nil
            case EEXIST, ENOTEMPTY: continue
            case ENOSYS, EINVAL:
                // No exclusive rename here: check, then rename (quarantine is not contended).
                if access(quarantineURL.path + "/" + destination, F_OK) == 0 { continue }
                guard rename(rootPath + "/" + name, quarantineURL.path + "/" + destination) == 0 else {
                    if errno == ENOENT { return nil }
                    throw DocumentStoreError.system("cannot quarantine", path: rootPath + "/" + name, errno: errno)
                }
                return destination
            default:
                throw DocumentStoreError.system("cannot quarantine", path: rootPath + "/" + name, errno: errno)
            }
        }
        throw DocumentStoreError(.io, "cannot quarantine \(name): 1000 earlier copies are already there", path: rootPath + "/" + name)
    }
}
