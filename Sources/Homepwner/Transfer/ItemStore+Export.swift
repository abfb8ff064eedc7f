import DocumentStore
import Foundation

extension ItemStore {
    /// The name an export of the inventory suggests for its file: `homepwner-YYYY-MM-DD.zip`
    /// (the date in UTC).
    public nonisolated static func exportFileName(on date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ number: Int?) -> String { number.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "homepwner-\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)).zip"
    }

    /// Writes the whole inventory as one zip at `url` (durably, replacing a file there), laid
    /// out as the data folder is: `items.archive`, `locations.plist` when locations are kept,
    /// `owner.plist` when the report's owner and policy block is set,
    /// each item's photos (the first named by its key, the others `<key>.photo-<n>`), and its
    /// attachments by their stored names. Unzipped,
    /// it is a data folder both this program and the 2014 app open; ``importInventory(from:named:limits:)``
    /// reads it on another machine.
    ///
    /// The items are those of one state of the archive; a photo or attachment is read after
    /// it, one at a time (memory stays one file's worth), and one removed meanwhile is left
    /// out. A stored file that cannot be read is left out and named in the summary.
    ///
    /// - Throws: ``HomepwnerError`` `.damagedArchive` (repair it first), `.newerModel` (export it
    ///   with the program that wrote it), `.storage` when the zip cannot be written (no part of
    ///   it is left at `url`).
    @discardableResult
    public func exportInventory(to url: URL) async throws -> InventoryTransferSummary {
        try await writeExport(of: try await exportSnapshot(), to: url)
    }

    /// Writes the zip of `snapshot` at `url` (see ``exportInventory(to:)``).
    private func writeExport(of snapshot: InventorySnapshot, to url: URL) async throws -> InventoryTransferSummary {
        let (contents, locations) = (snapshot.contents, snapshot.locations)
        let pool = self.pool
        let archiveBytes: Data
        do {
            archiveBytes = try await pool.run { try contents.encoded() }
        } catch {
            throw HomepwnerError(.storage, "the inventory cannot be encoded for the export: \(error)")
        }
        // Item keys that name files are UUIDs (ASCII), so Set membership is code-point equality.
        let keys = Set(contents.items.map(\.itemKey).filter(ItemRules.isValidKey))
        let photosByKey = Dictionary(grouping: snapshot.photos, by: \.itemKey)
        let stored = snapshot.attachments.filter { keys.contains($0.itemKey) }
        var summary = InventoryTransferSummary()
        summary.items = contents.items.count
        summary.locations = locations.names.count
        let zip: ZipBuilder
        do {
            zip = try await pool.run { try ZipBuilder(fileAt: url) }
        } catch {
            throw HomepwnerError(.storage, "the export cannot be written: \(error)")
        }
        do {
            try await pool.run { try zip.add(Self.archiveName, archiveBytes, compress: true) }
            if !locations.names.isEmpty {
                let list = locations.encoded()
                try await pool.run { try zip.add(LocationList.fileName, list, compress: true) }
            }
            if !snapshot.owner.isEmpty || !snapshot.owner.otherFields.isEmpty {
                let block = snapshot.owner.encoded()
                try await pool.run { try zip.add(InventoryOwner.fileName, block, compress: true) }
            }
            // In the archive's order, each key once (two items sharing a key share its photo files).
            var written = Set<String>()
            for item in contents.items where keys.contains(item.itemKey) && written.insert(item.itemKey).inserted {
                for photo in photosByKey[item.itemKey] ?? [] {
                    do {
                        guard let data = try await images.readPhoto(photo) else { continue }
                        try await pool.run { try zip.add(photo.storedName, data, compress: false) }
                        summary.photos += 1
                    } catch let error as HomepwnerError where error.code == .corrupt {
                        summary.skipped.append(InventoryTransferSkip(name: photo.storedName, reason: error.message))
                    }
                }
            }
            for attachment in stored {
                do {
                    guard let (data, _) = try await attachments.read(attachment) else { continue }
                    try await pool.run { try zip.add(attachment.storedName, data, compress: false) }
                    summary.attachments += 1
                } catch let error as HomepwnerError where error.code == .corrupt {
                    summary.skipped.append(InventoryTransferSkip(name: attachment.storedName, reason: error.message))
                }
            }
            try await pool.run { try zip.finish() }
        } catch {
            zip.discard()
            if let error = error as? HomepwnerError { throw error }
            throw HomepwnerError(.storage, "the export cannot be written: \(error)")
        }
        return summary
    }
}

extension ItemStore {
    /// The most exports of different states of the inventory that downloads hold at once
    /// (``exportInventoryForDownload()``): 2, so a change while one is read still lets the
    /// next download have the new state.
    public static let maxExportDownloads = 2

    /// The whole inventory as a zip to send (a download): written as ``exportInventory(to:)``
    /// writes it, into a temporary file that is opened and removed at once, so nothing is left
    /// behind whatever happens to the download; its bytes are read as they are sent. Its
    /// `kind` is what the export wrote.
    ///
    /// Downloads of one state of the inventory share one file (``DocumentStore/SharedTemporaryFiles``,
    /// keyed by what the zip would hold: the archive's generation, the list of locations, and
    /// the version of every stored photo and attachment), which is gone when the last of them
    /// ends or is dropped: however many clients download at once, however slowly, they hold one
    /// copy of the inventory for each state they asked at — at most ``maxExportDownloads``. A
    /// download asked for after a change gets a zip with the change.
    /// - Throws: ``DocumentStore/SharedTemporaryFilesFull`` for a new state when
    ///   ``maxExportDownloads`` are held already; what ``exportInventory(to:)`` throws.
    public func exportInventoryForDownload() async throws -> SharedTemporaryFile<InventoryTransferSummary> {
        let snapshot = try await exportSnapshot()
        return try await exportDownloads.file(for: snapshot.state) { url in
            try await self.writeExport(of: snapshot, to: url)
        }
    }
}
