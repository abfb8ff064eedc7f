import HTTPTypes

/// How to answer a `GET` of a stored file (a photo) from its identity and size and the request's
/// conditional and range headers — the same for every app's API.
public enum StoredFileAnswer: Sendable, Hashable {
    /// `304 Not Modified`: the client's copy is current.
    case notModified
    /// `206 Partial Content`: these bytes, with their `Content-Range`.
    case partial(Range<Int>, contentRange: String)
    /// `200 OK`: the whole file, with this `ETag` (and `Cache-Control: no-cache`).
    case whole(eTag: String)

    /// The answer for a file whose ``DocumentStore``-style identity is `identity` (the ETag's
    /// contents) and whose size is `size`, given the request's `If-None-Match`, `Range` and
    /// `If-Range` as the generated code decoded them (the raw values are read when a request is
    /// being handled, ``RawRequestHeaders``).
    ///
    /// - Throws: ``APIError`` 400 for a header over 200 bytes, 416 for a range outside the file.
    public static func decide(ifNoneMatch: String?, range: String?, ifRange: String?, identity: String, size: Int) throws -> StoredFileAnswer {
        let ifNoneMatch = RawRequestHeaders.value(.ifNoneMatch, decoded: ifNoneMatch)
        let range = RawRequestHeaders.value(.range, decoded: range)
        let ifRange = RawRequestHeaders.value(.ifRange, decoded: ifRange)
        try APIError.checkLength(ifNoneMatch, of: "If-None-Match", max: 200)
        try APIError.checkLength(range, of: "Range", max: 200)
        try APIError.checkLength(ifRange, of: "If-Range", max: 200)
        let tag = "\"\(identity)\""
        if let ifNoneMatch, EntityTag.matches(ifNoneMatch, tag) { return .notModified }
        if let bytes = try ByteRange.requested(range: range, ifRange: ifRange, eTag: tag, length: size) {
            return .partial(bytes, contentRange: "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(size)")
        }
        return .whole(eTag: tag)
    }
}
