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

    /// Moves every bad bundle (missing, corrupt or foreign data, a data file that is a folder,
    /// FIFO, device or link, a file or link in a bundle's place, a bad or duplicate number) into
    /// the quarantine folder, with a `.reason.txt` file beside each saying why, so the app lists
    /// cleanly and nothing is destroyed.
    ///
    /// Each bundle folder is moved while holding its exclusive lock, after checking again under
    /// the lock that it is still bad (a writer may have fixed it meanwhile). Bundles that were
    /// merely unreadable (permissions, I/O errors) are left in place: that may pass. Safe to run
    /// while other processes use the folder.
    /// - Parameter decode: the same decoding ``list(decode:)`` uses, deciding what is bad.
    /// - Returns: the bundles moved.
    public func repair<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value) async throws -> [QuarantinedBundle] {
        try await place.repair(decode: decode, in: self)
    }

    /// ``repair(decode:)`` on disk.
    func diskRepair<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value) async throws -> [QuarantinedBundle] {
        let problems = try await list(decode: decode).problems.filter {
            if case .unreadable = $0.reason { return false }
            return true
        }
        var moved: [QuarantinedBundle] = []
        for problem in problems {
            let quarantined: QuarantinedBundle?
            if let id = problem.id {
                quarantined = try await locks.withLock(id, exclusive: true) { [self] _ in
                    try await pool.run { [self] in try quarantine(problem, decode: decode) }
                }
            } else {
                quarantined = try await pool.run { [self] in try quarantine(problem, decode: decode) }
            }
            if let quarantined { moved.append(quarantined) }
        }
        return moved
    }

    /// The quarantine folder.
    public var quarantineURL: URL {
        root.appendingPathComponent(configuration.quarantineFolderName, isDirectory: true)
    }

    /// Moves `problem`'s entry into quarantine — a bundle folder under its exclusive `flock`,
    /// if it is still bad then — and writes its reason beside it; nil if it vanished or healed.
    private func quarantine<Value>(_ problem: DocumentProblem, decode: (Data) throws -> Value) throws -> QuarantinedBundle? {
        try withRoot { rootDescriptor in
            let folderName = configuration.quarantineFolderName
            let folderPath = quarantineURL.path
            do throws(Errno) {
                try fileSystem.makeDirectory(rootDescriptor, folderName, 0o755)
            } catch {
                guard error.code == EEXIST else { throw DocumentStoreError.system("cannot create the quarantine folder", path: folderPath, errno: error.code) }
            }
            // The quarantine folder must be durable before anything moves into it, or a power
            // cut could keep the move and lose the folder, and with it the bundle.
            try fileSystem.syncDirectory(rootDescriptor, path: rootPath)
            let quarantine = try fileSystem.openDirectory(rootDescriptor, folderName, path: folderPath)
            defer { fileSystem.closeFile(quarantine) }
            var bundleDescriptor: Int32?
            defer { if let bundleDescriptor { fileSystem.closeFile(bundleDescriptor) } }
            if let descriptor = try? fileSystem.openDirectory(rootDescriptor, problem.name, path: rootPath + "/" + problem.name) {
                bundleDescriptor = descriptor
                try fileSystem.lock(descriptor, LOCK_EX, path: rootPath + "/" + problem.name)
                guard fileSystem.stillNames(rootDescriptor, problem.name, descriptor) else { return nil }
                if let id = problem.id, problem.reason != .duplicateNumber,
                   case .success = load(makeBundle(id: id, name: problem.name), rootDescriptor: rootDescriptor, decode: decode) {
                    return nil
                }
            }
            guard let destination = try moveIntoQuarantine(problem.name, rootDescriptor: rootDescriptor, quarantine: quarantine) else { return nil }
            try writer.write(Data("\(problem.description)\n".utf8), named: destination + ".reason.txt", in: quarantine, folderPath: folderPath)
            try fileSystem.syncDirectory(rootDescriptor, path: rootPath)
            return QuarantinedBundle(problem: problem, url: quarantineURL.appendingPathComponent(destination))
        }
    }

    /// Renames root entry `name` into quarantine under a free name; nil if it vanished meanwhile.
    private func moveIntoQuarantine(_ name: String, rootDescriptor: Int32, quarantine: Int32) throws -> String? {
        var exclusive = usesExclusiveRename
        var attempt = 1
        while attempt <= 1000 {
            let destination = attempt == 1 ? name : "\(name)-\(attempt)"
            do {
                // Without an exclusive rename: check, then rename (quarantine is not contended).
                if !exclusive, (try? fileSystem.entryStatus(quarantine, destination)) != nil { throw Errno(EEXIST) }
                try fileSystem.rename(rootDescriptor, name, quarantine, destination, exclusive: exclusive)
                return destination
            } catch let error as Errno {
                switch error.code {
                case ENOENT: return nil
                case EEXIST, ENOTEMPTY: attempt += 1
                case ENOSYS where exclusive, EINVAL where exclusive: exclusive = false
                default: throw DocumentStoreError.system("cannot quarantine", path: rootPath + "/" + name, errno: error.code)
                }
            }
        }
        throw DocumentStoreError(.io, "cannot quarantine \(name): 1000 earlier copies are already there", path: rootPath + "/" + name)
    }
}
