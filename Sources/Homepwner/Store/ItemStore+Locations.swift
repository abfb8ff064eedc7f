import DocumentStore
import Foundation
import KeyedArchive
import Synchronization

/// The list of locations the user keeps (``LocationList``), in `locations.plist` beside
/// `items.archive` (in a bucket, the object `PREFIX/locations.plist`).
///
/// A change of the list is one read-modify-write (``DocumentStore/BlobStore/update(_:maxBytes:contentType:attempts:_:)``):
/// written durably, conditional on the version read and done again on what another writer wrote
/// first (another server sharing the bucket; a folder has one writing process, held by its
/// writer lock). So no change is lost.
extension ItemStore {
    /// The list of locations (empty when there is no `locations.plist`).
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` when the file is not a list of locations,
    ///   `.storage` or `.unavailable` when it cannot be read.
    public func locations() async throws -> LocationList {
        let blob = try await ImageStore.storageWork("the list of locations cannot be read") {
            try await blobs.read(LocationList.fileName, maxBytes: LocationList.maxFileBytes)
        }
        return try blob.map { try LocationList.decoded($0.data) } ?? LocationList()
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
        let (person, date) = (ChangeAuthor.person, now())
        let moved = try await change { archive -> [Item] in
            var moved: [Item] = []
            for index in archive.entries.indices {
                guard var item = archive.entries[index].item, let location = item.location,
                      let renamed = LocationList.location(location, renaming: old, to: stored) else { continue }
                let before = item
                item.location = try ItemRules.location(renamed)
                item.recordChange(from: before, by: person, at: date)
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
        let (list, result) = try await changeSmallFile(
            LocationList.fileName, maxBytes: LocationList.maxFileBytes, what: "the list of locations",
            decode: LocationList.decoded, encode: { $0.encoded() }, empty: LocationList(), body
        )
        return (list, result)
    }

    /// Applies `body` to the small file `name` beside the archive (read with `decode`, `empty`
    /// when there is none) in one read-modify-write, conditional on the version read and done
    /// again on what another writer wrote first, and saves it durably; one such change at a
    /// time from this store. Returns the value as saved and what `body` returned.
    ///
    /// - Throws: what `decode` and `body` throw (nothing saved), ``HomepwnerError`` when the
    ///   store cannot write or `.storage`.
    func changeSmallFile<Value: Sendable, Result: Sendable>(
        _ name: String, maxBytes: Int, what: String,
        decode: @escaping @Sendable (Data) throws -> Value, encode: @escaping @Sendable (Value) -> Data, empty: Value,
        _ body: @escaping @Sendable (inout Value) throws -> Result
    ) async throws -> (Value, Result) {
        try await load()
        try requireWritable()
        // One change at a time from this store: the conditional write then only races other servers.
        await acquireSmallFileTurn()
        defer { releaseSmallFileTurn() }
        let box = ResultBox<Result>()
        let data: Data
        do {
            data = try await blobs.update(name, maxBytes: maxBytes, contentType: "application/x-plist") { data in
                var value = try data.map(decode) ?? empty
                let result = try body(&value)
                box.value.withLock { $0 = result }
                return encode(value)
            }
        } catch {
            throw Self.storageError(error, blobs.address(of: name))
        }
        guard let result = box.value.withLock({ $0 }) else { throw HomepwnerError(.storage, "\(what) was not changed") }
        return (try decode(data), result)
    }

    /// Waits until no other change of a small file by this store is running, then takes the turn.
    func acquireSmallFileTurn() async {
        guard smallFileBusy else {
            smallFileBusy = true
            return
        }
        await withCheckedContinuation { smallFileWaiters.append($0) }
    }

    /// Hands the turn to the next change waiting, if any.
    func releaseSmallFileTurn() {
        if smallFileWaiters.isEmpty { smallFileBusy = false } else { smallFileWaiters.removeFirst().resume() }
    }
}
