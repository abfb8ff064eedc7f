import Foundation

extension ItemStore {
    /// Checks the archive, every item against ``ItemRules``, and the photo files.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` if the folder cannot be listed.
    public func check() async throws -> ItemCheckReport {
        try await load()
        var report = ItemCheckReport()
        if case .damaged(let reason) = status { report.archiveProblem = reason }
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
        for key in try await images.storedKeys() {
            guard seen.contains(Array(key.utf8)) else {
                report.orphanPhotos.append(key)
                continue
            }
            do {
                _ = try await images.image(forKey: key)
            } catch let error as HomepwnerError {
                report.photoProblems.append(.init(key: key, message: error.message))
            }
        }
        return report
    }

    /// Repairs what can be repaired, then checks again: a damaged archive is moved aside
    /// (`items.archive.damaged-<time>`, kept) and replaced by what could be read from it, and
    /// photo files no item names are removed. Items that break a rule are left for the user.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when a step fails (the damaged file then stays).
    public func repair() async throws -> ItemCheckReport {
        let before = try await check()
        var repairs: [String] = []
        if case .damaged = status {
            let salvaged = loaded ?? ItemArchive()
            let stamp = Int(now().timeIntervalSince1970)
            let aside = folder.appendingPathComponent("items.archive.damaged-\(stamp)")
            let source = archiveURL
            try await pool.run { try DurableRemoval.rename(source, to: aside) }
            do {
                try await archive.reset(to: salvaged)
            } catch {
                throw Self.storageError(error, archiveURL)
            }
            status = .ready
            loaded = salvaged
            repairs.append("moved the damaged archive to \(aside.lastPathComponent) and saved the \(salvaged.items.count) items that could be read")
        }
        for key in before.orphanPhotos {
            try await images.deleteImage(forKey: key)
            repairs.append("removed the photo \(key), which no item names")
        }
        var after = try await check()
        after.repairs = repairs
        return after
    }
}
