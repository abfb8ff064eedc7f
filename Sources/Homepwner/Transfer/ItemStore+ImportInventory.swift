import DocumentStore
import Foundation

extension ItemStore {
    /// Imports a full export (``exportInventory(to:)``) from the zip at `url` into this
    /// inventory, which must have no items: for moving to another machine (or another storage).
    ///
    /// The zip holds `items.archive` at its top or in one folder (a data folder zipped by hand),
    /// with the files beside it. Every item of the archive is imported with its key, and every
    /// photo and attachment whose item is there, as they were; the locations of its list that
    /// this one lacks are added. A photo or attachment that is not what it should be (not an
    /// image we accept, not a PDF, JPEG or PNG, over its limit, of no item) is left out and named
    /// in the summary, as is every other file.
    ///
    /// The zip is checked against `limits` before anything is inflated, then read one file at a
    /// time. Photos and attachments are written first and `items.archive` last, in one durable
    /// write: a crash before it leaves an empty inventory (and files no item names, which
    /// `check --repair` removes), so the import can simply be run again.
    ///
    /// - Parameter name: what messages call the zip (by default its file's name).
    /// - Throws: ``HomepwnerError`` `.notEmpty` when the inventory has items, `.invalidImport` for a
    ///   zip that is not a full export (no `items.archive`, one that cannot be read or of a newer
    ///   model) or is refused as a possible zip bomb, and what a change throws (`.storage`,
    ///   `.damagedArchive`, …). Nothing is imported then.
    public func importInventory(from url: URL, named name: String? = nil, limits: ImportLimits = .default) async throws -> InventoryTransferSummary {
        try await requireEmptyForImport()
        let reader = try await openExport(url, named: name, limits: limits)
        let shown = reader.displayName
        let archives = reader.files.filter { $0.name.utf8.elementsEqual(Self.archiveName.utf8) }
        guard let archiveFile = archives.first else {
            throw HomepwnerError(.invalidImport, "\(shown) holds no \(Self.archiveName); choose a .zip that Export everything made")
        }
        guard archives.count == 1 else {
            throw HomepwnerError(.invalidImport, "\(shown) holds \(archives.count) \(Self.archiveName) files (\(archives.map(\.path).joined(separator: ", "))); it must hold one inventory")
        }
        var summary = InventoryTransferSummary()
        let root = archiveFile.folder
        let beside = reader.files.filter { $0.folder.utf8.elementsEqual(root.utf8) }
        for file in reader.files where !file.folder.utf8.elementsEqual(root.utf8) {
            summary.skipped.append(InventoryTransferSkip(name: file.path, reason: "it is not beside \(archiveFile.path)"))
        }
        for path in reader.ignored {
            summary.skipped.append(InventoryTransferSkip(name: path, reason: "it is not part of an inventory (the archive, the list of locations, a photo or an attachment)"))
        }

        let imported = try await readImportedArchive(archiveFile, from: reader)
        let keys = Set(imported.items.map(\.itemKey).filter(ItemRules.isValidKey))
        var perItem: [String: Int] = [:], photosPerItem: [String: Int] = [:]
        for file in beside {
            if let photo = ItemPhoto(storedName: file.name) {
                guard keys.contains(photo.itemKey) else {
                    let whose = photo.isFirst ? "this key" : "the key \(photo.itemKey)"
                    summary.skipped.append(InventoryTransferSkip(name: file.path, reason: "no item in \(Self.archiveName) has \(whose)"))
                    continue
                }
                guard photosPerItem[photo.itemKey, default: 0] < ItemPhoto.maxPerItem else {
                    summary.skipped.append(InventoryTransferSkip(name: file.path, reason: "item \(photo.itemKey) has \(ItemPhoto.maxPerItem) photos already, the most it can have"))
                    continue
                }
                do {
                    try await images.restore(try await read(file, from: reader), as: photo)
                    photosPerItem[photo.itemKey, default: 0] += 1
                    summary.photos += 1
                } catch let error as HomepwnerError where [.invalidImage, .invalidImport].contains(error.code) {
                    summary.skipped.append(InventoryTransferSkip(name: file.path, reason: error.message))
                }
            } else if let attachment = Attachment(storedName: file.name) {
                guard keys.contains(attachment.itemKey) else {
                    summary.skipped.append(InventoryTransferSkip(name: file.path, reason: "no item in \(Self.archiveName) has the key \(attachment.itemKey)"))
                    continue
                }
                guard perItem[attachment.itemKey, default: 0] < Attachment.maxPerItem else {
                    summary.skipped.append(InventoryTransferSkip(name: file.path, reason: "item \(attachment.itemKey) has \(Attachment.maxPerItem) attachments already, the most it can have"))
                    continue
                }
                do {
                    try await attachments.restore(try await read(file, from: reader), as: attachment)
                    perItem[attachment.itemKey, default: 0] += 1
                    summary.attachments += 1
                } catch let error as HomepwnerError where [.invalidAttachment, .tooLarge, .invalidImport].contains(error.code) {
                    summary.skipped.append(InventoryTransferSkip(name: file.path, reason: error.message))
                }
            }
        }

        let archive = imported
        try await change { current in
            // Looked at again in the write itself: another change may have come first.
            guard current.items.isEmpty else { throw Self.notEmptyError(current.items.count, self.location) }
            current = archive
        }
        summary.items = imported.items.count
        for item in imported.items { await publishOwn(.created, subject: item.itemKey, version: item.version) }

        if let listFile = beside.first(where: { $0.name.utf8.elementsEqual(LocationList.fileName.utf8) }) {
            do {
                let list = try LocationList.decoded(try await read(listFile, from: reader))
                summary.locations = try await changeLocations { kept in
                    var added = 0
                    for name in list.names where kept.index(of: name) == nil {
                        if (try? kept.add(name)) != nil { added += 1 }
                    }
                    return added
                }.result
            } catch let error as HomepwnerError where [.corrupt, .invalidValue, .invalidImport].contains(error.code) {
                summary.skipped.append(InventoryTransferSkip(name: listFile.path, reason: error.message))
            }
        }
        if let ownerFile = beside.first(where: { $0.name.utf8.elementsEqual(InventoryOwner.fileName.utf8) }) {
            do {
                let imported = try InventoryOwner.decoded(try await read(ownerFile, from: reader))
                // The block this inventory has already (set before the import) is kept.
                _ = try await changeSmallFile(
                    InventoryOwner.fileName, maxBytes: InventoryOwner.maxFileBytes, what: "the owner's details",
                    decode: InventoryOwner.decoded, encode: { $0.encoded() }, empty: InventoryOwner()
                ) { owner in if owner.isEmpty && owner.otherFields.isEmpty { owner = imported } }
            } catch let error as HomepwnerError where [.corrupt, .invalidValue, .invalidImport].contains(error.code) {
                summary.skipped.append(InventoryTransferSkip(name: ownerFile.path, reason: error.message))
            }
        }
        return summary
    }

    /// Imports a full export given as bytes (an upload), as ``importInventory(from:named:limits:)``
    /// does with a file; messages call it `name`, never the temporary file's.
    ///
    /// - Throws: what ``importInventory(from:named:limits:)`` throws.
    public func importInventory(zip: Data, named name: String = "this file", limits: ImportLimits = .default) async throws -> InventoryTransferSummary {
        // Refused before the upload is even written out.
        try await requireEmptyForImport()
        do {
            return try await TemporaryFile.with(zip, pool: pool) { file in
                try await importInventory(from: file, named: name, limits: limits)
            }
        } catch let error as TemporaryFile.CannotKeep {
            throw HomepwnerError(.storage, error.message)
        }
    }

    /// Throws unless this inventory can take a full export now: writable and with no items
    /// (checked again by the import itself) — so that an upload is refused before it is kept.
    ///
    /// - Throws: ``HomepwnerError`` `.notEmpty`, and what a change throws for a store that cannot write.
    public func requireEmptyForImport() async throws {
        try await load()
        try requireWritable()
        let count = try await items().count
        guard count == 0 else { throw Self.notEmptyError(count, location) }
    }

    static func notEmptyError(_ count: Int, _ location: String) -> HomepwnerError {
        HomepwnerError(.notEmpty, "\(location) has \(count == 1 ? "1 item" : "\(count) items"); a full export is imported only into an inventory with no items, so nothing was imported")
    }

    /// Opens the zip, wanting only what an inventory has, each under its own limit.
    private func openExport(_ url: URL, named name: String?, limits: ImportLimits) async throws -> ZipReader {
        let archiveLimit = self.limits.maxBytes, photoLimit = images.limits.maxEncodedBytes
        return try await pool.run {
            do {
                return try ZipReader(url: url, displayName: name, limits: limits) { name in
                    if name.utf8.elementsEqual(Self.archiveName.utf8) { return archiveLimit }
                    if name.utf8.elementsEqual(LocationList.fileName.utf8) { return LocationList.maxFileBytes }
                    if name.utf8.elementsEqual(InventoryOwner.fileName.utf8) { return InventoryOwner.maxFileBytes }
                    if ItemPhoto(storedName: name) != nil { return photoLimit }
                    if Attachment(storedName: name) != nil { return Attachment.maxBytes }
                    return nil
                }
            } catch let error as ZipImportError {
                throw HomepwnerError(.invalidImport, error.message)
            }
        }
    }

    private func read(_ file: ZipReader.File, from reader: ZipReader) async throws -> Data {
        try await pool.run {
            do {
                return try reader.read(file)
            } catch let error as ZipImportError {
                throw HomepwnerError(.invalidImport, error.message)
            }
        }
    }

    /// The zip's archive, decoded and carried up to the current model version.
    private func readImportedArchive(_ file: ZipReader.File, from reader: ZipReader) async throws -> ItemArchive {
        let bytes = try await read(file, from: reader)
        let limits = self.limits
        let versions = ItemArchive.modelVersions
        return try await pool.run {
            let decoded: ItemArchive
            do {
                decoded = try ItemArchive.decode(bytes, limits: limits)
            } catch {
                throw HomepwnerError(.invalidImport, "\(file.path) in \(reader.displayName) cannot be read as an inventory: \(error)")
            }
            switch versions.status(of: decoded.modelVersion) {
            case .newer:
                let refusal = versions.newerModelError(document: file.path, writtenBy: decoded.modelVersion)
                throw HomepwnerError(.invalidImport, "\(refusal.message); import it with the homepwner that exported it")
            case .older:
                do {
                    return try versions.upgrade(decoded, from: decoded.modelVersion)
                } catch {
                    throw HomepwnerError(.invalidImport, "\(file.path) in \(reader.displayName) cannot be upgraded to model version \(versions.current): \(error)")
                }
            case .current:
                return decoded
            }
        }
    }
}
