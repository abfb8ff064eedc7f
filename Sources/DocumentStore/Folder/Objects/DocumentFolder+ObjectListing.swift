import Foundation
import ObjectStorage

extension DocumentFolder {
    /// Requests in flight at once while a listing reads data files from a bucket.
    static let objectListingConcurrency = 32

    /// ``list(decode:summary:)`` in a bucket: one ListObjectsV2 pass (a request per 1,000
    /// objects) gives every bundle's files and ETags; with a summary (`PREFIX/.listing-summary`),
    /// a bundle whose data file's ETag is the one its entry recorded is taken from there, and
    /// only the others are read — up to 32 at once. A summary that is damaged, foreign or over
    /// its limit is ignored; it is written again (unconditionally: it is a cache, and every
    /// entry is checked on use) only when something changed.
    func objectList<Value: Sendable>(
        _ bucket: BucketStorage, decode: @escaping @Sendable (Data) throws -> Value, format: ListingSummaryFormat<Value>?
    ) async throws -> DocumentListing<Value> {
        let (bundles, nameProblems) = try await objectScan(bucket)
        let limits = ListingSummary.Limits.forBundles(bundles.count)
        var old: ListingSummary?
        var oldFound = false
        if let format { (old, oldFound) = await objectSummary(bucket, format: format.name, limits: limits) }

        var documents: [ListedDocument<Value>?] = Array(repeating: nil, count: bundles.count)
        var problems = nameProblems
        var entries: [SummaryEntry] = []
        var toRead: [Int] = []
        for (index, (bundle, files)) in bundles.enumerated() {
            guard let (dataName, data) = configuration.dataFileNames.lazy.compactMap({ name in files[name].map { (name, $0) } }).first else {
                problems.append(DocumentProblem(name: bundle.name, id: bundle.id, reason: .missingData))
                continue
            }
            if let format, let old, let entryIndex = old.index(of: bundle.id) {
                let entry = old.entries[entryIndex]
                if old.entry(entry, isNamed: bundle.name), old.validator(of: entry).elementsEqual(Self.objectValidator(name: dataName, etag: data.etag)) {
                    var reader = SummaryRecordReader(old.record(of: entry))
                    if let value = format.decode(&reader), reader.isAtEnd {
                        documents[index] = ListedDocument(bundle: bundle, value: value)
                        entries.append(SummaryEntry(id: bundle.id, name: bundle.name, validator: Array(old.validator(of: entry)), record: Array(old.record(of: entry)), kept: true))
                        continue
                    }
                }
            }
            toRead.append(index)
        }

        let session = bundles
        let results = try await withThrowingTaskGroup(of: (Int, Result<(Value, String, String), DocumentProblem.Reason>).self) { group in
            var results: [(Int, Result<(Value, String, String), DocumentProblem.Reason>)] = []
            results.reserveCapacity(toRead.count)
            var next = 0
            func start() {
                guard next < toRead.count else { return }
                let index = toRead[next]
                next += 1
                let (bundle, files) = session[index]
                group.addTask { [self] in (index, await objectLoad(bucket, bundle, files: files, decode: decode)) }
            }
            for _ in 0..<Self.objectListingConcurrency { start() }
            while let result = try await group.next() {
                results.append(result)
                start()
            }
            return results
        }
        for (index, result) in results {
            let bundle = bundles[index].0
            switch result {
            case .success(let (value, dataName, etag)):
                documents[index] = ListedDocument(bundle: bundle, value: value)
                var record = SummaryRecordWriter()
                if let format, format.encode(value, &record), record.bytes.count <= limits.maxRecordBytes {
                    entries.append(SummaryEntry(id: bundle.id, name: bundle.name, validator: Self.objectValidator(name: dataName, etag: etag), record: record.bytes, kept: false))
                }
            case .failure(let reason):
                problems.append(DocumentProblem(name: bundle.name, id: bundle.id, reason: reason))
            }
        }
        if let format {
            let keptAll = entries.allSatisfy(\.kept) && entries.count == (old?.entries.count ?? 0)
            if !(keptAll && (old != nil || !oldFound)) {
                await writeObjectSummary(bucket, entries: entries, format: format.name, limits: limits)
            }
        }
        return DocumentListing(documents: documents.compactMap { $0 }, problems: problems.sorted { $0.name < $1.name })
    }

    /// One entry of a summary being written.
    private struct SummaryEntry {
        var id: Int
        var name: String
        var validator: [UInt8]
        var record: [UInt8]
        var kept: Bool
    }

    /// A data file's validator in a bucket: its name and its ETag.
    static func objectValidator(name: String, etag: String) -> [UInt8] {
        Array((name + "\u{0}" + etag).utf8.prefix(255))
    }

    /// Reads and decodes one bundle's data file; the value, the data file's name and the ETag
    /// of what was read, or why the bundle is skipped.
    private func objectLoad<Value>(
        _ bucket: BucketStorage, _ bundle: DocumentBundle, files: ObjectFiles, decode: @Sendable (Data) throws -> Value
    ) async -> Result<(Value, String, String), DocumentProblem.Reason> {
        for name in configuration.dataFileNames where files[name] != nil {
            let key = bucket.key(bundle.name + "/" + name)
            let object: S3Object
            do {
                guard case .object(let found) = try await bucket.client.get(key, maxBytes: configuration.maxDataFileBytes) else { continue }
                object = found
            } catch let error as S3Error where error.code == .notFound {
                continue  // deleted since the listing
            } catch let error as S3Error where error.code == .tooLarge {
                return .failure(.corrupt("\(bundle.url.absoluteString)/\(name) is larger than \(configuration.maxDataFileBytes) bytes"))
            } catch {
                return .failure(.unreadable("\(bundle.url.absoluteString)/\(name): \(error)"))
            }
            do {
                return .success((try decode(object.body), name, object.etag))
            } catch {
                return .failure(DocumentProblem.reason(decoding: error))
            }
        }
        return .failure(.missingData)
    }

    /// The summary object, if there is a valid one in `format`, and whether anything is stored
    /// under its name.
    private func objectSummary(_ bucket: BucketStorage, format: String, limits: ListingSummary.Limits) async -> (ListingSummary?, found: Bool) {
        do {
            guard case .object(let object) = try await bucket.client.get(bucket.key(Self.listingSummaryName), maxBytes: limits.maxBytes) else { return (nil, true) }
            return (ListingSummary(decoding: [UInt8](object.body), format: format, limits: limits), true)
        } catch let error as S3Error where error.code == .notFound {
            return (nil, false)
        } catch {
            return (nil, true)
        }
    }

    /// Writes the summary of `entries` (best effort: a cache that cannot be written is not an error).
    private func writeObjectSummary(_ bucket: BucketStorage, entries: [SummaryEntry], format: String, limits: ListingSummary.Limits) async {
        var writer = ListingSummary.Writer(format: format)
        for entry in entries.sorted(by: { $0.id < $1.id }) {
            writer.append(id: entry.id, name: entry.name, validator: entry.validator, record: entry.record, maxRecordBytes: limits.maxRecordBytes)
        }
        _ = try? await bucket.client.put(bucket.key(Self.listingSummaryName), body: Data(writer.finished()), contentType: "application/octet-stream")
    }
}
