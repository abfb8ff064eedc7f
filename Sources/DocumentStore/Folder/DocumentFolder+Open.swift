import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentFolder {
    /// What ``open(cleaning:)`` cleaned up.
    public struct OpenReport: Sendable, Hashable {
        /// Temporary files of crashed writes that were removed (paths relative to the root).
        public var removedTemporaries: [String] = []
        /// Bundles whose deletion a crash interrupted, now finished.
        public var finishedDeletions: Int = 0
        /// Bundles whose creation a crash interrupted, now discarded.
        public var discardedCreations: Int = 0
    }

    /// How much of what crashed processes left behind ``open(cleaning:)`` removes.
    public enum Cleaning: Sendable, Hashable {
        /// Everything: the root's leftovers and the temporaries in every bundle (one directory
        /// read per bundle). What a process that will write should do.
        case everything
        /// Only the root's leftovers (half-built and half-deleted bundles, root temporaries):
        /// enough for a process that only reads, since leftovers inside bundles are invisible.
        case rootOnly
        /// Nothing, and the root is not created: for a process that must not change anything
        /// (a read-only command). A missing root is then an error.
        case nothing
    }

    /// Creates the root if needed (not with `.nothing`) and removes what crashed writers left
    /// behind: temporary files, half-built new bundles, renamed-aside deletions, reservations.
    ///
    /// What a live writer holds is never touched: every temporary, staging folder and
    /// reservation is locked (`flock`) by its writer for as long as it exists, so only unlocked
    /// ones are removed — whichever process, container or PID namespace made them.
    /// - Throws: ``DocumentStoreError`` if the root cannot be created or read; with `.nothing`,
    ///   `.notFound` if it does not exist.
    @discardableResult
    public func open(cleaning: Cleaning = .everything) async throws -> OpenReport {
        try await place.open(cleaning: cleaning, in: self)
    }

    /// ``open(cleaning:)`` on disk.
    func diskOpen(cleaning: Cleaning) async throws -> OpenReport {
        try await pool.run { [self] in try sweep(cleaning) }
    }

    private func sweep(_ cleaning: Cleaning) throws -> OpenReport {
        if cleaning == .nothing {
            do {
                return try withRoot { _ in OpenReport() }
            } catch let error as DocumentStoreError where error.errno == ENOENT || error.errno == ENOTDIR {
                throw DocumentStoreError(.notFound, "the data folder \(rootPath) does not exist (or is not a folder)", path: rootPath, errno: error.errno)
            }
        }
        if (try? withRoot { _ in }) == nil {
            do {
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            } catch {
                throw DocumentStoreError(.io, "cannot create the folder \(rootPath): \(error.localizedDescription)", path: rootPath)
            }
        }
        return try withRoot { rootDescriptor in
            var report = OpenReport()
            for name in try fileSystem.names(rootDescriptor, path: rootPath) {
                if DurableFileWriter.isTemporary(name) || name.hasPrefix(Self.reservationPrefix) {
                    if DurableFileWriter.removeIfUnlocked(name, in: rootDescriptor, fileSystem: fileSystem, isDirectory: false) {
                        report.removedTemporaries.append(name)
                    }
                } else if name.hasPrefix(Self.stagingPrefix) {
                    if DurableFileWriter.removeIfUnlocked(name, in: rootDescriptor, fileSystem: fileSystem, isDirectory: true) {
                        report.discardedCreations += 1
                    }
                } else if name.hasPrefix(Self.trashPrefix) {
                    if DurableFileWriter.removeIfUnlocked(name, in: rootDescriptor, fileSystem: fileSystem, isDirectory: true) {
                        report.finishedDeletions += 1
                    }
                } else if cleaning == .everything, name == configuration.quarantineFolderName,
                          let quarantine = try? fileSystem.openDirectory(rootDescriptor, name, path: rootPath + "/" + name) {
                    defer { fileSystem.closeFile(quarantine) }
                    let removed = (try? DurableFileWriter.removeStaleTemporaries(in: quarantine, folderPath: rootPath + "/" + name, fileSystem: fileSystem)) ?? []
                    report.removedTemporaries += removed.map { name + "/" + $0 }
                } else if cleaning == .everything, case .bundle = BundleName.parse(name, configuration: configuration),
                          let bundle = try? fileSystem.openDirectory(rootDescriptor, name, path: rootPath + "/" + name) {
                    defer { fileSystem.closeFile(bundle) }
                    let removed = (try? DurableFileWriter.removeStaleTemporaries(in: bundle, folderPath: rootPath + "/" + name, fileSystem: fileSystem)) ?? []
                    report.removedTemporaries += removed.map { name + "/" + $0 }
                }
            }
            return report
        }
    }
}
