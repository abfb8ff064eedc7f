import Foundation
import OpenAPIRuntime

/// Reading request bodies under the size limit, for both apps' uploads.
public enum UploadBody {
    /// All of `body`, at most `limit` bytes.
    ///
    /// - Throws: ``APIError`` 413 past the limit.
    public static func collect(_ body: HTTPBody, limit: Int) async throws -> Data {
        do {
            return try await Data(collecting: body, upTo: limit)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.tooLarge(limit: limit)
        }
    }

    /// The first field of a multipart form that `pick` chooses (every other part is read under
    /// the limit and dropped).
    ///
    /// - Parameter pick: the body of a part if it is the wanted field, nil to drop it (its
    ///   body is `drop`'s).
    /// - Throws: ``APIError`` 400 without the field (named `field` in the message), 413 past
    ///   the limit.
    public static func field<Part: Sendable>(
        _ field: String,
        in parts: MultipartBody<Part>,
        limit: Int,
        pick: @Sendable (Part) -> (wanted: Bool, body: HTTPBody)
    ) async throws -> Data {
        var found: Data?
        for try await part in parts {
            let (wanted, body) = pick(part)
            let bytes = try await collect(body, limit: limit)
            if wanted, found == nil { found = bytes }
        }
        guard let found else { throw APIError.badRequest("the form has no field named \(field)") }
        return found
    }
}
