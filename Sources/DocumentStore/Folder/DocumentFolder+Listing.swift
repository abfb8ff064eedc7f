import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif


extension DocumentFolder {
    /// Reads and decodes every bundle's data archive: what an app does at launch.
    ///
    /// One directory read of the root, then per bundle: open its folder (never through a
    /// symbolic link), open the data file with `O_NONBLOCK | O_NOFOLLOW`, `fstat` it (only a
    /// regular file within the size limit is read), read it — no URL objects — decoded on every
    /// core. A bundle that is missing its data, corrupt, foreign or
    /// unreadable is reported in ``DocumentListing/problems`` and skipped — one bad bundle never
    /// fails the listing. Nothing is cached, so nothing can be stale (``list(decode:summary:)``
    /// keeps a validated summary instead). Memory: the decoded values
    /// plus one data file per core in flight.
    /// - Parameter decode: turns a data archive's bytes into a value; what it throws becomes the
    ///   bundle's problem (an ``ArchiveError`` `.classMismatch` reads as foreign data).
    /// - Throws: ``DocumentStoreError`` only if the root itself cannot be read.
    public func list<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value) async throws -> DocumentListing<Value> {
        try await place.list(decode: decode, summary: nil, in: self)
    }

    /// ``list(decode:)`` on disk.
    func diskList<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value) async throws -> DocumentListing<Value> {
        try await pool.run { [self] in try withRoot { try listNow(decode: decode, rootDescriptor: $0) } }
    }

    private func listNow<Value: Sendable>(decode: @Sendable (Data) throws -> Value, rootDescriptor: Int32) throws -> DocumentListing<Value> {
        let (bundles, nameProblems) = try scanBundles(in: rootDescriptor)
        let parts = inParallelChunks(of: bundles.count) { range in
            var documents: [ListedDocument<Value>] = []
            documents.reserveCapacity(range.count)
            var problems: [DocumentProblem] = []
            for bundle in bundles[range] {
                switch load(bundle, rootDescriptor: rootDescriptor, decode: decode) {
                case .success(let value): documents.append(ListedDocument(bundle: bundle, value: value))
                case .failure(let reason): problems.append(DocumentProblem(name: bundle.name, id: bundle.id, reason: reason))
                }
            }
            return (documents: documents, problems: problems)
        }
        return DocumentListing(
            documents: parts.flatMap(\.documents), problems: (nameProblems + parts.flatMap(\.problems)).sorted { $0.name < $1.name }
        )
    }

    /// Why a bundle could not be listed, as an `Error` for `Result`.
    private struct Skipped: Error { var reason: DocumentProblem.Reason }

    func load<Value>(_ bundle: DocumentBundle, rootDescriptor: Int32, decode: (Data) throws -> Value) -> Result<Value, DocumentProblem.Reason> {
        loadValidated(bundle, rootDescriptor: rootDescriptor, validate: false, decode: decode).value
    }

    /// ``load(_:rootDescriptor:decode:)`` that, with `validate`, also gives the data file's
    /// validator: its `fstat` on the open descriptor before the read, if a second `fstat` after
    /// the read found it unchanged (nil otherwise, and on the step-by-step path).
    func loadValidated<Value>(
        _ bundle: DocumentBundle, rootDescriptor: Int32, validate: Bool, decode: (Data) throws -> Value
    ) -> (value: Result<Value, DocumentProblem.Reason>, validator: DiskValidator?) {
        let data: Data
        do {
            switch try readDataFileWithoutLinks(bundle, rootDescriptor: rootDescriptor, validate: validate) {
            case .read(let found, let validator): return (decodeListed(found, decode), validator)
            case .missing: return (.failure(.missingData), nil)
            case .undecided: break
            }
            let directory = try fileSystem.openDirectory(rootDescriptor, bundle.name, path: bundle.url.path)
            defer { fileSystem.closeFile(directory) }
            guard let found = try readDataFile(in: directory, bundle: bundle) else { return (.failure(.missingData), nil) }
            data = found
        } catch let error as DocumentStoreError where error.errno == ENOTDIR && error.code != .unsupportedFileType {
            return (.failure(.notAFolder), nil)
        } catch {
            return (.failure(DocumentProblem.reason(decoding: error)), nil)
        }
        return (decodeListed(data, decode), nil)
    }

    private func decodeListed<Value>(_ data: Data, _ decode: (Data) throws -> Value) -> Result<Value, DocumentProblem.Reason> {
        do {
            return .success(try decode(data))
        } catch {
            return .failure(DocumentProblem.reason(decoding: error))
        }
    }

    /// What the listing's fast path found.
    private enum FastRead {
        /// The data, and its validator when asked for and the file did not change while read.
        case read(Data, DiskValidator?)
        case missing
        /// A link somewhere, something not a regular file, or no `openat2`: the step-by-step
        /// path decides, and names what is wrong.
        case undecided
    }

    /// The bundle's data file opened in one call that follows no link (`openat2`): open,
    /// `fstat`, read, close per bundle.
    private func readDataFileWithoutLinks(_ bundle: DocumentBundle, rootDescriptor: Int32, validate: Bool) throws -> FastRead {
        for (index, file) in configuration.dataFileNames.enumerated() {
            let relative = bundle.name + "/" + file
            let descriptor: Int32
            do {
                descriptor = try fileSystem.openFileWithoutLinks(rootDescriptor, relative, O_RDONLY | O_NONBLOCK)
            } catch {
                switch error.code {
                case ENOENT: continue
                case ENOTDIR: throw DocumentStoreError.system("cannot open", path: bundle.url.path, errno: ENOTDIR)
                case ELOOP, ENOSYS, ENXIO: return .undecided
                default: throw DocumentStoreError.system("cannot open", path: rootPath + "/" + relative, errno: error.code)
                }
            }
            defer { fileSystem.closeFile(descriptor) }
            let path = rootPath + "/" + relative
            let status = try fileSystem.fileStatus(descriptor, path: path)
            guard status.kind == .regular else { return .undecided }
            let data = try fileSystem.readAll(descriptor, expected: status.size, limit: configuration.maxDataFileBytes, path: path)
            guard validate, let after = try? fileSystem.status(descriptor), after == status else { return .read(data, nil) }
            return .read(data, DiskValidator(nameIndex: index, status: status))
        }
        return .missing
    }
}

extension DocumentProblem.Reason: Error {}
