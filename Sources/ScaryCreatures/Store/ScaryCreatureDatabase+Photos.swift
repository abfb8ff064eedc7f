import DocumentStore
import Foundation
import Imaging

extension ScaryCreatureDatabase {
    /// A validated photo: the name its bytes are kept under and its thumbnail.
    struct PreparedPhoto {
        var fullName: String
        var thumbnail: Data
    }

    /// Validates `image` with Imaging and makes its thumbnail; nothing is written.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidImage` with Imaging's reason.
    func preparePhoto(_ image: Data) throws -> PreparedPhoto {
        do {
            let info = try ImageInfo.read(image)
            let thumbnail = try thumbnailer.thumbnail(of: image)
            return PreparedPhoto(fullName: layout.fullImageName(for: info.format), thumbnail: thumbnail)
        } catch let error as ImagingError {
            throw ScaryCreaturesError(.invalidImage, "the photo cannot be used: \(error.message)")
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
        let photo = try preparePhoto(image)
        await thumbnails.remove(id)
        try await Self.mapErrors(id: id) {
            try await folder.edit(id) { editor in
                for name in CreatureLayout.thumbnailNames { try editor.removeAttachment(named: name) }
                try editor.writeAttachment(image, named: photo.fullName)
                for name in CreatureLayout.fullImageNames where name != photo.fullName {
                    try editor.removeAttachment(named: name)
                }
                try editor.writeAttachment(photo.thumbnail, named: self.layout.thumbnailName)
            }
        }
        await thumbnails.insert(photo.thumbnail, for: id)
    }

    /// Creature `id`'s thumbnail as PNG: from the cache, else from its file, else made from the
    /// full photo (and saved) when the file is missing or unreadable. nil if there is no photo.
    ///
    /// A 2010 thumbnail (`thumbImage.jpg` holding PNG bytes) is used as it is when it is PNG.
    public func thumbnail(of id: Int) async throws -> Data? {
        if let cached = await thumbnails.value(for: id) { return cached }
        let found = try await Self.mapErrors(id: id) { () -> Data? in
            try await folder.edit(id) { editor in
                if let stored = try Self.storedThumbnail(editor) { return stored }
                guard let full = try Self.currentFullImage(editor) else { return nil }
                let thumbnail = try self.thumbnailer.thumbnail(of: full.data)
                try editor.writeAttachment(thumbnail, named: self.layout.thumbnailName)
                return thumbnail
            }
        }
        if let found { await thumbnails.insert(found, for: id) }
        return found
    }

    /// Creature `id`'s thumbnail file as it is, if it is a PNG; nothing is made or written (a
    /// missing thumbnail is reported by ``check(repair:)``). For read-only callers.
    public func storedThumbnail(of id: Int) async throws -> Data? {
        if let cached = await thumbnails.value(for: id) { return cached }
        return try await Self.mapErrors(id: id) { try await folder.edit(id) { try Self.storedThumbnail($0) } }
    }

    /// The first thumbnail file of a bundle that holds PNG bytes.
    private static func storedThumbnail(_ editor: BundleEditor) throws -> Data? {
        for name in CreatureLayout.thumbnailNames {
            if let bytes = try editor.readAttachment(named: name), ImageFormat.sniff([UInt8](bytes.prefix(16))) == .png {
                return bytes
            }
        }
        return nil
    }

    /// Creature `id`'s full photo, read now (never cached), and its format by content; nil if it
    /// has none.
    public func fullImage(of id: Int) async throws -> (data: Data, format: ImageFormat)? {
        try await Self.mapErrors(id: id) {
            try await folder.edit(id) { editor in
                guard let full = try Self.currentFullImage(editor) else { return nil }
                guard let format = ImageFormat.sniff([UInt8](full.data.prefix(32))) else {
                    throw ScaryCreaturesError(.corrupt, "creature \(id)'s \(full.name) is not an image")
                }
                return (full.data, format)
            }
        }
    }

    /// The current full photo in a bundle: the only one, or — when a crash left two names — the
    /// most recently written.
    static func currentFullImage(_ editor: BundleEditor) throws -> (name: String, data: Data)? {
        let present = try editor.attachmentNames().filter { CreatureLayout.fullImageNames.contains($0) }
        let newest = present.max { lhs, rhs in
            modificationDate(editor.bundle.url.appendingPathComponent(lhs)) < modificationDate(editor.bundle.url.appendingPathComponent(rhs))
        }
        guard let newest, let data = try editor.readAttachment(named: newest) else { return nil }
        return (newest, data)
    }

    private static func modificationDate(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
