import HTTPTypes
import OpenAPIRuntime

/// How to answer a `GET` of a stored file (a photo, a thumbnail) from its identity and size and
/// the request's conditional and range headers — the same for every app's API.
public enum StoredFileAnswer: Sendable, Hashable {
    /// `304 Not Modified`: the client's copy is current.
    case notModified
    /// `206 Partial Content`: these bytes, with their `Content-Range`.
    case partial(Range<Int>, contentRange: String)
    /// `200 OK`: the whole file, with this `ETag` (and `Cache-Control: no-cache`, which
    /// ``DataCacheControlMiddleware`` makes `private, no-cache`).
    case whole(eTag: String)

    /// The answer for a file whose ``DocumentStore``-style identity is `identity` (the ETag's
    /// contents) and whose size is `size`, given the request's `If-None-Match`, `Range` and
    /// `If-Range` as the generated code decoded them (the raw values are read when a request is
    /// being handled, ``RawRequestHeaders``).
    ///
    /// - Throws: ``APIError`` 400 for a header over 200 bytes, 416 for a range outside the file.
    public static func decide(ifNoneMatch: String?, range: String?, ifRange: String?, identity: String, size: Int) throws -> StoredFileAnswer {
        try checkHeaders(ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange)
        let ifNoneMatch = RawRequestHeaders.value(.ifNoneMatch, decoded: ifNoneMatch)
        let range = RawRequestHeaders.value(.range, decoded: range)
        let ifRange = RawRequestHeaders.value(.ifRange, decoded: ifRange)
        let tag = "\"\(identity)\""
        if let ifNoneMatch, EntityTag.matches(ifNoneMatch, tag) { return .notModified }
        if let bytes = try ByteRange.requested(range: range, ifRange: ifRange, eTag: tag, length: size) {
            return .partial(bytes, contentRange: "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(size)")
        }
        return .whole(eTag: tag)
    }
}

extension StoredFileAnswer {
    /// Refuses a request whose `If-None-Match`, `Range` or `If-Range` (as sent, ``RawRequestHeaders``)
    /// is over 200 bytes: checked before the file is looked for, so such a request is 400 whether
    /// or not the file exists.
    ///
    /// - Throws: ``APIError`` 400 naming the header.
    public static func checkHeaders(ifNoneMatch: String?, range: String?, ifRange: String?) throws {
        try APIError.checkLength(RawRequestHeaders.value(.ifNoneMatch, decoded: ifNoneMatch), of: "If-None-Match", max: 200)
        try APIError.checkLength(RawRequestHeaders.value(.range, decoded: range), of: "Range", max: 200)
        try APIError.checkLength(RawRequestHeaders.value(.ifRange, decoded: ifRange), of: "If-Range", max: 200)
    }
}

/// An app's generated response to a `GET` of a stored file: each app's OpenAPI document makes
/// its own response type, and these three cases are all that differ between the apps, so the
/// answer itself is made once (``StoredFileAnswer/respond(ifNoneMatch:range:ifRange:file:)``).
public protocol StoredFileResponse {
    /// What tells the body's media type (the image format of a photo).
    associatedtype Kind
    /// `304 Not Modified`.
    static func notModifiedAnswer() -> Self
    /// `206 Partial Content`: `body`, of `kind`, with its `Content-Range`.
    static func partialAnswer(_ body: HTTPBody, of kind: Kind, contentRange: String) -> Self
    /// `200 OK`: the whole file as `body`, of `kind`, with its `ETag` and `Cache-Control: no-cache`
    /// (``DataCacheControlMiddleware`` makes it `private, no-cache`).
    static func wholeAnswer(_ body: HTTPBody, of kind: Kind, eTag: String) -> Self
}

extension StoredFileAnswer {
    /// The response to a `GET` of `file` (see ``decide(ifNoneMatch:range:ifRange:identity:size:)``),
    /// its bytes streamed from the file as it was opened or held.
    ///
    /// - Throws: ``APIError`` 400 for a header over 200 bytes, 416 for a range outside the file.
    public static func respond<Response: StoredFileResponse>(
        ifNoneMatch: String?, range: String?, ifRange: String?, file: StoredFile<Response.Kind>
    ) throws -> Response {
        switch try decide(ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange, identity: file.identity, size: file.size) {
        case .notModified:
            return .notModifiedAnswer()
        case .partial(let bytes, let contentRange):
            return .partialAnswer(file.body(bytes), of: file.kind, contentRange: contentRange)
        case .whole(let eTag):
            return .wholeAnswer(file.body(0..<file.size), of: file.kind, eTag: eTag)
        }
    }
}
