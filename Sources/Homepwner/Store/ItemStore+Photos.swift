import Foundation
import Imaging
import KeyedArchive

/// An item's photos through its store (``ItemPhoto``): only for an item that exists, only while
/// the store can change items. Every change is published on ``changes`` (`.photo`); deleting the
/// item removes them all, and `check --repair` removes those whose item is gone.
extension ItemStore {
    /// The photos of the item with `key`, numbered from 1 (the first is the 2014 app's photo).
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` for no such item, `.storage` when they cannot be listed.
    public func photos(ofItem key: String) async throws -> [ListedPhoto] {
        _ = try await item(key)
        return try await images.photos(forKey: key)
    }

    /// Adds `uploads` (JPEGs or PNGs, each checked completely first) to the photos of the item
    /// with `key`, in their order — the first of them becomes the item's first photo when it has
    /// none — and returns the photos now with the numbers of those added.
    ///
    /// Every upload is checked before any is written, so one that is refused adds none. In a
    /// bucket, the item is looked for again once they are stored: when another server deleted
    /// it meanwhile, they are removed again and the change fails with `.notFound`.
    /// - Throws: ``HomepwnerError`` `.invalidImage` for an upload that is not a usable image, or
    ///   more photos than ``ItemPhoto/maxPerItem`` (nothing written); `.notFound`, `.storage`,
    ///   `.damagedArchive`, `.newerModel`.
    public func addPhotos(_ uploads: [Data], toItem key: String) async throws -> (photos: [ListedPhoto], added: [Int]) {
        try await load()
        try requireWritable()
        guard !uploads.isEmpty else { throw HomepwnerError(.invalidImage, "no photo was given") }
        let item = try await item(key)
        // Counted before any is decoded: a form of many small images costs one listing, not their decoding.
        let count = try await images.photos(forKey: key).count
        guard count + uploads.count <= ItemPhoto.maxPerItem else {
            throw HomepwnerError(.invalidImage, "item \(key) has \(Self.counted(count, "photo")); \(uploads.count) more would be more than the \(ItemPhoto.maxPerItem) an item can have, so no photo was added")
        }
        var infos: [ImageInfo] = []
        for (index, upload) in uploads.enumerated() {
            do {
                infos.append(try await images.validate(upload))
            } catch let error as HomepwnerError where uploads.count > 1 {
                throw HomepwnerError(error.code, "photo \(index + 1) of \(uploads.count): \(error.message); no photo was added")
            }
        }
        var added: [ItemPhoto] = []
        do {
            for (upload, info) in zip(uploads, infos) { added.append(try await images.addPhoto(upload, info: info, forKey: key)) }
        } catch {
            if !added.isEmpty { await publishOwn(.photo, subject: key, version: item.version) }
            throw error
        }
        try await refreshFromOtherWriters(force: true)
        guard try await archiveContents().index(ofKey: key) != nil else {
            for photo in added { try await images.delete(photo) }
            throw Self.missingItem(key, wasKnown: true)
        }
        await publishOwn(.photo, subject: key, version: item.version)
        let photos = try await images.photos(forKey: key)
        return (photos, photos.filter { added.contains($0.photo) }.map(\.number))
    }

    /// Removes photo `number` (from 1, as ``photos(ofItem:)`` numbers them) of the item with
    /// `key`, only while its version is still `version` when one is given, and returns the
    /// photos left and the one removed. Removing the first photo while there are others makes
    /// the next one first (written as the 2014 app's file, then its own file removed), so the
    /// 2014 app still shows a photo.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` for no such item or photo, `.versionMismatch`
    ///   when that place holds another photo now (nothing removed), `.storage`.
    public func removePhoto(number: Int, fromItem key: String, ifVersion version: String? = nil) async throws -> (photos: [ListedPhoto], removed: ListedPhoto) {
        try await load()
        try requireWritable()
        let item = try await item(key)
        let photos = try await images.photos(forKey: key)
        guard number >= 1, number <= photos.count else {
            throw HomepwnerError(.notFound, "item \(key) has no photo \(number) (it has \(Self.counted(photos.count, "photo")))")
        }
        let target = photos[number - 1]
        if let version, !ExactString.equal(version, target.version) {
            throw HomepwnerError(.versionMismatch, "photo \(number) of item \(key) is not the one you saw (photos were added or removed meanwhile); nothing was removed")
        }
        if target.photo.isFirst, photos.count > 1 {
            do {
                try await images.makeFirst(photos[1].photo)
            } catch let error as HomepwnerError where error.code == .corrupt {
                // The next photo cannot be used: the first goes, and the damaged one stays for `check`.
                try await images.delete(target.photo)
            }
        } else {
            try await images.delete(target.photo)
        }
        await publishOwn(.photo, subject: key, version: item.version)
        return (try await images.photos(forKey: key), target)
    }

    /// "1 photo", "3 photos".
    private static func counted(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
