import DocumentStore
import Foundation

extension ItemStore {
    /// Adds an item dated now with a fresh key, and returns it once durably saved.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidName`, `.invalidSerialNumber`, `.invalidValue`
    ///   (also for a detail breaking its rule; nothing saved), `.damagedArchive` when the
    ///   archive is damaged, `.storage`.
    @discardableResult
    public func add(_ draft: NewItem) async throws -> Item {
        var item = Item(
            itemName: try ItemRules.name(draft.name),
            serialNumber: try ItemRules.serialNumber(draft.serialNumber),
            valueInDollars: try ItemRules.value(draft.valueInDollars),
            dateCreated: now(),
            itemKey: makeKey()
        )
        try draft.details.checkedDetails().apply(to: &item)
        item.recordChange(ChangeRecord.created, by: ChangeAuthor.person, at: item.dateCreated)
        let added = item
        try await change { archive in archive.append(added) }
        await publishOwn(.created, subject: added.itemKey, version: added.version)
        return added
    }

    /// Changes the item with `key` and returns it once durably saved; what `changes` leaves
    /// alone (details included, and keys this version does not know) stays as it was.
    ///
    /// - Throws: ``HomepwnerError`` for a value breaking the rules (nothing saved), `.notFound`,
    ///   `.damagedArchive` when the archive is damaged, `.storage`.
    @discardableResult
    public func update(_ key: String, _ changes: ItemChanges) async throws -> Item {
        try await update(key, changes, ifVersion: nil)
    }

    /// Changes the item with `key` only if its ``Item/version`` is still `version` (nil: any
    /// version), and returns it once durably saved. The check and the change are one step: no
    /// other change can come between them.
    ///
    /// - Throws: ``HomepwnerError`` `.versionMismatch` when the item changed first (nothing
    ///   saved), and what ``update(_:_:)`` throws.
    @discardableResult
    public func update(_ key: String, _ changes: ItemChanges, ifVersion version: String?) async throws -> Item {
        let name = try changes.name.map(ItemRules.name)
        let serial = try changes.serialNumber.map(ItemRules.serialNumber)
        let value = try changes.valueInDollars.map(ItemRules.value)
        let details = try changes.checkedDetails()
        return try await changeItem(key, ifVersion: version) { item in
            if let name { item.itemName = name }
            if let serial { item.serialNumber = serial }
            if let value { item.valueInDollars = value }
            try details.apply(to: &item)
        }.item
    }

    /// Applies `body` to the item with `key` only if its ``Item/version`` is still `version`
    /// (nil: any version), in one durable change of the archive, and publishes it as `updated`;
    /// returns the item as saved and what `body` returned. The change joins the item's history
    /// under ``DocumentStore/ChangeAuthor/person`` when it changed a field.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound`, `.versionMismatch`, what `body` throws
    ///   (nothing saved), and what a change of the archive throws.
    func changeItem<Result: Sendable>(_ key: String, ifVersion version: String?, _ body: @escaping @Sendable (inout Item) throws -> Result) async throws -> (item: Item, result: Result) {
        let wasKnown = await knowsItem(key)
        let (person, date) = (ChangeAuthor.person, now())
        let changed = try await change { archive in
            // Runs again on another server's archive when that server wrote first.
            guard let index = archive.index(ofKey: key), var item = archive.entries[index].item else {
                throw Self.missingItem(key, wasKnown: wasKnown)
            }
            try Self.require(version, of: item)
            let old = item
            let result = try body(&item)
            item.recordChange(from: old, by: person, at: date)
            archive.replace(at: index, with: item)
            return (item, result)
        }
        await publishOwn(.updated, subject: key, version: changed.0.version)
        return (changed.0, changed.1)
    }

    /// Throws unless `item` is at `version` (nil: any version).
    static func require(_ version: String?, of item: Item) throws {
        guard let version else { return }
        let current = item.version
        guard current == version else {
            throw HomepwnerError(.versionMismatch, "item \(item.itemKey) is at version \(current), not \(version): someone else changed it first; reload it and try again")
        }
    }

    /// Deletes the item with `key` and then its photos and attachments, and returns the item.
    ///
    /// The archive is saved first: a crash between the two leaves photos no item names, which
    /// `check` reports and `check --repair` removes — never an item whose photo is gone.
    /// - Throws: ``HomepwnerError`` `.notFound`, `.damagedArchive` when the archive is damaged, `.storage`.
    @discardableResult
    public func delete(_ key: String) async throws -> Item {
        try await delete(key, ifVersion: nil)
    }

    /// Deletes the item with `key` only if its ``Item/version`` is still `version` (nil: any
    /// version), then its photo, and returns the item; the check and the deletion are one step.
    ///
    /// - Throws: ``HomepwnerError`` `.versionMismatch` when the item changed first (nothing
    ///   deleted), and what ``delete(_:)`` throws.
    @discardableResult
    public func delete(_ key: String, ifVersion version: String?) async throws -> Item {
        let wasKnown = await knowsItem(key)
        let item = try await change { archive in
            guard let index = archive.index(ofKey: key), let item = archive.entries[index].item else {
                throw Self.missingItem(key, wasKnown: wasKnown)
            }
            try Self.require(version, of: item)
            archive.remove(at: index)
            return item
        }
        await publishOwn(.deleted, subject: key, version: nil)
        let stillNamed = try await items().contains { $0.itemKey.utf8.elementsEqual(key.utf8) }
        if !stillNamed { try await images.deleteAll(forKey: key) }
        if !stillNamed { try await attachments.deleteAll(forKey: key) }
        return item
    }

    /// Gives the item with `key` a photo (JPEG or PNG, kept as it is), durably.
    ///
    /// In a bucket, the item is looked for again once the photo is stored: when another server
    /// deleted it meanwhile, the photo is removed again (a crash before that leaves a photo no
    /// item names, which `check --repair` removes) and the change fails with `.notFound`.
    /// - Throws: ``HomepwnerError`` `.invalidImage` (nothing written), `.notFound`, `.storage`,
    ///   `.damagedArchive` or `.newerModel` (nothing written).
    public func setImage(_ image: Data, forKey key: String) async throws {
        // Loaded first, so a damaged or newer archive is known before any photo is written.
        try await load()
        try requireWritable()
        let item = try await item(key)
        try await images.setImage(image, forKey: key)
        try await refreshFromOtherWriters(force: true)
        guard try await archiveContents().index(ofKey: key) != nil else {
            try await images.deleteImage(forKey: key)
            throw Self.missingItem(key, wasKnown: true)
        }
        await publishOwn(.photo, subject: key, version: item.version)
    }

    /// Removes the first photo of the item with `key` (nothing to do if it has none); the next
    /// photo, if any, becomes the first (``removePhoto(number:fromItem:ifVersion:)``).
    ///
    /// - Throws: ``HomepwnerError`` `.notFound`, `.storage`.
    public func removeImage(forKey key: String) async throws {
        try await load()
        try requireWritable()
        _ = try await item(key)
        guard let first = try await images.photos(forKey: key).first, first.photo.isFirst else { return }
        _ = try await removePhoto(number: 1, fromItem: key)
    }

    /// Saves the archive once more and refuses every later change; reads still work.
    ///
    /// Every acknowledged change is already on disk, so this write only confirms it; a store
    /// that is read-only or damaged writes nothing, and neither does a store in a bucket (which
    /// other servers may be writing: a write would only cost them a lost race) nor one whose
    /// archive is of an older model version that no change has upgraded (reading never upgrades).
    /// - Throws: ``HomepwnerError`` `.storage` if the last write fails.
    public func close() async throws {
        guard !isClosed else { return }
        // An archive of an older model version is upgraded only by a change, never by closing.
        let isOlder = await archive.storedModelVersion.map { ItemArchive.modelVersions.status(of: $0) == .older } ?? false
        if case .ready = status, loaded != nil, !blobs.hasOtherWriters, !isOlder {
            do {
                try await archive.update { _ in }
            } catch {
                throw Self.storageError(error, archive.location)
            }
        }
        isClosed = true
        writerLock = nil
    }

    /// Applies `body` to the archive and returns once a durable write carrying it succeeded.
    func change<Result: Sendable>(_ body: @escaping @Sendable (inout ItemArchive) throws -> Result) async throws -> Result {
        try await load()
        try requireWritable()
        do {
            let result = try await archive.update(body)
            changeCount += 1
            return result
        } catch let error as HomepwnerError {
            throw error
        } catch {
            throw Self.storageError(error, archive.location)
        }
    }

    func requireWritable() throws {
        switch status {
        case .ready:
            if isClosed { throw HomepwnerError(.storage, "the item store of \(location) is closed; nothing was changed") }
        case .readOnly:
            throw HomepwnerError(.storage, "the item store of \(location) was opened read-only; nothing was changed")
        case .damaged(let reason):
            throw HomepwnerError(.damagedArchive, "nothing was changed: \(reason)")
        case .newerModel(let reason):
            throw HomepwnerError(.newerModel, "\(reason); nothing was changed")
        }
    }

    /// A storage failure as a ``HomepwnerError`` naming `location` (the archive's path or address).
    static func storageError(_ error: any Error, _ location: String) -> HomepwnerError {
        if let error = error as? HomepwnerError { return error }
        if let error = error as? DocumentStoreError {
            switch error.code {
            case .corrupt: return HomepwnerError(.corrupt, error.message)
            case .newerModel: return HomepwnerError(.newerModel, "\(error.message); nothing was changed")
            case .unavailable, .conflict: return HomepwnerError(.unavailable, error.message)
            default: return HomepwnerError(.storage, error.message)
            }
        }
        return HomepwnerError(.storage, "\(location): \(error)")
    }
}
