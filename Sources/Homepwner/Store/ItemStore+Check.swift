import Foundation

extension ItemStore {
    /// Checks the archive, every item against ``ItemRules``, and the photo files (objects, in a
    /// bucket).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` if the folder (or the bucket) cannot be listed.
    public func check() async throws -> ItemCheckReport {
        try await load()
        var report = ItemCheckReport()
        if case .damaged(let reason) = status { report.archiveProblem = reason }
        if case .newerModel(let reason) = status { report.newerModel = reason }
        // The photos are listed before the archive is read: a photo is stored only once its item
        // is in the archive, so a photo listed here whose item the archive read next lacks is an
        // orphan, even with other servers adding items to a bucket meanwhile.
        let storedPhotos = try await images.storedPhotos()
        let storedAttachments = try await attachments.all()
        try await refreshFromOtherWriters(force: true)
        let contents = try await archiveContents()
        let items = contents.items
        report.itemCount = items.count
        report.otherEntryCount = contents.otherEntryCount
        var seen = Set<[UInt8]>(), duplicates = Set<[UInt8]>()
        for item in items {
            for problem in ItemRules.problems(of: item) {
                report.ruleProblems.append(.init(key: item.itemKey, problem: problem))
            }
            let key = Array(item.itemKey.utf8)
            if !seen.insert(key).inserted, duplicates.insert(key).inserted { report.duplicateKeys.append(item.itemKey) }
        }
        var firstPhotos = Set<String>(), furtherPhotos: [String] = []
        for photo in storedPhotos {
            guard seen.contains(Array(photo.itemKey.utf8)) else {
                report.orphanPhotos.append(photo.storedName)
                continue
            }
            if photo.isFirst { firstPhotos.insert(photo.itemKey) } else if !(furtherPhotos.last?.utf8.elementsEqual(photo.itemKey.utf8) ?? false) { furtherPhotos.append(photo.itemKey) }
            do {
                _ = try await images.image(of: photo)
            } catch let error as HomepwnerError {
                report.photoProblems.append(.init(key: photo.storedName, message: error.message))
            }
        }
        // Photo names are ASCII (UUIDs), so Set membership is code-point equality for them.
        report.photosWithoutFirst = furtherPhotos.filter { !firstPhotos.contains($0) }
        do {
            _ = try await locations()
        } catch let error as HomepwnerError {
            report.locationsProblem = error.message
        }
        do {
            _ = try await owner()
        } catch let error as HomepwnerError {
            report.ownerProblem = error.message
        }
        report.orphanAttachments = storedAttachments.filter { !seen.contains(Array($0.itemKey.utf8)) }.map(\.storedName)
        return report
    }

    /// Repairs what can be repaired, then checks again: a damaged archive is moved aside
    /// (`items.archive.damaged-<time>`, kept; in a bucket, copied there before the archive is
    /// replaced) and replaced by what could be read from it; a `locations.plist` that is not a
    /// list of locations is moved aside the same way (`locations.plist.damaged-<time>`), so the
    /// list starts empty (the items keep their locations); photo files (objects) and attachments
    /// whose item is gone are removed; and an item's next photo becomes its first when it has none. Items that break a rule are left for the user.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when a step fails (the damaged file then stays).
    /// - Throws: ``HomepwnerError`` `.newerModel` for an archive of a newer model version
    ///   (nothing is repaired: not even a photo is removed, since a newer model may name it).
    public func repair() async throws -> ItemCheckReport {
        let before = try await check()
        if case .newerModel(let reason) = status { throw HomepwnerError(.newerModel, "\(reason); nothing was repaired") }
        var repairs: [String] = []
        if case .damaged = status {
            let salvaged = loaded ?? ItemArchive()
            let aside = "\(Self.archiveName).damaged-\(Int(now().timeIntervalSince1970))"
            try await keepDamagedArchive(as: aside)
            do {
                try await archive.reset(to: salvaged)
            } catch {
                throw Self.storageError(error, archive.location)
            }
            status = .ready
            loaded = salvaged
            repairs.append("moved the damaged archive to \(aside) and saved the \(salvaged.items.count) items that could be read")
        }
        if before.locationsProblem != nil, let aside = try await moveDamagedAside(LocationList.fileName, what: "the list of locations", read: { try await self.locations() }) {
            repairs.append("moved the list of locations, which cannot be read, to \(aside); the list starts empty and the items keep their locations")
        }
        if before.ownerProblem != nil, let aside = try await moveDamagedAside(InventoryOwner.fileName, what: "the owner's details", read: { try await self.owner() }) {
            repairs.append("moved the owner's details, which cannot be read, to \(aside); set them again with homepwner owner set")
        }
        for name in before.orphanPhotos {
            guard let photo = ItemPhoto(storedName: name) else { continue }
            try await images.delete(photo)
            repairs.append("removed the photo \(name), which no item names")
        }
        for key in before.photosWithoutFirst {
            guard let next = try await images.photos(forKey: key).first, !next.photo.isFirst else { continue }
            do {
                try await images.makeFirst(next.photo)
                repairs.append("made the photo \(next.photo.storedName) the first photo of item \(key), which had none")
            } catch let error as HomepwnerError where error.code == .corrupt {
                continue  // a damaged photo is named by check and left for the user
            }
        }
        for name in before.orphanAttachments {
            guard let attachment = Attachment(storedName: name) else { continue }
            try await attachments.delete(attachment)
            repairs.append("removed the attachment \(name), whose item is gone")
        }
        var after = try await check()
        after.repairs = repairs
        return after
    }

    /// Moves a small file beside the archive (`locations.plist`, `owner.plist`) that `read`
    /// finds damaged aside as `NAME.damaged-<time>` (a bucket's object is copied, created only if
    /// that name is free, then removed); returns that name, or nil when it reads after all or
    /// cannot be read for another reason (a storage failure is not damage: nothing is moved).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when it cannot be kept (the file then stays).
    private func moveDamagedAside(_ fileName: String, what: String, read: () async throws -> some Sendable) async throws -> String? {
        do {
            _ = try await read()
            return nil
        } catch let error as HomepwnerError where error.code == .corrupt {
            let aside = "\(fileName).damaged-\(Int(now().timeIntervalSince1970))"
            do {
                guard try await blobs.keepAside(fileName, as: aside) else { return nil }
            } catch {
                throw HomepwnerError(.storage, "\(what) cannot be kept as \(blobs.address(of: aside)), so it is left as it is: \(error)")
            }
            return aside
        } catch is HomepwnerError {
            return nil
        }
    }

    /// Keeps a copy of the damaged archive as `name` beside it (created only if `name` is free,
    /// never replacing anything); the archive itself is then replaced by the repair.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when it cannot be kept (the archive then stays).
    private func keepDamagedArchive(as name: String) async throws {
        do {
            _ = try await blobs.keepCopy(Self.archiveName, as: name)
        } catch {
            throw HomepwnerError(.storage, "the damaged archive cannot be kept as \(blobs.address(of: name)), so it is left as it is: \(error)")
        }
    }
}
