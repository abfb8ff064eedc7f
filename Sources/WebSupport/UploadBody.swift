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
        try await fieldWithFileName(field, in: parts, limit: limit) { part in
            let (wanted, body) = pick(part)
            return (wanted, body, nil)
        }.data
    }

    /// The bytes of the multipart field `field` and the file name its part gave (nil for none),
    /// as ``field(_:in:limit:pick:)`` reads them.
    ///
    /// - Parameter pick: whether a part is the wanted field, its body, and its file name.
    /// - Throws: what ``field(_:in:limit:pick:)`` throws.
    public static func fieldWithFileName<Part: Sendable>(
        _ field: String,
        in parts: MultipartBody<Part>,
        limit: Int,
        pick: @Sendable (Part) -> (wanted: Bool, body: HTTPBody, fileName: String?)
    ) async throws -> (data: Data, fileName: String?) {
        var found: (data: Data, fileName: String?)?
        for try await part in parts {
            let (wanted, body, fileName) = pick(part)
            let bytes = try await collect(body, limit: limit)
            if wanted, found == nil { found = (bytes, fileName) }
        }
        guard let found else { throw APIError.badRequest("the form has no field named \(field)") }
        return found
    }

    /// The bytes of every field of a multipart form that `pick` chooses, in the form's order,
    /// all of the form's parts together at most `limit` bytes (the other parts are read and
    /// dropped), and at most `maxCount` such fields.
    ///
    /// - Throws: ``APIError`` 400 without any such field or with more than `maxCount` (named
    ///   `field` in the message), 413 past the limit.
    public static func fields<Part: Sendable>(
        _ field: String,
        in parts: MultipartBody<Part>,
        limit: Int,
        maxCount: Int,
        pick: @Sendable (Part) -> (wanted: Bool, body: HTTPBody)
    ) async throws -> [Data] {
        var found: [Data] = [], used = 0
        for try await part in parts {
            let (wanted, body) = pick(part)
            let bytes: Data
            do {
                bytes = try await Data(collecting: body, upTo: limit - used)
            } catch let error as APIError {
                throw error
            } catch {
                throw APIError.tooLarge(limit: limit)
            }
            used += bytes.count
            guard wanted else { continue }
            guard found.count < maxCount else {
                throw APIError.badRequest("the form has more than \(maxCount) fields named \(field), the most one upload takes")
            }
            found.append(bytes)
        }
        guard !found.isEmpty else { throw APIError.badRequest("the form has no field named \(field)") }
        return found
    }
}
