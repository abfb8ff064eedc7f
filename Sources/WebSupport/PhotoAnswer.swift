import Foundation

/// The photo routes of an app's API, answered once for every app from its ``PhotoStore``:
/// the photo and thumbnail `GET`s (``StoredFileAnswer``: `If-None-Match` → 304, `Range` and
/// `If-Range` → 206 or 416, `ETag` and `Cache-Control: no-cache` on the whole file), the
/// `PUT` (the upload read under the limit) and the `DELETE`.
public enum PhotoAnswer {
    /// The answer to a `GET` of record `key`'s photo, given the request's `If-None-Match`,
    /// `Range` and `If-Range` as the generated code decoded them.
    ///
    /// - Throws: ``APIError`` 400 for a header over 200 bytes (before the photo is looked for),
    ///   the store's 404 when there is no photo, 416 for a range outside it; the store's errors.
    public static func photo<Store: PhotoStore, Response: StoredFileResponse>(
        of key: Store.Key, in store: Store, ifNoneMatch: String?, range: String?, ifRange: String?
    ) async throws -> Response where Response.Kind == Store.Kind {
        try await answer(ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange, noPhoto: store.noPhoto(key)) {
            try await store.photoFile(of: key)
        }
    }

    /// The answer to a `GET` of record `key`'s thumbnail, as ``photo(of:in:ifNoneMatch:range:ifRange:)``
    /// answers the photo.
    ///
    /// - Throws: what ``photo(of:in:ifNoneMatch:range:ifRange:)`` throws.
    public static func thumbnail<Store: PhotoStore, Response: StoredFileResponse>(
        of key: Store.Key, in store: Store, ifNoneMatch: String?, range: String?, ifRange: String?
    ) async throws -> Response where Response.Kind == Store.Kind {
        try await answer(ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange, noPhoto: store.noPhoto(key)) {
            try await store.thumbnailFile(of: key)
        }
    }

    /// The answer to a `GET` of the file `find` finds (one of a record's several photos, its
    /// thumbnail), `noPhoto` when it finds none; the headers are checked before it looks.
    ///
    /// - Throws: what ``photo(of:in:ifNoneMatch:range:ifRange:)`` throws.
    public static func answer<Response: StoredFileResponse>(
        ifNoneMatch: String?, range: String?, ifRange: String?, noPhoto: @autoclosure () -> APIError,
        find: () async throws -> StoredFile<Response.Kind>?
    ) async throws -> Response {
        try StoredFileAnswer.checkHeaders(ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange)
        guard let file = try await find() else { throw noPhoto() }
        return try StoredFileAnswer.respond(ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange, file: file)
    }

    /// Gives record `key` the photo `upload` holds (read under `limit`) and answers the record.
    ///
    /// - Throws: ``APIError`` 413 past the limit, 400 for a form without a `photo` field; the
    ///   store's errors (nothing is written for an upload that cannot be read).
    public static func put<Store: PhotoStore, Part: Sendable>(
        _ upload: PhotoUpload<Part>, of key: Store.Key, in store: Store, limit: Int
    ) async throws -> Store.Record {
        try await store.setImage(try await upload.bytes(limit: limit), of: key)
    }

    /// Removes record `key`'s photo and answers the record.
    ///
    /// - Throws: the store's errors.
    public static func delete<Store: PhotoStore>(of key: Store.Key, in store: Store) async throws -> Store.Record {
        try await store.removeImage(of: key)
    }
}
