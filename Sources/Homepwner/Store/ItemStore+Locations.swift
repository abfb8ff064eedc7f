import DocumentStore
import Foundation
import KeyedArchive
import Synchronization

/// The list of locations the user keeps (``LocationList``), in `locations.plist` beside
/// `items.archive` (in a bucket, the object `PREFIX/locations.plist`).
///
/// A change of the list is one read-modify-write: in a folder under the store's writer lock
/// (one process) and an in-process lock, written durably; in a bucket conditional on the
/// version read, done again on what another writer wrote first. So no change is lost.
extension ItemStore {
    /// The list of locations (empty when there is no `locations.plist`).
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` when the file is not a list of locations,
    ///   `.storage` or `.unavailable` when it cannot be read.
    public func locations() async throws -> LocationList {
        if let bucket {
            let object = try await ImageStore.bucketWork("the list of locations cannot be read") {
                try await bucket.read(LocationList.fileName, maxBytes: LocationList.maxFileBytes)
            }
            return try object.map { try LocationList.decoded($0.data) } ?? LocationList()
        }
        let url = locationsURL
        return try await pool.run { try Self.readLocations(at: url) }
    }

    /// Adds `name` to the list and returns the list as saved.
    ///
    /// - Throws: what ``LocationList/add(_:)`` throws (nothing saved), what a change of items
    ///   throws when the store cannot write, and what ``locations()`` throws.
    @discardableResult
    public func addLocation(_ name: String) async throws -> LocationList {
        try await changeLocations { list in _ = try list.add(name) }.list
    }

    /// Removes `name` from the list (the items there keep their location) and returns the list
    /// as saved.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` when it is not in the list, and what
    ///   ``addLocation(_:)`` throws.
    @discardableResult
    public func removeLocation(_ name: String) async throws -> LocationList {
        try await changeLocations { list in try list.remove(name) }.list
    }

    /// Renames `old` in the list to `new`, and in every item that is there or inside it
    /// ("House › Garage" becomes "Home › Garage" when "House" becomes "Home"), in one write of
    /// the archive; returns the list as saved and how many items moved.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` when `old` is not in the list, `.invalidValue`
    ///   for a new name breaking the rules or already listed, or an item whose location would
    ///   then be too long (nothing is changed), and what ``addLocation(_:)`` throws.
    @discardableResult
    public func renameLocation(_ old: String, to new: String) async throws -> (list: LocationList, movedItems: Int) {
        // Checked against the list first, so a refused name changes no item.
        var draft = try await locations()
        let newName = try draft.rename(old, to: new)
        let stored = draft.names.first { ExactString.equal($0, newName) } ?? newName
        let moved = try await change { archive -> [Item] in
            var moved: [Item] = []
            for index in archive.entries.indices {
                guard var item = archive.entries[index].item, let location = item.location,
                      let renamed = LocationList.location(location, renaming: old, to: stored) else { continue }
                item.location = try ItemRules.location(renamed)
                archive.replace(at: index, with: item)
                moved.append(item)
            }
            return moved
        }
        // Open pages and other clients follow the moved items as any other edit.
        for item in moved { await publishOwn(.updated, subject: item.itemKey, version: item.version) }
        let list = try await changeLocations { list in
            // Renamed in the list even when another writer changed it meanwhile, if it is still there.
            if list.index(of: old) != nil { try list.rename(old, to: stored) }
        }.list
        return (list, moved.count)
    }

    /// Applies `body` to the stored list in one read-modify-write and saves it durably.
    func changeLocations<Result: Sendable>(_ body: @escaping @Sendable (inout LocationList) throws -> Result) async throws -> (list: LocationList, result: Result) {
        try await load()
        try requireWritable()
        if let bucket {
            // One change at a time from this store: the conditional write then only races
            // other servers.
            await acquireLocationsTurn()
            defer { releaseLocationsTurn() }
            let box = ResultBox<Result>()
            let data: Data
            do {
                data = try await bucket.update(LocationList.fileName, maxBytes: LocationList.maxFileBytes, contentType: "application/x-plist") { data in
                    var list = try data.map(LocationList.decoded) ?? LocationList()
                    let result = try body(&list)
                    box.value.withLock { $0 = result }
                    return list.encoded()
                }
            } catch {
                throw Self.storageError(error, bucket.address(of: LocationList.fileName))
            }
            guard let result = box.value.withLock({ $0 }) else { throw HomepwnerError(.storage, "the list of locations was not changed") }
            return (try LocationList.decoded(data), result)
        }
        let url = locationsURL, writer = fileWriter, lock = locationsFileLock
        return try await pool.run {
            try lock.mutex.withLock { _ in
                var list = try Self.readLocations(at: url)
                let result = try body(&list)
                do {
                    try writer.write(list.encoded(), to: url)
                } catch {
                    throw HomepwnerError(.storage, "the list of locations could not be saved in \(url.path): \(error)")
                }
                return (list, result)
            }
        }
    }

    /// Waits until no other change of the list by this store is running, then takes the turn.
    func acquireLocationsTurn() async {
        guard locationsBusy else {
            locationsBusy = true
            return
        }
        await withCheckedContinuation { locationsWaiters.append($0) }
    }

    /// Hands the turn to the next change waiting, if any.
    func releaseLocationsTurn() {
        if locationsWaiters.isEmpty { locationsBusy = false } else { locationsWaiters.removeFirst().resume() }
    }

    /// `locations.plist` in the data folder.
    nonisolated var locationsURL: URL {
        folder.appendingPathComponent(LocationList.fileName, isDirectory: false)
    }

    /// The list in the file at `url` (empty when there is none); never through a link.
    static func readLocations(at url: URL) throws -> LocationList {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            if errno == ENOENT { return LocationList() }
            throw HomepwnerError(.storage, "\(url.path) cannot be read: \(String(cString: strerror(errno)))")
        }
        return try LocationList.decoded(ArchiveFileReading.read(url, limit: LocationList.maxFileBytes))
    }
}
