import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentFolder {
    /// Reads and decodes every bundle's data archive: what an app does at launch.
    ///
    /// One directory read of the root, then one open-and-read per bundle (no `stat`, no URL
    /// objects), decoded on every core. A bundle that is missing its data, corrupt, foreign or
    /// unreadable is reported in ``DocumentListing/problems`` and skipped — one bad bundle never
    /// fails the listing. Nothing is cached, so nothing can be stale. Memory: the decoded values
    /// plus one data file per core in flight.
    /// - Parameter decode: turns a data archive's bytes into a value; what it throws becomes the
    ///   bundle's problem (an ``ArchiveError`` `.classMismatch` reads as foreign data).
    /// - Throws: ``DocumentStoreError`` only if the root itself cannot be read.
    public func list<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value) async throws -> DocumentListing<Value> {
        try await BlockingIO.run { [self] in try listNow(decode: decode) }
    }

    private func listNow<Value: Sendable>(decode: @Sendable (Data) throws -> Value) throws -> DocumentListing<Value> {
        let (bundles, nameProblems) = try scanBundles()
        let rootDescriptor = try POSIX.openFile(rootPath, O_RDONLY | O_DIRECTORY)
        defer { close(rootDescriptor) }
        let chunkCount = bundles.count < 256 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunkSize = (bundles.count + chunkCount - 1) / max(chunkCount, 1)
        let results = ChunkResults<ListedDocument<Value>>(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = min(chunk * chunkSize, bundles.count)..<min((chunk + 1) * chunkSize, bundles.count)
            var documents: [ListedDocument<Value>] = []
            documents.reserveCapacity(range.count)
            var problems: [DocumentProblem] = []
            let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: min(64 << 10, configuration.maxDataFileBytes + 1), alignment: 16)
            defer { scratch.deallocate() }
            for bundle in bundles[range] {
                switch load(bundle, rootDescriptor: rootDescriptor, scratch: scratch, decode: decode) {
                case .success(let value): documents.append(ListedDocument(bundle: bundle, value: value))
                case .failure(let reason): problems.append(DocumentProblem(name: bundle.name, id: bundle.id, reason: reason))
                }
            }
            results.store(chunk, documents: documents, problems: problems)
        }
        let (documents, problems) = results.joined()
        return DocumentListing(documents: documents, problems: (nameProblems + problems).sorted { $0.name < $1.name })
    }

    /// Why a bundle could not be listed, as an `Error` for `Result`.
    private struct Skipped: Error { var reason: DocumentProblem.Reason }

    private func load<Value>(_ bundle: DocumentBundle, rootDescriptor: Int32, scratch: UnsafeMutableRawBufferPointer, decode: (Data) throws -> Value) -> Result<Value, DocumentProblem.Reason> {
        let data: Data
        do {
            guard let found = try readDataFile(ofBundleNamed: bundle.name, rootDescriptor: rootDescriptor, scratch: scratch) else {
                return .failure(.missingData)
            }
            data = found
        } catch let error as DocumentStoreError where error.errno == ENOTDIR {
            return .failure(.notAFolder)
        } catch {
            return .failure(DocumentProblem.reason(decoding: error))
        }
        do {
            return .success(try decode(data))
        } catch {
            return .failure(DocumentProblem.reason(decoding: error))
        }
    }

    /// The data file of the bundle folder `name`, read relative to the open root.
    private func readDataFile(ofBundleNamed name: String, rootDescriptor: Int32, scratch: UnsafeMutableRawBufferPointer) throws -> Data? {
        for file in configuration.dataFileNames {
            let relative = name + "/" + file
            if let data = try POSIX.readSmallFile(at: rootDescriptor, relative, limit: configuration.maxDataFileBytes, scratch: scratch, path: rootPath + "/" + relative) {
                return data
            }
        }
        return nil
    }
}

extension DocumentProblem.Reason: Error {}

/// Per-chunk results of a parallel listing, each chunk written by exactly one worker.
///
/// `@unchecked Sendable`: every access goes through `lock`.
private final class ChunkResults<Document>: @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [[Document]]
    private var problems: [[DocumentProblem]]

    init(count: Int) {
        documents = Array(repeating: [], count: count)
        problems = Array(repeating: [], count: count)
    }

    func store(_ chunk: Int, documents chunkDocuments: [Document], problems chunkProblems: [DocumentProblem]) {
        lock.lock()
        defer { lock.unlock() }
        documents[chunk] = chunkDocuments
        problems[chunk] = chunkProblems
    }

    /// The chunks' results in chunk order (chunks are consecutive id ranges, so ids stay sorted).
    func joined() -> ([Document], [DocumentProblem]) {
        lock.lock()
        defer { lock.unlock() }
        return (documents.flatMap { $0 }, problems.flatMap { $0 })
    }
}
