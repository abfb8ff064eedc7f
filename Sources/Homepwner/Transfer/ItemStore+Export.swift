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
    /// each item's photo named by its key, and its attachments by their stored names. Unzipped,
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
        try await load()
        switch status {
        case .damaged(let reason):
            throw HomepwnerError(.damagedArchive, "\(reason); repair it (homepwner check --repair) before exporting")
        case .newerModel(let message):
            throw HomepwnerError(.newerModel, "\(message); export it with that version")
        case .ready, .readOnly:
            break
        }
        let contents = try await archiveContents()
        let locations = try await self.locations()
        let pool = self.pool
        let archiveBytes: Data
        do {
            archiveBytes = try await pool.run { try contents.encoded() }
        } catch {
            throw HomepwnerError(.storage, "the inventory cannot be encoded for the export: \(error)")
        }
        // Item keys that name files are UUIDs (ASCII), so Set membership is code-point equality.
        let keys = Set(contents.items.map(\.itemKey).filter(ItemRules.isValidKey))
        let photoKeys = try await images.photoKeys()
        let stored = try await attachments.all().filter { keys.contains($0.itemKey) }
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
            // In the archive's order, each key once (two items sharing a key share one photo file).
            var written = Set<String>()
            for item in contents.items where keys.contains(item.itemKey) && photoKeys.contains(item.itemKey) && written.insert(item.itemKey).inserted {
                let key = item.itemKey
                do {
                    guard let photo = try await images.readPhoto(key) else { continue }
                    try await pool.run { try zip.add(key, photo, compress: false) }
                    summary.photos += 1
                } catch let error as HomepwnerError where error.code == .corrupt {
                    summary.skipped.append(InventoryTransferSkip(name: key, reason: error.message))
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
    /// The whole inventory as a zip to send (a download): written as ``exportInventory(to:)``
    /// writes it, into a temporary file that is opened and then removed at once, so nothing is
    /// left behind whatever happens to the download; its bytes are read as they are sent. Its
    /// `kind` is what the export wrote.
    ///
    /// - Throws: what ``exportInventory(to:)`` throws.
    public func exportInventoryForDownload() async throws -> StreamedFile<InventoryTransferSummary> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-export-\(UUID().uuidString)", isDirectory: true)
        let pool = self.pool
        try await pool.run {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            } catch {
                throw HomepwnerError(.storage, "the export cannot be written: \(error.localizedDescription)")
            }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("export.zip", isDirectory: false)
        let summary = try await exportInventory(to: url)
        let file = try await pool.run { () throws -> OpenAttachment in
            guard let file = try? OpenAttachment.openRegularFile(at: url) else {
                throw HomepwnerError(.storage, "the export was written but cannot be opened to be sent")
            }
            return file
        }
        return StreamedFile(kind: summary, file: file, pool: pool)
    }
}
