import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentFolder {
    /// The listing summary's file in the root: a hidden name, which the original apps and the
    /// bundle scan ignore. Anyone may delete it; it is rewritten by the next listing.
    public static let listingSummaryName = ".listing-summary"

    /// ``list(decode:)`` helped by a listing summary in the root (``listingSummaryName``):
    /// bundles whose data file has not changed since the summary recorded it are not read.
    ///
    /// Per bundle, one `stat` of its data file (no open, no read); the value is taken from the
    /// summary only if the bundle folder is a real folder (not a link) and the data file is the
    /// same name with the same device, inode, size, and modification and status-change times to
    /// the nanosecond as when its value was recorded. Every other bundle is read and decoded as
    /// ``list(decode:)`` does. The result is the one ``list(decode:)`` gives.
    ///
    /// The summary is never trusted: one that is damaged, truncated, foreign, of another
    /// format, over its size limit (proportional to the bundles listed) or not a regular file
    /// (a link is not followed) is ignored and replaced. It is rewritten only when something
    /// changed, atomically (a temporary file renamed over it, so it is whole or old, never torn)
    /// but without `fsync`: it is a cache. A value read now is recorded only if its data file was
    /// the same before and after the read, and its status-change time is older than the
    /// listing's start by ``listingSummarySettleTime`` (a file changed in the same clock tick as
    /// a read could otherwise look unchanged later); such a bundle is read again next time. If
    /// the summary cannot be written (a read-only folder), the listing is the same.
    /// - Throws: ``DocumentStoreError`` only if the root itself cannot be read.
    public func list<Value: Sendable>(
        decode: @escaping @Sendable (Data) throws -> Value, summary format: ListingSummaryFormat<Value>
    ) async throws -> DocumentListing<Value> {
        try await place.list(decode: decode, summary: format, in: self)
    }

    /// A bucket's listing from its listing summary brought up to date by the writers' change
    /// journals, without listing the bucket: what a starting server answers while its first
    /// full listing is read (100,000 creatures: a listing takes seconds of the storage's time,
    /// this a few requests). A bundle the journals name is read again; every other one is as
    /// the summary recorded it.
    ///
    /// Nil on disk (listing a folder is fast), and whenever the result cannot be shown to hold
    /// every change the journals tell: no summary (or one without the time its listing began,
    /// damaged, of another format, over 64 MiB), journals that do not reach back to that time
    /// or ask for a full look, more than 1,000 bundles changed since, a request that failed.
    /// What no journal tells — writes by other programs, bundles that cannot be read — only a
    /// full listing (``list(decode:summary:)``) shows.
    public func listFromSummary<Value: Sendable>(
        decode: @escaping @Sendable (Data) throws -> Value, summary format: ListingSummaryFormat<Value>
    ) async -> DocumentListing<Value>? {
        guard let bucket = (place as? BucketBundles)?.bucket else { return nil }
        return await objectWarmList(bucket, decode: decode, format: format)
    }

    /// ``list(decode:summary:)`` on disk.
    func diskList<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value, summary format: ListingSummaryFormat<Value>) async throws -> DocumentListing<Value> {
        try await pool.run { [self] in try withRoot { try listWithSummary(decode: decode, format: format, rootDescriptor: $0) } }
    }

    /// How long before a listing starts a data file's last status change must be for its value
    /// to be recorded in the summary (1 second unless a test sets it).
    @_spi(Testing) public var listingSummarySettleTime: Duration {
        get { .nanoseconds(summarySettleNanoseconds.load(ordering: .relaxed)) }
        set {
            let (seconds, attoseconds) = newValue.components
            summarySettleNanoseconds.store(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, ordering: .relaxed)
        }
    }

    private func listWithSummary<Value: Sendable>(
        decode: @Sendable (Data) throws -> Value, format: ListingSummaryFormat<Value>, rootDescriptor: Int32
    ) throws -> DocumentListing<Value> {
        let settledBefore = Self.coarseNow() - summarySettleNanoseconds.load(ordering: .relaxed)
        let (bundles, kinds, nameProblems) = try scanTypedBundles(in: rootDescriptor)
        let limits = ListingSummary.Limits.forBundles(bundles.count)
        let (old, oldFileFound) = readSummary(in: rootDescriptor, format: format.name, limits: limits)
        let parts = inParallelChunks(of: bundles.count) { range in
            var part = SummaryChunk<Value>()
            part.documents.reserveCapacity(range.count)
            part.entries.reserveCapacity(range.count)
            for index in range {
                let bundle = bundles[index]
                if let old, isFolder(bundle, kind: kinds[index], rootDescriptor: rootDescriptor),
                   let value = summarized(bundle, in: old, format: format, rootDescriptor: rootDescriptor) {
                    part.documents.append(ListedDocument(bundle: bundle, value: value.value))
                    part.entries.append(.kept(value.entry))
                    continue
                }
                let (outcome, validator) = loadValidated(bundle, rootDescriptor: rootDescriptor, validate: true, decode: decode)
                switch outcome {
                case .success(let value):
                    part.documents.append(ListedDocument(bundle: bundle, value: value))
                    if let validator, validator.changed != 0, validator.changed < settledBefore {
                        var record = SummaryRecordWriter()
                        if format.encode(value, &record), record.bytes.count <= limits.maxRecordBytes {
                            part.entries.append(.read(id: bundle.id, name: bundle.name, validator: validator.bytes, record: record.bytes))
                        }
                    }
                case .failure(let reason):
                    part.problems.append(DocumentProblem(name: bundle.name, id: bundle.id, reason: reason))
                }
            }
            return part
        }
        if let written = summaryToWrite(parts, old: old, oldFileFound: oldFileFound, format: format.name, limits: limits) {
            try? writer.replaceCache(written, named: Self.listingSummaryName, in: rootDescriptor, folderPath: rootPath)
        }
        return DocumentListing(
            documents: parts.count == 1 ? parts[0].documents : parts.flatMap(\.documents),
            problems: (nameProblems + parts.flatMap(\.problems)).sorted { $0.name < $1.name }
        )
    }

    /// Bundle `bundle`'s value from the summary, if its entry is for this name and its
    /// validator equals the data file's status now.
    private func summarized<Value>(
        _ bundle: DocumentBundle, in summary: ListingSummary, format: ListingSummaryFormat<Value>, rootDescriptor: Int32
    ) -> (value: Value, entry: ListingSummary.Entry)? {
        guard let index = summary.index(of: bundle.id) else { return nil }
        let entry = summary.entries[index]
        guard summary.entry(entry, isNamed: bundle.name), let recorded = DiskValidator(summary.validator(of: entry)),
              let current = currentValidator(of: bundle, rootDescriptor: rootDescriptor), current == recorded else { return nil }
        var reader = SummaryRecordReader(summary.record(of: entry))
        guard let value = format.decode(&reader), reader.isAtEnd else { return nil }
        return (value, entry)
    }

    /// Whether the bundle's entry is a folder, not a link to one: as the directory read said, or
    /// (where it does not say) as a status call says.
    private func isFolder(_ bundle: DocumentBundle, kind: FileStatus.Kind?, rootDescriptor: Int32) -> Bool {
        if let kind { return kind == .directory }
        return (try? fileSystem.entryStatus(rootDescriptor, bundle.name))?.kind == .directory
    }

    /// The validator of `bundle`'s data file now: the `stat` (not following a final link) of the
    /// first configured data file name present; nil if none is a regular file or one cannot be
    /// asked.
    private func currentValidator(of bundle: DocumentBundle, rootDescriptor: Int32) -> DiskValidator? {
        for (index, file) in configuration.dataFileNames.enumerated() {
            do {
                let status = try fileSystem.entryStatus(rootDescriptor, bundle.name + "/" + file)
                return status.kind == .regular ? DiskValidator(nameIndex: index, status: status) : nil
            } catch {
                if error.code == ENOENT { continue }
                return nil
            }
        }
        return nil
    }

    /// The summary in the root, if there is a valid one in `format`, and whether any file (or
    /// anything else) is there under its name.
    private func readSummary(in rootDescriptor: Int32, format: String, limits: ListingSummary.Limits) -> (ListingSummary?, found: Bool) {
        let path = rootPath + "/" + Self.listingSummaryName
        let opened: (descriptor: Int32, status: FileStatus)?
        do {
            opened = try fileSystem.openRegularFile(rootDescriptor, Self.listingSummaryName, path: path)
        } catch {
            return (nil, true)  // a link, a folder, a FIFO, unreadable: not used, replaced if it can be
        }
        guard let (descriptor, status) = opened else { return (nil, false) }
        defer { fileSystem.closeFile(descriptor) }
        guard status.size <= limits.maxBytes, let bytes = readWhole(descriptor, size: status.size) else { return (nil, true) }
        return (ListingSummary(decoding: bytes, format: format, limits: limits), true)
    }

    /// The open file's bytes, if it has exactly the `size` its `fstat` gave (one byte more is
    /// asked for, so a file that grew is noticed).
    private func readWhole(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let start = filled
            let count = bytes.withUnsafeMutableBytes { buffer in
                try? fileSystem.readBytes(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
            }
            guard let count else { return nil }
            if count == 0 { break }
            filled += count
        }
        guard filled == size else { return nil }
        bytes.removeLast()
        return bytes
    }

    /// The new summary's bytes, or nil when the one there is still exact (every entry kept,
    /// none added) or there is none and nothing to record.
    private func summaryToWrite<Value>(
        _ parts: [SummaryChunk<Value>], old: ListingSummary?, oldFileFound: Bool, format: String, limits: ListingSummary.Limits
    ) -> [UInt8]? {
        var kept = 0, read = 0
        for part in parts {
            for entry in part.entries {
                if case .kept = entry { kept += 1 } else { read += 1 }
            }
        }
        if let old, read == 0, kept == old.entries.count { return nil }
        if old == nil, !oldFileFound, read == 0 { return nil }
        var writer = ListingSummary.Writer(format: format)
        for part in parts {
            for entry in part.entries {
                switch entry {
                case .kept(let entry):
                    guard let old else { continue }
                    writer.append(id: entry.id, name: old.name(of: entry), validator: old.validator(of: entry), record: old.record(of: entry), maxRecordBytes: limits.maxRecordBytes)
                case .read(let id, let name, let validator, let record):
                    writer.append(id: id, name: name, validator: validator, record: record, maxRecordBytes: limits.maxRecordBytes)
                }
            }
        }
        return writer.finished()
    }

    /// The realtime clock as file times are stamped from it (the coarse clock), in nanoseconds
    /// since 1970.
    static func coarseNow() -> Int64 {
        var now = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        #else
        clock_gettime(CLOCK_REALTIME, &now)
        #endif
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

/// One chunk's part of a listing with a summary.
private struct SummaryChunk<Value: Sendable>: Sendable {
    /// A summary entry of the new summary.
    enum Entry: Sendable {
        /// The old summary's entry, still valid.
        case kept(ListingSummary.Entry)
        /// A value read now, with its validator and record.
        case read(id: Int, name: String, validator: [UInt8], record: [UInt8])
    }

    var documents: [ListedDocument<Value>] = []
    var problems: [DocumentProblem] = []
    var entries: [Entry] = []
}
