import Foundation
import Hex
import ObjectStorage

extension DocumentFolder {
    /// Requests in flight at once while a listing reads data files from a bucket.
    static let objectListingConcurrency = 32

    /// ``list(decode:summary:)`` in a bucket: a wide ListObjectsV2 listing (a request per 1,000
    /// objects, in key ranges at once past the first page) gives every bundle's files and ETags;
    /// with a summary (`PREFIX/.listing-summary`),
    /// a bundle whose data file's ETag is the one its entry recorded is taken from there, and
    /// only the others are read — up to 32 at once. A summary that is damaged, foreign or over
    /// its limit is ignored; it is written again (unconditionally: it is a cache, and every
    /// entry is checked on use) only when something changed.
    func objectList<Value: Sendable>(
        _ bucket: BucketStorage, decode: @escaping @Sendable (Data) throws -> Value, format: ListingSummaryFormat<Value>?
    ) async throws -> DocumentListing<Value> {
        let began = Date()
        let (bundles, nameProblems) = try await objectScan(bucket, wide: true)
        let limits = ListingSummary.Limits.forBundles(bundles.count)
        var old: ListingSummary?
        var oldFound = false
        var oldBegan: Date?
        if let format { (old, oldFound, oldBegan) = await objectSummary(bucket, format: format.name, limits: limits) }

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
            // Unchanged, it is written again now and then all the same: the time its listing
            // began says how far back a warm start must read the journals (``objectWarmList``).
            let dated = oldBegan.map { began.timeIntervalSince($0) < Self.summaryRedatedAfter } ?? false
            if !(keptAll && (old != nil || !oldFound) && (dated || old == nil)) {
                // It says when its listing began only when it holds every bundle listed (a
                // record too large to keep leaves one out): else no warm start takes it.
                let complete = entries.count == documents.count { $0 != nil }
                await writeObjectSummary(bucket, entries: entries, format: format.name, limits: limits, began: complete ? began : nil)
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
    private func objectSummary(_ bucket: BucketStorage, format: String, limits: ListingSummary.Limits) async -> (ListingSummary?, found: Bool, began: Date?) {
        do {
            guard case .object(let object) = try await bucket.client.get(bucket.key(Self.listingSummaryName), maxBytes: limits.maxBytes) else { return (nil, true, nil) }
            return (ListingSummary(decoding: [UInt8](object.body), format: format, limits: limits), true, Self.listingBegan(object))
        } catch let error as S3Error where error.code == .notFound {
            return (nil, false, nil)
        } catch {
            return (nil, true, nil)
        }
    }

    /// Writes the summary of `entries`, with the time its listing `began` if given, and where
    /// (best effort: a cache that cannot be written is not an error).
    private func writeObjectSummary(_ bucket: BucketStorage, entries: [SummaryEntry], format: String, limits: ListingSummary.Limits, began: Date?) async {
        var writer = ListingSummary.Writer(format: format)
        for entry in entries.sorted(by: { $0.id < $1.id }) {
            writer.append(id: entry.id, name: entry.name, validator: entry.validator, record: entry.record, maxRecordBytes: limits.maxRecordBytes)
        }
        var metadata: [String: String] = [:]
        if let began {
            metadata[Self.summaryBeganMetadata] = String(began.timeIntervalSince1970)
            metadata[Self.summaryPlaceMetadata] = Self.summaryPlace(bucket)
        }
        _ = try? await bucket.client.put(bucket.key(Self.listingSummaryName), body: Data(writer.finished()), contentType: "application/octet-stream", metadata: metadata)
    }

    /// The user metadata in which a summary in a bucket records when the listing that wrote it
    /// began (seconds since 1970, by the writer's clock), when it holds every bundle listed.
    static let summaryBeganMetadata = "listing-began"

    /// The user metadata in which a summary records the bucket and prefix it describes: a copy
    /// elsewhere (`aws s3 sync` keeps metadata) is no warm start's summary there.
    static let summaryPlaceMetadata = "listing-place"

    /// What ``summaryPlaceMetadata`` holds for `bucket`: the bucket and the prefix, hex-encoded
    /// (metadata is ASCII).
    private static func summaryPlace(_ bucket: BucketStorage) -> String {
        Hex.encode(Array((bucket.location.bucket + "/" + bucket.location.prefix).utf8))
    }

    /// How old the time a summary records may grow before a listing that changed nothing
    /// writes it again (so that a warm start seldom finds it older than the journals reach back).
    static let summaryRedatedAfter: TimeInterval = 300

    /// When the listing that wrote `summary` began, if it says so readably.
    private static func listingBegan(_ summary: S3Object) -> Date? {
        guard let text = summary.metadata[summaryBeganMetadata], let seconds = Double(text), seconds.isFinite, seconds > 0 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The largest summary a warm listing reads (about 500,000 creatures).
    static let warmSummaryMaxBytes = 64 << 20

    /// The most changed bundles a warm listing reads again; more, and the bucket is listed.
    static let warmListingMaxChanged = 1_000

    /// The summary, read whole, and when its listing began; nil unless it says so and reads
    /// (the bytes as read are freed on return: only the decoded summary stays).
    private func warmSummary(_ bucket: BucketStorage, format: String) async -> (ListingSummary, Date)? {
        guard case .object(let object)? = try? await bucket.client.get(bucket.key(Self.listingSummaryName), maxBytes: Self.warmSummaryMaxBytes),
              object.metadata[Self.summaryPlaceMetadata] == Self.summaryPlace(bucket),
              let began = Self.listingBegan(object),
              let summary = ListingSummary(decoding: [UInt8](object.body), format: format, limits: .init(maxBytes: Self.warmSummaryMaxBytes))
        else { return nil }
        return (summary, began)
    }

    /// ``listFromSummary(decode:summary:)`` in a bucket: the summary (one GET), the writers'
    /// journals since its listing began (``ChangeFollower/changes(client:prefix:since:clockMargin:retention:now:)``:
    /// the roster and a GET per writer), and each bundle they name read again (a listing of its
    /// number and a GET, 16 at once); nil when any of it cannot be had or proven complete.
    func objectWarmList<Value: Sendable>(
        _ bucket: BucketStorage, decode: @escaping @Sendable (Data) throws -> Value, format: ListingSummaryFormat<Value>
    ) async -> DocumentListing<Value>? {
        guard let (summary, began) = await warmSummary(bucket, format: format.name),
              let pass = try? await ChangeFollower.changes(client: bucket.client, prefix: bucket.location.prefix, since: began),
              !pass.everything
        else { return nil }
        var changed = Set<Int>()
        for name in pass.names {
            let first = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
            if case .bundle(let id) = BundleName.parse(first, configuration: configuration) { changed.insert(id) }
        }
        guard changed.count <= Self.warmListingMaxChanged else { return nil }
        var documents: [ListedDocument<Value>] = []
        documents.reserveCapacity(summary.entries.count)
        for entry in summary.entries where !changed.contains(entry.id) {
            var reader = SummaryRecordReader(summary.record(of: entry))
            guard let value = format.decode(&reader), reader.isAtEnd else { return nil }
            documents.append(ListedDocument(bundle: makeBundle(id: entry.id, name: summary.name(of: entry)), value: value))
        }
        let reread: [(documents: [ListedDocument<Value>], problems: [DocumentProblem])]
        do {
            reread = try await concurrentlyMapped(changed, atMost: Self.objectListingConcurrency / 2) { [self] id in
                let (bundles, problems) = try await objectScan(bucket, idPrefix: "\(id).")
                var found: (documents: [ListedDocument<Value>], problems: [DocumentProblem]) = ([], problems.filter { $0.id == id })
                for (bundle, files) in bundles where bundle.id == id {
                    guard configuration.dataFileNames.contains(where: { files[$0] != nil }) else {
                        found.problems.append(DocumentProblem(name: bundle.name, id: bundle.id, reason: .missingData))
                        continue
                    }
                    switch await objectLoad(bucket, bundle, files: files, decode: decode) {
                    case .success(let (value, _, _)): found.documents.append(ListedDocument(bundle: bundle, value: value))
                    case .failure(let reason): found.problems.append(DocumentProblem(name: bundle.name, id: bundle.id, reason: reason))
                    }
                }
                return found
            }
        } catch {
            return nil
        }
        documents += reread.flatMap(\.documents)
        documents.sort { $0.bundle.id < $1.bundle.id }
        return DocumentListing(documents: documents, problems: reread.flatMap(\.problems).sorted { $0.name < $1.name })
    }
}
