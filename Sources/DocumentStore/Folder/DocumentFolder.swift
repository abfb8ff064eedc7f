import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A root folder of numbered document bundles, `N.<extension>/`, each with a small data archive
/// and named attachments beside it — the layout of the Scary Creatures apps, done safely.
///
/// - Every write is durable and atomic (``DurableFileWriter``).
/// - New bundles are built in a hidden staging folder and renamed into place under a number
///   nobody holds (an exclusive rename, so two tasks or two processes never share a number, and
///   a bundle appears complete or not at all).
/// - Deleting renames the bundle aside first, so a crash never leaves a half-deleted bundle that
///   still lists.
/// - Listing skips and reports bad bundles instead of failing (``list(decode:)``).
/// - Writes to one bundle are serialized (in this process by an actor, across processes by
///   `flock` on the bundle folder); different bundles are written and read in parallel.
///
/// Call ``open()`` once before use: it creates the root and clears what crashed processes left.
public final class DocumentFolder: Sendable {
    /// The root folder.
    public let root: URL
    /// How bundles and data files are named.
    public let configuration: DocumentFolderConfiguration
    /// The writer used for every file (inject a faulty one to test error paths).
    public let writer: DurableFileWriter
    let locks = BundleLocks()
    /// False only in tests that exercise the path for file systems without an exclusive rename.
    let usesExclusiveRename: Bool

    /// Creates a store over `root`; nothing is touched until ``open()``.
    public convenience init(root: URL, configuration: DocumentFolderConfiguration = .init(), writer: DurableFileWriter = .system) {
        self.init(root: root, configuration: configuration, writer: writer, usesExclusiveRename: true)
    }

    /// Creates a store that may be told to act as on a file system without `renameat2`.
    init(root: URL, configuration: DocumentFolderConfiguration, writer: DurableFileWriter, usesExclusiveRename: Bool) {
        self.root = root.standardizedFileURL
        self.configuration = configuration
        self.writer = writer
        self.usesExclusiveRename = usesExclusiveRename
    }

    /// The root's path.
    var rootPath: String { root.path }

    /// What ``open()`` cleaned up.
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
    }

    /// Creates the root if needed and removes what crashed processes left behind: temporary
    /// files (in the root and, with `.everything`, in every bundle), half-built new bundles,
    /// renamed-aside deletions.
    ///
    /// Leftovers of live processes are not touched.
    /// - Throws: ``DocumentStoreError`` if the root cannot be created or read.
    @discardableResult
    public func open(cleaning: Cleaning = .everything) async throws -> OpenReport {
        try await BlockingIO.run { [self] in try sweep(bundles: cleaning == .everything) }
    }

    private func sweep(bundles sweepsBundles: Bool) throws -> OpenReport {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw DocumentStoreError(.io, "cannot create the folder \(rootPath): \(error.localizedDescription)", path: rootPath)
        }
        var report = OpenReport()
        report.removedTemporaries = try DurableFileWriter.removeStaleTemporaries(in: root)
        for name in try DirectoryEntries.names(in: rootPath) {
            if let owner = Self.hiddenFolderOwner(name, kind: Self.stagingPrefix) {
                guard !POSIX.processExists(owner) else { continue }
                if (try? FileManager.default.removeItem(atPath: rootPath + "/" + name)) != nil { report.discardedCreations += 1 }
            } else if name.hasPrefix(Self.trashPrefix) {
                if (try? FileManager.default.removeItem(atPath: rootPath + "/" + name)) != nil { report.finishedDeletions += 1 }
            } else if sweepsBundles, case .bundle = BundleName.parse(name, configuration: configuration) {
                let removed = (try? DurableFileWriter.removeStaleTemporaries(inFolderAt: rootPath + "/" + name)) ?? []
                report.removedTemporaries += removed.map { name + "/" + $0 }
            }
        }
        return report
    }

    // MARK: Finding bundles

    /// Every bundle in the root, in increasing id order (no data is read).
    ///
    /// Entries with a bad number or a duplicate number are left out; ``list(decode:)`` reports them.
    public func bundles() async throws -> [DocumentBundle] {
        try await BlockingIO.run { [self] in try scanBundles().bundles }
    }

    /// The bundle numbered `id`.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` if there is none.
    public func bundle(_ id: Int) async throws -> DocumentBundle {
        try await BlockingIO.run { [self] in try locateBundle(id) }
    }

    /// Finds bundle `id`: the configured spelling first, then (case-insensitive stores) any spelling.
    func locateBundle(_ id: Int) throws -> DocumentBundle {
        guard id > 0 else { throw DocumentStoreError(.invalidName, "bundle numbers start at 1, not \(id)") }
        let name = configuration.bundleName(for: id)
        var status = stat()
        if stat(rootPath + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            return makeBundle(id: id, name: name)
        }
        if configuration.extensionMatching == .caseInsensitive,
           let found = try scanBundles().bundles.first(where: { $0.id == id }) {
            return found
        }
        throw DocumentStoreError(.notFound, "no bundle \(name) in \(rootPath)", path: rootPath + "/" + name)
    }

    func makeBundle(id: Int, name: String) -> DocumentBundle {
        DocumentBundle(id: id, name: name, root: root)
    }

    /// The root's bundle entries, sorted by id, and the entries that look like bundles but are not
    /// usable by name (bad or duplicate numbers).
    func scanBundles() throws -> (bundles: [DocumentBundle], problems: [DocumentProblem]) {
        var found: [(id: Int, name: String)] = []
        var problems: [DocumentProblem] = []
        for name in try DirectoryEntries.names(in: rootPath) {
            switch BundleName.parse(name, configuration: configuration) {
            case .bundle(let id): found.append((id, name))
            case .badNumber: problems.append(DocumentProblem(name: name, id: nil, reason: .badNumber))
            case .other: break
            }
        }
        let canonical = configuration.bundleExtension
        found.sort { lhs, rhs in
            if lhs.id != rhs.id { return lhs.id < rhs.id }
            let lhsExact = lhs.name.hasSuffix("." + canonical), rhsExact = rhs.name.hasSuffix("." + canonical)
            return lhsExact != rhsExact ? lhsExact : lhs.name < rhs.name
        }
        var bundles: [DocumentBundle] = []
        bundles.reserveCapacity(found.count)
        for entry in found {
            if let last = bundles.last, last.id == entry.id {
                problems.append(DocumentProblem(name: entry.name, id: entry.id, reason: .duplicateNumber))
            } else {
                bundles.append(makeBundle(id: entry.id, name: entry.name))
            }
        }
        problems.sort { $0.name < $1.name }
        return (bundles, problems)
    }

    /// The largest bundle number in use (0 when empty), counting every spelling and bad entry.
    func largestID() throws -> Int {
        var largest = 0
        for name in try DirectoryEntries.names(in: rootPath) {
            if case .bundle(let id) = BundleName.parse(name, configuration: configuration) { largest = max(largest, id) }
        }
        return largest
    }

    // MARK: Hidden working folders

    static let stagingPrefix = ".new-"
    static let trashPrefix = ".trash-"

    /// A fresh hidden folder name of `kind` owned by this process: `.new-PID-RANDOM`.
    static func hiddenFolderName(kind: String, suffix: String = "") -> String {
        "\(kind)\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))\(suffix)"
    }

    /// The owning process of a hidden working folder of `kind`, or nil if `name` is not one.
    static func hiddenFolderOwner(_ name: String, kind: String) -> Int32? {
        guard name.hasPrefix(kind) else { return nil }
        let rest = name.dropFirst(kind.count)
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        return Int32(rest[..<dash])
    }
}
