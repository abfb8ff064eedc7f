import Foundation
import Testing

extension WebContract {
    /// A stored file's `GET` at `path` (a photo, a thumbnail: ``WebSupport/StoredFileAnswer``)
    /// holding `file` of media type `type`, over plain TCP: the whole file with its `ETag`,
    /// `Cache-Control: private, no-cache` and `Content-Length`; 304 without a body for an
    /// `If-None-Match` naming its tag (weakly too) or `*`, the whole file for another tag; 400
    /// for an `If-None-Match`, `Range` or `If-Range` over 200 bytes; and every `Range` and
    /// `If-Range` of ``RangeAttacks`` answered as RFC 9110 asks (so `file` has at least 4 bytes).
    ///
    /// - Parameter extraHeaders: more header lines, each ending in CRLF (an access token).
    public static func expectStoredFileAnswers(
        port: Int, path: String, file: [UInt8], type: String, extraHeaders: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        func get(_ headers: String = "") async throws -> RawResponse {
            try await RawConnection.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extraHeaders)\(headers)Connection: close\r\n\r\n")
        }
        let whole = try await get()
        #expect(whole.status == 200, "\(path)", sourceLocation: sourceLocation)
        #expect(whole.body == file, "\(path)", sourceLocation: sourceLocation)
        #expect(whole.headers["content-type"] == type, "\(path)", sourceLocation: sourceLocation)
        #expect(whole.headers["content-length"] == String(file.count), "\(path)", sourceLocation: sourceLocation)
        #expect(whole.headers["cache-control"] == "private, no-cache", "\(path)", sourceLocation: sourceLocation)
        let tag = try #require(whole.headers["etag"], "\(path) has no ETag", sourceLocation: sourceLocation)
        for current in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
            let unchanged = try await get("If-None-Match: \(current)\r\n")
            #expect(unchanged.status == 304, "\(path) If-None-Match: \(current)", sourceLocation: sourceLocation)
            #expect(unchanged.body.isEmpty, "\(path) If-None-Match: \(current)", sourceLocation: sourceLocation)
        }
        let changed = try await get("If-None-Match: \"other\"\r\n")
        #expect(changed.status == 200, "\(path)", sourceLocation: sourceLocation)
        #expect(changed.body == file, "\(path)", sourceLocation: sourceLocation)
        let long = "\"" + String(repeating: "a", count: 250) + "\""
        for headers in ["If-None-Match: \(long)\r\n", "Range: bytes=0-1\(long)\r\n", "Range: bytes=0-1\r\nIf-Range: \(long)\r\n"] {
            let refused = try await get(headers)
            #expect(refused.status == 400, "\(path) \(headers.prefix(20))", sourceLocation: sourceLocation)
        }
        let failures = try await RangeAttacks.failures(port: port, path: path, file: file, eTag: tag, extraHeaders: extraHeaders)
        #expect(failures == [], "\(path)", sourceLocation: sourceLocation)
    }
}
