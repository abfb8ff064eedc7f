import Foundation
import OpenAPIRuntime
import WebSupport

/// Reading request bodies under the size limit.
enum Upload {
    /// All of `body`, at most `limit` bytes.
    ///
    /// - Throws: ``WebSupport/APIError`` 413 past the limit.
    static func collect(_ body: HTTPBody, limit: Int) async throws -> Data {
        try await UploadBody.collect(body, limit: limit)
    }

    /// The `photo` field of a multipart form (other fields are read and dropped).
    ///
    /// - Throws: ``WebSupport/APIError`` 400 without a `photo` field, 413 past the limit.
    static func photo(in parts: MultipartBody<Operations.PutPhoto.Input.Body.MultipartFormPayload>, limit: Int) async throws -> Data {
        var photo: Data?
        for try await part in parts {
            switch part {
            case .photo(let field):
                let bytes = try await collect(field.payload.body, limit: limit)
                if photo == nil { photo = bytes }
            case .undocumented(let raw):
                _ = try await collect(raw.body, limit: limit)
            }
        }
        guard let photo else { throw APIError.badRequest("the form has no field named photo") }
        return photo
    }
}
