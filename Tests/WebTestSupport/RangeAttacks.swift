import Foundation

/// `Range` and `If-Range` headers sent to a live server's stored-file route over plain TCP, with
/// the answer RFC 9110 §14 asks for each: the same list for every app's photos and attachments.
public enum RangeAttacks {
    /// What a request with a given `Range` must be answered with.
    public enum Expected: Sendable, Equatable {
        /// 206 with these bytes of the file.
        case partial(ClosedRange<Int>)
        /// 200 with the whole file: the header is not a range this server understands.
        case whole
        /// 416 with `Content-Range: bytes */SIZE`.
        case unsatisfiable
    }

    /// The `Range` values to send for a file of `size` bytes (at least 2), each with its answer:
    /// ranges that start at, just past and far past the end (the ones that once killed the
    /// server), numbers past any integer, suffixes, and values that are not a single range.
    public static func cases(size: Int) -> [(range: String, expected: Expected)] {
        [
            ("bytes=0-0", .partial(0...0)),
            ("bytes=\(size - 1)-", .partial(size - 1...size - 1)),
            ("bytes=1-\(size + 1_000)", .partial(1...size - 1)),
            ("bytes=0-99999999999999999999999", .partial(0...size - 1)),
            ("BYTES=0-1", .partial(0...1)),
            ("bytes= 0-1 ", .partial(0...1)),
            ("bytes=-1", .partial(size - 1...size - 1)),
            ("bytes=-\(size + 10)", .partial(0...size - 1)),
            ("bytes=-99999999999999999999999", .partial(0...size - 1)),
            ("bytes=\(size)-", .unsatisfiable),
            ("bytes=\(size + 1)-", .unsatisfiable),
            ("bytes=\(size + 1)-\(size + 5)", .unsatisfiable),
            ("bytes=\(Int.max)-", .unsatisfiable),
            ("bytes=99999999999999999999999-", .unsatisfiable),
            ("bytes=-0", .unsatisfiable),
            ("bytes=5-1", .whole),
            ("bytes=99999999999999999999999-1", .whole),
            ("bytes=0-1,3-4", .whole),
            ("bytes=+1-2", .whole),
            ("bytes=1-+2", .whole),
            ("bytes=0x10-", .whole),
            ("bytes=-", .whole),
            ("bytes=", .whole),
            ("items=0-1", .whole),
            ("bytes=１-２", .whole),
            ("bytes=-1-2", .whole),
        ]
    }

    /// Sends `GET path` with each of ``cases(size:)`` to the server on `port` (each on a
    /// connection of its own), then the same past-the-end range under an `If-Range` that matches
    /// and one that does not; the failures, described (empty when every answer was right). The
    /// server must still answer a plain `GET` after all of them.
    ///
    /// - Parameters:
    ///   - file: the bytes stored at `path`.
    ///   - eTag: the file's `ETag` as the server sends it.
    ///   - extraHeaders: more header lines, each ending in CRLF (an access token).
    public static func failures(port: Int, path: String, file: [UInt8], eTag: String, extraHeaders: String = "") async throws -> [String] {
        var failures: [String] = []
        func get(_ headers: String) async throws -> RawResponse {
            try await RawConnection.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extraHeaders)\(headers)Connection: close\r\n\r\n")
        }
        func check(_ response: RawResponse, _ expected: Expected, _ label: String) {
            switch expected {
            case .partial(let bytes):
                let want = Array(file[bytes])
                if response.status != 206 || response.body != want || response.headers["content-range"] != "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(file.count)" {
                    failures.append("\(label): want 206 bytes \(bytes), got \(response.status) \(response.headers["content-range"] ?? "-") (\(response.body.count) bytes)")
                }
            case .whole:
                if response.status != 200 || response.body != file || response.headers["content-range"] != nil {
                    failures.append("\(label): want 200 with the whole file, got \(response.status) (\(response.body.count) bytes)")
                }
            case .unsatisfiable:
                if response.status != 416 || response.headers["content-range"] != "bytes */\(file.count)" || response.errorCode != "range_not_satisfiable" {
                    failures.append("\(label): want 416 with Content-Range bytes */\(file.count), got \(response.status) \(response.headers["content-range"] ?? "-") \(response.text.prefix(120))")
                }
            }
        }
        for (range, expected) in cases(size: file.count) {
            check(try await get("Range: \(range)\r\n"), expected, "Range: \(range)")
        }
        let past = "bytes=\(file.count + 7)-"
        check(try await get("Range: \(past)\r\nIf-Range: \(eTag)\r\n"), .unsatisfiable, "If-Range current, Range: \(past)")
        check(try await get("Range: \(past)\r\nIf-Range: \"stale\"\r\n"), .whole, "If-Range stale, Range: \(past)")
        check(try await get("Range: bytes=2-3\r\nIf-Range: W/\(eTag)\r\n"), .whole, "If-Range weak, Range: bytes=2-3")
        check(try await get("Range: bytes=2-3\r\nIf-Range: Sat, 28 Nov 2026 00:00:00 GMT\r\n"), .whole, "If-Range a date, Range: bytes=2-3")
        check(try await get("Range: bytes=2-3\r\nIf-Range: \(eTag)\r\n"), .partial(2...3), "If-Range current, Range: bytes=2-3")
        check(try await get(""), .whole, "after the attacks, no Range")
        return failures
    }
}
