import Foundation
import Imaging
import OpenAPIRuntime
import WebSupport

/// A creature's photo and thumbnail, answered by ``WebSupport/PhotoAnswer`` from ``CreaturePhotos``.
extension CreaturesAPI {
    /// The database's photos.
    var photos: CreaturePhotos { CreaturePhotos(database: database) }

    func getPhoto(_ input: Operations.GetPhoto.Input) async throws -> Operations.GetPhoto.Output {
        let headers = input.headers
        return try await PhotoAnswer.photo(
            of: try CreatureID.parse(input.path.id), in: photos, ifNoneMatch: headers.ifNoneMatch, range: headers.range, ifRange: headers.ifRange
        )
    }

    func putPhoto(_ input: Operations.PutPhoto.Input) async throws -> Operations.PutPhoto.Output {
        let creature = try await PhotoAnswer.put(input.body.upload, of: try CreatureID.parse(input.path.id), in: photos, limit: maxBodyBytes)
        return .ok(.init(headers: .init(eTag: Representation.eTag(creature.version)), body: .json(Representation.creature(creature, hasPhoto: true))))
    }

    func deletePhoto(_ input: Operations.DeletePhoto.Input) async throws -> Operations.DeletePhoto.Output {
        let creature = try await PhotoAnswer.delete(of: try CreatureID.parse(input.path.id), in: photos)
        return .ok(.init(headers: .init(eTag: Representation.eTag(creature.version)), body: .json(Representation.creature(creature, hasPhoto: false))))
    }

    func getThumbnail(_ input: Operations.GetThumbnail.Input) async throws -> Operations.GetThumbnail.Output {
        let headers = input.headers
        return try await PhotoAnswer.thumbnail(
            of: try CreatureID.parse(input.path.id), in: photos, ifNoneMatch: headers.ifNoneMatch, range: headers.range, ifRange: headers.ifRange
        )
    }
}
