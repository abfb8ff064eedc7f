import Foundation
import Imaging
import OpenAPIRuntime
import WebSupport

/// An item's photo and thumbnail, answered by ``WebSupport/PhotoAnswer`` from ``ItemPhotos``.
extension ItemsAPI {
    /// The store's photos.
    var photos: ItemPhotos { ItemPhotos(store: store) }

    func getPhoto(_ input: Operations.GetPhoto.Input) async throws -> Operations.GetPhoto.Output {
        let headers = input.headers
        return try await PhotoAnswer.photo(
            of: try ItemKey.parse(input.path.itemKey), in: photos, ifNoneMatch: headers.ifNoneMatch, range: headers.range, ifRange: headers.ifRange
        )
    }

    func putPhoto(_ input: Operations.PutPhoto.Input) async throws -> Operations.PutPhoto.Output {
        let item = try await PhotoAnswer.put(input.body.upload, of: try ItemKey.parse(input.path.itemKey), in: photos, limit: maxBodyBytes)
        return .ok(.init(headers: .init(eTag: Representation.eTag(item.version)), body: .json(Representation.item(item, hasPhoto: true))))
    }

    func deletePhoto(_ input: Operations.DeletePhoto.Input) async throws -> Operations.DeletePhoto.Output {
        let item = try await PhotoAnswer.delete(of: try ItemKey.parse(input.path.itemKey), in: photos)
        return .ok(.init(headers: .init(eTag: Representation.eTag(item.version)), body: .json(Representation.item(item, hasPhoto: false))))
    }

    func getThumbnail(_ input: Operations.GetThumbnail.Input) async throws -> Operations.GetThumbnail.Output {
        let headers = input.headers
        return try await PhotoAnswer.thumbnail(
            of: try ItemKey.parse(input.path.itemKey), in: photos, ifNoneMatch: headers.ifNoneMatch, range: headers.range, ifRange: headers.ifRange
        )
    }
}
