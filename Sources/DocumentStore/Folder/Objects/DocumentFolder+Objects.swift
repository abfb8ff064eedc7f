import Foundation
import ObjectStorage

/// A document folder in a bucket: `PREFIX/N.ext/Data.plist` and the attachments beside it, the
/// layout on disk. What each operation does there is told at ``DocumentFolder/init(bucket:configuration:pool:)``.
extension DocumentFolder {
    /// The objects of one bundle, by file name.
    typealias ObjectFiles = [String: S3ListedObject]

    /// How many times an edit whose data write lost a race runs again before `.conflict`.
    static let objectEditAttempts = 20

    /// Runs a request against the bucket, turning its failure into a ``DocumentStoreError``.
    func objectRequest<Value>(_ what: String, _ operation: () async throws -> Value) async throws -> Value {
        do {
            return try await operation()
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: what)
        }
    }

    /// Every bundle under the prefix (sorted and checked as on disk) with its files, and the
    /// names that look like bundles but cannot be used. One request per 1,000 objects.
    ///
    /// - Parameters:
    ///   - idPrefix: list only names starting with this (`"12."`: bundle 12 in every spelling).
    ///   - wide: when the listing takes more than one page, list the rest in key ranges at once
    ///     (``wideListingBoundaries``): a list's answer, not a watch's once-a-minute look.
    func objectScan(
        _ bucket: BucketStorage, idPrefix: String = "", wide: Bool = false
    ) async throws -> (bundles: [(DocumentBundle, ObjectFiles)], problems: [DocumentProblem]) {
        var grouped: [String: ObjectFiles] = [:]
        var loose: [String] = []
        let prefix = bucket.location.prefix
        func take(_ objects: [S3ListedObject]) {
            for object in objects {
                let relative = object.key.utf8.dropFirst(prefix.utf8.count)
                guard let slash = relative.firstIndex(of: UInt8(ascii: "/")) else {
                    loose.append(String(decoding: relative, as: UTF8.self))
                    continue
                }
                let folder = String(decoding: relative[..<slash], as: UTF8.self)
                let file = String(decoding: relative[relative.index(after: slash)...], as: UTF8.self)
                // Deeper keys are not a bundle's files (nothing on disk reads them either).
                guard !file.isEmpty, !file.contains("/") else { continue }
                grouped[folder, default: [:]][file] = object
            }
        }
        try await objectRequest(root.absoluteString) {
            if wide && idPrefix.isEmpty {
                var parts = try await bucket.client.listWide(prefix: prefix, boundaries: Self.wideListingBoundaries, concurrency: Self.wideListingConcurrency)
                while let part = parts.popLast() { take(part) }  // each part freed once taken
            } else {
                try await bucket.client.forEachPage(prefix: prefix + idPrefix) { take($0.objects) }
            }
        }
        let (bundles, _, problems) = sortBundles(grouped.keys.map { ($0, .directory) })
        if idPrefix.isEmpty, let last = bundles.last { noteObjectID(last.id) }
        var extra: [DocumentProblem] = []
        for name in loose where !grouped.keys.contains(name) {
            if case .bundle(let id) = BundleName.parse(name, configuration: configuration) {
                extra.append(DocumentProblem(name: name, id: id, reason: .notAFolder))
            }
        }
        return (bundles.map { ($0, grouped[$0.name] ?? [:]) }, (problems + extra).sorted { $0.name < $1.name })
    }

    /// The key ranges a wide listing (``S3Client/listWide(prefix:boundaries:concurrency:maxKeys:)``)
    /// splits a folder into after its first page: bundle names are
    /// numbers, so the keys of a large folder spread over the names that start with `1`, `10`,
    /// `11`, … `99` (in key order).
    static let wideListingBoundaries: [String] = (1...9).flatMap { first in ["\(first)"] + (0...9).map { "\(first)\($0)" } }

    /// Range listings in flight at once in a wide listing: SeaweedFS on two cores lists no
    /// faster with more than four, and each holds a page of up to 1,000 keys being parsed.
    static let wideListingConcurrency = 8

    /// Bundle `id` and its files.
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` when no object has its name, `.invalidName`
    ///   for a number no bundle can have.
    func objectBundle(_ bucket: BucketStorage, _ id: Int) async throws -> (DocumentBundle, ObjectFiles) {
        guard BundleName.isValid(id) else {
            throw DocumentStoreError(.invalidName, "bundle numbers go from 1 to \(BundleName.largestID), not \(id)")
        }
        guard let found = try await objectScan(bucket, idPrefix: "\(id).").bundles.first(where: { $0.0.id == id }) else {
            throw DocumentStoreError(.notFound, "no bundle \(configuration.bundleName(for: id)) in \(root.absoluteString)")
        }
        return found
    }

    /// Runs `body` with a session on bundle `id`, held in this process (`exclusive` for
    /// writing), on the pool that waits for the bucket; an edit whose data write lost a race
    /// to another server runs again from a fresh listing.
    func withObjectSession<Result: Sendable>(
        _ bucket: BucketStorage, _ id: Int, exclusive: Bool, _ body: @escaping @Sendable (ObjectBundleSession, UInt64) throws -> Result
    ) async throws -> Result {
        try await locks.withLock(id, exclusive: exclusive) { [self] generation in
            for _ in 0..<Self.objectEditAttempts {
                let (bundle, files) = try await objectBundle(bucket, id)
                do {
                    return try await objectWaitPool.run { [self] in
                        let session = ObjectBundleSession(folder: self, bucket: bucket, bundle: bundle, files: files)
                        let result = try body(session, generation)
                        try session.finish()
                        return result
                    }
                } catch is ObjectEditConflict {
                    continue
                }
            }
            throw DocumentStoreError(.conflict, "bundle \(configuration.bundleName(for: id)) kept changing under this edit (\(Self.objectEditAttempts) tries); try again")
        }
    }

    /// Creates a bundle in the bucket under 1 + the largest number in use: the data file with
    /// `If-None-Match: *` (a number another server took meanwhile gives 412), then the
    /// attachments. If an attachment cannot be written, what was written is removed again and
    /// the creation fails.
    ///
    /// The largest number is remembered (``largestObjectID``, which each creation in this
    /// process advances to take a number to try) from this store's creations and listings, so
    /// a creation costs a few requests however many bundles there are: the names of every
    /// bundle (one request per 1,000) are listed only the first time (once for the creations
    /// that come while that listing runs), after a lost race, and
    /// after this store deleted the largest (so one server numbers as a folder does; a number
    /// another server freed is taken again only once this one lists). Objects an interrupted
    /// delete left under the number taken (attachments without data, which nobody lists) are
    /// removed at once, so a new bundle never inherits a photo.
    func objectCreate(_ bucket: BucketStorage, data: Data, attachments: [String: Data]) async throws -> DocumentBundle {
        if largestObjectID.load(ordering: .relaxed) == 0 {
            _ = try await largestObjectIDListing.value(for: 0) { [self] in try await objectLargestID(bucket) }
        }
        var lostRaces = 0
        while lostRaces < 100 {
            // Each creation in this process takes a number of its own to try: only other
            // servers can take it first.
            let id = largestObjectID.add(1, ordering: .relaxed).newValue
            guard id <= BundleName.largestID else { break }
            let name = configuration.bundleName(for: id)
            let dataKey = bucket.key(name + "/" + configuration.dataFileNames[0])
            do {
                _ = try await objectRequest(root.absoluteString + name) {
                    try await bucket.writeObject(dataKey, body: data, contentType: "application/octet-stream", condition: .absent)
                }
            } catch let error as DocumentStoreError where error.code == .conflict {
                lostRaces += 1
                _ = try await objectLargestID(bucket)
                continue
            }
            var written = [dataKey]
            do {
                for (_, files) in try await objectScan(bucket, idPrefix: "\(id).").bundles {
                    for object in files.values where object.key != dataKey { try await objectRequest(object.key) { try await bucket.deleteObject(object.key) } }
                }
                for (file, bytes) in attachments.sorted(by: { $0.key < $1.key }) {
                    let key = bucket.key(name + "/" + file)
                    try await objectRequest(root.absoluteString + name + "/" + file) { _ = try await bucket.putObject(key, body: bytes) }
                    written.append(key)
                }
            } catch {
                for key in written.reversed() { try? await bucket.deleteObject(key) }
                throw error
            }
            await locks.advance(id)
            return makeBundle(id: id, name: name)
        }
        throw DocumentStoreError(.noFreeNumber, "no bundle number was free in \(root.absoluteString) after 100 tries", path: root.absoluteString)
    }

    /// The largest bundle number any object name under the prefix has (every spelling, with or
    /// without data), listed now and remembered.
    ///
    /// The names come from a listing with the delimiter `/` (one entry per bundle, not per
    /// file). A store that keeps folders (SeaweedFS's filer) still lists a deleted bundle's
    /// empty folder there, which S3 never does: so the largest names are looked into, largest
    /// first, until one holds an object (one more request, as a rule), and a number whose bundle
    /// is gone is free again, as on disk.
    private func objectLargestID(_ bucket: BucketStorage) async throws -> Int {
        var named: [(id: Int, prefix: String)] = []
        let prefix = bucket.location.prefix
        try await objectRequest(root.absoluteString) {
            try await bucket.client.forEachPage(prefix: prefix, delimiter: "/") { page in
                for folder in page.commonPrefixes {
                    let name = String(folder.dropFirst(prefix.count).dropLast())
                    if case .bundle(let id) = BundleName.parse(name, configuration: configuration) { named.append((id, folder)) }
                }
            }
        }
        var largest = 0
        for candidate in named.sorted(by: { $0.id > $1.id }) {
            let page = try await objectRequest(root.absoluteString + String(candidate.prefix.dropFirst(prefix.count))) {
                try await bucket.client.listPage(prefix: candidate.prefix, maxKeys: 1)
            }
            if !page.objects.isEmpty {
                largest = candidate.id
                break
            }
        }
        noteObjectID(largest)
        return largest
    }

    /// Remembers that bundle number `id` is in use.
    func noteObjectID(_ id: Int) {
        var current = largestObjectID.load(ordering: .relaxed)
        while id > current {
            let (exchanged, found) = largestObjectID.compareExchange(expected: current, desired: id, ordering: .relaxed)
            if exchanged { return }
            current = found
        }
    }

    /// Deletes bundle `id` from the bucket: its data file first (from then on it is gone for
    /// every reader and a late edit's conditional write fails), then every other object under
    /// its name, including any written while this ran — unless another server has meanwhile
    /// made a new bundle under the freed number (a data file is there again).
    func objectDelete(_ bucket: BucketStorage, _ id: Int, precondition: (@Sendable (Data?) throws -> Void)?) async throws {
        try await locks.withLock(id, exclusive: true) { [self] _ in
            let (bundle, files) = try await objectBundle(bucket, id)
            if let precondition {
                let data = try await objectWaitPool.run { [self] in
                    try ObjectBundleSession(folder: self, bucket: bucket, bundle: bundle, files: files).readData()
                }
                try precondition(data)
            }
            let dataNames = Set(configuration.dataFileNames)
            let ordered = files.keys.sorted { dataNames.contains($0) && !dataNames.contains($1) }
            for name in ordered {
                let key = bucket.key(bundle.name + "/" + name)
                try await objectRequest(bundle.url.absoluteString) { try await bucket.deleteObject(key) }
            }
            // What was written while this ran goes too — unless a data file is there again: then
            // another server has already made a new bundle under the freed number, and it is its.
            for (late, lateFiles) in try await objectScan(bucket, idPrefix: "\(id).").bundles where late.name == bundle.name {
                guard !configuration.dataFileNames.contains(where: { lateFiles[$0] != nil }) else { break }
                for object in lateFiles.values { try? await bucket.deleteObject(object.key) }
            }
            // The largest number may be free again: the next creation lists the names, as on disk.
            _ = largestObjectID.compareExchange(expected: id, desired: 0, ordering: .relaxed)
        }
    }

    /// Bundle `id`'s data file: the usual name in one request, else through its listing.
    func objectReadData(_ bucket: BucketStorage, _ id: Int) async throws -> Data {
        guard BundleName.isValid(id) else {
            throw DocumentStoreError(.invalidName, "bundle numbers go from 1 to \(BundleName.largestID), not \(id)")
        }
        let name = configuration.bundleName(for: id)
        let key = bucket.key(name + "/" + configuration.dataFileNames[0])
        do {
            if case .object(let object) = try await bucket.client.get(key, maxBytes: configuration.maxDataFileBytes) { return object.body }
        } catch let error as S3Error where error.code == .notFound {
            // Another spelling or data name: the listing finds it.
        } catch let error as S3Error {
            throw DocumentStoreError.storage(error, location: root.absoluteString + name)
        }
        let data = try await withObjectSession(bucket, id, exclusive: false) { session, _ in try session.readData() }
        guard let data else {
            throw DocumentStoreError(.notFound, "bundle \(name) has no data file", path: root.absoluteString + name)
        }
        return data
    }
}
