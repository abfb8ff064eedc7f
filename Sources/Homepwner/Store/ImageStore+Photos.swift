import DocumentStore
import Foundation
import Imaging

/// An item's photos, all of them (``ItemPhoto``): the first is the 2014 app's file named by the
/// key, the others files beside it named `<itemKey>.photo-<sequence>`; each is checked
/// completely before it is stored, and stored whole and durably at once.
extension ImageStore {
    /// The photos of the item with `key`, numbered by place (the first photo, then the others
    /// by sequence), with their versions, from one listing of the item's names.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` (or `.unavailable`) when they cannot be listed.
    public func photos(forKey key: String) async throws -> [ListedPhoto] {
        guard ItemRules.isValidKey(key) else { return [] }
        let blobs = self.blobs
        let listed = try await Self.storageWork("the photos of item \(key) cannot be listed") { try await blobs.list(startingWith: key) }
        let photos = listed.compactMap { name, version in
            ItemPhoto(storedName: name).flatMap { $0.itemKey.utf8.elementsEqual(key.utf8) ? ($0, version) : nil }
        }.sorted { $0.0.precedes($1.0) }
        return photos.enumerated().map { ListedPhoto(photo: $1.0, number: $0 + 1, version: $1.1) }
    }

    /// Every stored name that is a photo's (first or further), from one listing, by item key.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` if the photos cannot be listed.
    public func storedPhotos() async throws -> [ItemPhoto] {
        ItemPhoto.sorted(try await Self.storageWork("the photos cannot be listed") { try await blobs.names(startingWith: "") }.compactMap(ItemPhoto.init(storedName:)))
    }

    /// Stores `image` (already checked with ``validate(_:)``) as a new photo of the item with
    /// `key`: its first photo when it has none, else the next further one. The write only
    /// creates, so two uploads at once never take one name. The caller checks that the item exists.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidImage` when the item has ``ItemPhoto/maxPerItem``
    ///   photos already (nothing written), `.storage` when the write fails, `.unavailable` when
    ///   other uploads kept taking the next name.
    func addPhoto(_ image: Data, info: ImageInfo, forKey key: String) async throws -> ItemPhoto {
        let photo = try await NextNameCreation.create(
            exhausted: HomepwnerError(.unavailable, "other uploads to item \(key) kept taking the next photo's name; try again"),
            next: {
                let existing = try await photos(forKey: key).map(\.photo)
                guard existing.count < ItemPhoto.maxPerItem else {
                    throw HomepwnerError(.invalidImage, "item \(key) has \(ItemPhoto.maxPerItem) photos already, the most it can have")
                }
                let next = existing.first?.isFirst == true
                    ? ItemPhoto(itemKey: key, sequence: (existing.compactMap(\.sequence).max() ?? 1) + 1)
                    : ItemPhoto(firstOf: key)
                guard let next else { throw HomepwnerError(.notFound, "\"\(key)\" is not an item key (a UUID), so it has no photo file") }
                return next
            },
            write: { photo in try await blobs.write(photo.storedName, image, mode: .create, contentType: Self.contentType(info)) },
            failed: { photo, error in Self.storageError("\(Self.describe(photo)) could not be saved", error) }
        )
        await invalidate(photo.storedName)
        return photo
    }

    /// Durably stores `image` as `photo` itself, replacing what is there, after checking it: an
    /// import of a full export brings each photo back under its own name.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidImage` (nothing written), `.storage` when the write fails.
    public func restore(_ image: Data, as photo: ItemPhoto) async throws {
        let info = try await validate(image)
        await invalidate(photo.storedName)
        try await Self.storageWork("\(Self.describe(photo)) could not be saved") {
            try await blobs.write(photo.storedName, image, contentType: Self.contentType(info))
        }
        await invalidate(photo.storedName)
    }

    /// Durably removes `photo` (nothing to do when it is not there).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when it cannot be removed.
    public func delete(_ photo: ItemPhoto) async throws {
        await invalidate(photo.storedName)
        try await Self.storageWork("\(Self.describe(photo)) cannot be removed") { try await blobs.delete(photo.storedName) }
        await invalidate(photo.storedName)
    }

    /// Makes the further photo `photo` the item's first: its bytes are written durably as the
    /// first photo (replacing it), then its own file is removed. A crash between the two leaves
    /// the photo twice, never lost.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` when it is not a usable image (nothing changed),
    ///   `.notFound` when it is gone, `.storage`.
    func makeFirst(_ photo: ItemPhoto) async throws {
        guard let first = ItemPhoto(firstOf: photo.itemKey), !photo.isFirst else { return }
        guard let data = try await readPhoto(photo) else {
            throw HomepwnerError(.notFound, "\(Self.describe(photo)) is gone")
        }
        try await restore(data, as: first)
        try await delete(photo)
    }

    /// Removes every photo of the item with `key`: the further ones first, the first photo last.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when one cannot be removed.
    public func deleteAll(forKey key: String) async throws {
        for listed in try await photos(forKey: key).reversed() { try await delete(listed.photo) }
    }

    /// The media type a photo of `info`'s format is stored with.
    static func contentType(_ info: ImageInfo) -> String {
        info.format == .png ? "image/png" : "image/jpeg"
    }
}
