import Foundation
import OpenAPIRuntime

/// A photo `PUT`'s body as the generated code decoded it: the image as the raw body (JPEG or
/// PNG), or a multipart form whose `photo` field holds it.
public enum PhotoUpload<Part: Sendable>: Sendable {
    /// The raw body.
    case file(HTTPBody)
    /// A multipart form; `pick` tells whether a part is the `photo` field, and its body.
    case form(MultipartBody<Part>, pick: @Sendable (Part) -> (wanted: Bool, body: HTTPBody))

    /// The image's bytes, at most `limit` (every other part of a form is read under the limit
    /// and dropped).
    ///
    /// - Throws: ``APIError`` 413 past the limit, 400 for a form without a `photo` field.
    public func bytes(limit: Int) async throws -> Data {
        switch self {
        case .file(let body):
            try await UploadBody.collect(body, limit: limit)
        case .form(let parts, let pick):
            try await UploadBody.field("photo", in: parts, limit: limit, pick: pick)
        }
    }

    /// Every image the upload holds: the raw body, or each `photo` field of a form in order;
    /// all of it at most `limit` bytes, at most `maxCount` images.
    ///
    /// - Throws: ``APIError`` 413 past the limit, 400 for a form without a `photo` field or with
    ///   more than `maxCount`.
    public func images(limit: Int, maxCount: Int) async throws -> [Data] {
        switch self {
        case .file(let body):
            [try await UploadBody.collect(body, limit: limit)]
        case .form(let parts, let pick):
            try await UploadBody.fields("photo", in: parts, limit: limit, maxCount: maxCount, pick: pick)
        }
    }
}
