import DocumentStore
import Foundation
import Imaging
import KeyedArchive

extension ScaryCreatureDatabase {
    /// A validated photo: the name its bytes are kept under and its thumbnail.
    struct PreparedPhoto: Sendable {
        var fullName: String
        var thumbnail: Data
    }

    /// Validates `image` with Imaging and makes its thumbnail, on the store's blocking pool (a
    /// decode is long CPU work); nothing is written.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidImage` with Imaging's reason.
    func preparePhoto(_ image: Data) async throws -> PreparedPhoto {
        try await folder.pool.run { [self] in try preparePhotoNow(image) }
    }

    private func preparePhotoNow(_ image: Data) throws -> PreparedPhoto {
        do {
            let info = try ImageInfo.read(image)
            let thumbnail = try thumbnailer.thumbnail(of: image)
            return PreparedPhoto(fullName: layout.fullImageName(for: info.format), thumbnail: thumbnail)
        } catch let error as ImagingError {
            throw ScaryCreaturesError(.invalidImage, error.message)
        }
    }

    /// Gives creature `id` a new photo: the uploaded bytes as they are, and a new thumbnail.
    ///
    /// The order keeps photo and thumbnail in step through a crash at any point: the old
    /// thumbnail goes first, then the new photo is written, the photo under the other name (if
    /// the format changed) is removed, and the new thumbnail is written last. A thumbnail that
    /// exists therefore always shows the current photo, and a missing one is regenerated.
    /// - Throws: ``ScaryCreaturesError`` `.invalidImage` (nothing written), `.notFound`, `.storage`.
    public func setImage(_ id: Int, _ image: Data) async throws {
        let photo = try await preparePhoto(image)
        // The new thumbnail is not inserted here: two overlapping changes could leave one's
        // thumbnail cached beside the other's photo. The next read loads what is on disk.
        try await invalidatingThumbnail(of: id) { try await writePhoto(photo, image, of: id) }
        await publish(.photo, id: id)
    }

    /// Runs a change of creature `id`'s files with its cached thumbnail invalidated before and
    /// after (also when it fails part-way), so no load that began before the change can insert
    /// an image from before it.
    func invalidatingThumbnail<Result>(of id: Int, _ change: () async throws -> Result) async throws -> Result {
        defer {
            noteOwnChange(id)
            generation.advance()
        }
        await thumbnails.invalidate(id)
        do {
            let result = try await change()
            await thumbnails.invalidate(id)
            return result
        } catch {
            await thumbnails.invalidate(id)
            throw error
        }
    }

    private func writePhoto(_ photo: PreparedPhoto, _ image: Data, of id: Int) async throws {
        let (person, date, layout) = (ChangeAuthor.person, Date(), layout)
        try await Self.mapErrors(id: id) {
            try await folder.edit(id) { editor in
                let bytes = (try? editor.readData()) ?? nil
                try Self.requireKnownModel(bytes, id: id)
                for name in CreatureLayout.thumbnailNames { try editor.removeAttachment(named: name) }
                try editor.writeAttachment(image, named: photo.fullName)
                for name in CreatureLayout.fullImageNames where name != photo.fullName {
                    try editor.removeAttachment(named: name)
                }
                try editor.writeAttachment(photo.thumbnail, named: self.layout.thumbnailName)
                // Recorded once the photo is in place: the history never names a change that a
                // crash kept from happening.
                try Self.recordPhotoChange(of: bytes, in: editor, layout: layout, by: person, at: date)
            }
        }
    }

    /// Records a change of the photo in the data `bytes` (read by `editor` under the lock it still
    /// holds), when its history records changes (a person makes this one, or its history has
    /// begun); data that cannot be read is left as it is (the photo still changes: `check`
    /// reports the data).
    static func recordPhotoChange(of bytes: Data?, in editor: BundleEditor, layout: CreatureLayout, by person: String?, at date: Date) throws {
        guard let bytes, var data = try? CreatureLayout.decode(bytes) else { return }
        guard person != nil || data.history != nil else { return }
        data.recordChange(ChangeRecord.changed, fields: ["photo"], by: person, at: date)
        try editor.writeData(try layout.encode(data))
    }

    /// Removes creature `id`'s photo and thumbnail (nothing to do if it has none).
    ///
    /// The thumbnail goes first, so a crash between the two leaves a photo whose thumbnail is
    /// made again, never a thumbnail without its photo.
    /// - Throws: ``ScaryCreaturesError`` `.notFound`, `.storage`.
    public func removeImage(_ id: Int) async throws {
        let (person, date, layout) = (ChangeAuthor.person, Date(), layout)
        try await invalidatingThumbnail(of: id) {
            try await Self.mapErrors(id: id) {
                try await folder.edit(id) { editor in
                    let bytes = (try? editor.readData()) ?? nil
                    try Self.requireKnownModel(bytes, id: id)
                    // Only a photo that was there is a change to record, once it is gone.
                    let names = try editor.attachmentNames()
                    let hadPhoto = names.contains { name in CreatureLayout.fullImageNames.contains { ExactString.equal($0, name) } }
                    for name in CreatureLayout.thumbnailNames + CreatureLayout.fullImageNames {
                        try editor.removeAttachment(named: name)
                    }
                    if hadPhoto { try Self.recordPhotoChange(of: bytes, in: editor, layout: layout, by: person, at: date) }
                }
            }
        }
        await publish(.photo, id: id)
    }

    /// Whether creature `id` has a full photo (read under a shared lock).
    ///
    /// - Throws: ``ScaryCreaturesError`` `.notFound`, `.storage`.
    public func hasPhoto(_ id: Int) async throws -> Bool {
        try await Self.mapErrors(id: id) { try await folder.read(id) { try $0.hasFullImage() } }
    }

    /// Creature `id`'s thumbnail as PNG: from the cache, else from its file (read under a shared
    /// lock, so readers never wait for each other), else made from the full photo and saved
    /// (under the exclusive lock) when the file is missing or unreadable. nil if there is no
    /// photo.
    ///
    /// A 2010 thumbnail (`thumbImage.jpg` holding PNG bytes) is used as it is when it is PNG.
    public func thumbnail(of id: Int) async throws -> Data? {
        if let cached = await thumbnails.value(for: id) { return cached }
        // Read before loading: a change or delete that lands meanwhile makes this insert a no-op,
        // so a slow load can never bring back an older image.
        let generation = await thumbnails.generation(for: id)
        var found = try await Self.mapErrors(id: id) { try await folder.read(id) { try $0.storedThumbnail() } }
        if found == nil {
            found = try await Self.mapErrors(id: id) { () -> Data? in
                try await folder.edit(id) { editor in
                    if let stored = try editor.storedThumbnail() { return stored }  // made meanwhile
                    guard let full = try editor.currentFullImage() else { return nil }
                    let thumbnail = try self.thumbnailer.thumbnail(of: full.data)
                    try editor.writeAttachment(thumbnail, named: self.layout.thumbnailName)
                    return thumbnail
                }
            }
        }
        if let found { await thumbnails.insert(found, for: id, generation: generation) }
        return found
    }

    /// Creature `id`'s thumbnail file as it is, if it is a PNG; nothing is made or written (a
    /// missing thumbnail is reported by ``check(repair:)``). For read-only callers.
    public func storedThumbnail(of id: Int) async throws -> Data? {
        if let cached = await thumbnails.value(for: id) { return cached }
        return try await Self.mapErrors(id: id) { try await folder.read(id) { try $0.storedThumbnail() } }
    }

    /// Creature `id`'s full photo, read now under a shared lock (never cached), and its format by
    /// content; nil if it has none.
    public func fullImage(of id: Int) async throws -> (data: Data, format: ImageFormat)? {
        try await Self.mapErrors(id: id) {
            try await folder.read(id) { reader in
                guard let full = try reader.currentFullImage() else { return nil }
                guard let format = ImageFormat.sniff([UInt8](full.data.prefix(32))) else {
                    throw ScaryCreaturesError(.corrupt, "creature \(id)'s \(full.name) is not an image")
                }
                return (full.data, format)
            }
        }
    }
}
