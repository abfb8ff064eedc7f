import Foundation
import Imaging
import ScaryCreatures
import WebSupport

/// The database's photos as WebSupport's photo answers reach them (``WebSupport/PhotoStore``):
/// a creature's photo, and its thumbnail from the cache or made again.
struct CreaturePhotos: PhotoStore {
    let database: ScaryCreatureDatabase

    func photoFile(of id: Int) async throws -> StoredFile<ImageFormat>? {
        guard let photo = try await database.photoFile(of: id) else { return nil }
        return StoredFile(identity: photo.identity, size: photo.size, kind: photo.kind, chunks: photo.chunks(in:))
    }

    func thumbnailFile(of id: Int) async throws -> StoredFile<ImageFormat>? {
        try await database.thumbnail(of: id).map { StoredFile(bytes: $0, kind: .png) }
    }

    func setImage(_ image: Data, of id: Int) async throws -> ScaryCreatureDoc {
        try await database.setImage(id, image)
        return try await database.creature(id)
    }

    func removeImage(of id: Int) async throws -> ScaryCreatureDoc {
        try await database.removeImage(id)
        return try await database.creature(id)
    }

    func noPhoto(_ id: Int) -> APIError {
        .notFound("creature \(id) has no photo")
    }
}
