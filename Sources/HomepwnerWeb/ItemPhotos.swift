import Foundation
import Homepwner
import Imaging
import WebSupport

/// The item store's photos as WebSupport's photo answers reach them (``WebSupport/PhotoStore``):
/// an item's photo and thumbnail, looked for only once the item is known, and a photo file that
/// is not a usable image answered as 409.
struct ItemPhotos: PhotoStore {
    let store: ItemStore

    func photoFile(of key: String) async throws -> StoredFile<ImageFormat>? {
        _ = try await store.item(key)
        guard let photo = try await Self.photoErrors(key, { try await store.images.photoFile(forKey: key) }) else { return nil }
        return StoredFile(identity: photo.identity, size: photo.size, kind: photo.kind, chunks: photo.chunks(in:))
    }

    func thumbnailFile(of key: String) async throws -> StoredFile<ImageFormat>? {
        _ = try await store.item(key)
        guard let thumbnail = try await Self.photoErrors(key, { try await store.images.thumbnail(forKey: key) }) else { return nil }
        return StoredFile(bytes: thumbnail, kind: .png)
    }

    /// Photo `number` of the item with `key` (as ``Homepwner/ItemStore/photos(ofItem:)`` numbers
    /// them) opened for streaming; nil when it has no such photo.
    func photoFile(number: Int, of key: String) async throws -> StoredFile<ImageFormat>? {
        guard let photo = try await numbered(number, of: key),
              let file = try await Self.photoErrors(key, { try await store.images.photoFile(of: photo) }) else { return nil }
        return StoredFile(identity: file.identity, size: file.size, kind: file.kind, chunks: file.chunks(in:))
    }

    /// The thumbnail of photo `number` of the item with `key`; nil when it has no such photo.
    func thumbnailFile(number: Int, of key: String) async throws -> StoredFile<ImageFormat>? {
        guard let photo = try await numbered(number, of: key),
              let thumbnail = try await Self.photoErrors(key, { try await store.images.thumbnail(of: photo) }) else { return nil }
        return StoredFile(bytes: thumbnail, kind: .png)
    }

    private func numbered(_ number: Int, of key: String) async throws -> ItemPhoto? {
        try await store.photos(ofItem: key).first { $0.number == number }?.photo
    }

    func setImage(_ image: Data, of key: String) async throws -> Item {
        try await store.setImage(image, forKey: key)
        return try await store.item(key)
    }

    func removeImage(of key: String) async throws -> Item {
        try await store.removeImage(forKey: key)
        return try await store.item(key)
    }

    func noPhoto(_ key: String) -> APIError {
        .notFound("item \(key) has no photo")
    }

    /// Runs `body`, answering a photo file that is not a usable image as 409 (the inventory's
    /// state, not the request, is wrong; `homepwner check` names it).
    private static func photoErrors<Value: Sendable>(_ key: String, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as HomepwnerError where error.code == .corrupt {
            throw APIError(.conflict, code: "unusable_photo", "the photo of item \(key) cannot be used (\(error.message)); put a new one, or delete it")
        }
    }
}
