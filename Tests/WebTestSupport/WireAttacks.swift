/// Requests whose bodies lie about themselves, as an attacker sends them, for checking that a
/// server answers each with a 4xx and its JSON error, never a 500.
public enum WireAttacks {
    /// Chunked bodies the HTTP decoder cannot read: sizes `zz`, `-1`, 20 hex digits, bare-LF
    /// chunk lines.
    public static let malformedChunkedBodies = [
        "zz\r\nhello\r\n0\r\n\r\n", "-1\r\nhello\r\n0\r\n\r\n", "100000000000000000000\r\nhello\r\n0\r\n\r\n", "5\nhello\n0\n\n",
    ]

    /// A request to `path` with `method` and a chunked `body`.
    public static func chunked(_ method: String, _ path: String, type: String, body: String, extraHeaders: String = "") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Type: \(type)\r\nTransfer-Encoding: chunked\r\n\(extraHeaders)\r\n\(body)"
    }

    /// The same with `Transfer-Encoding: xchunked`, which no decoder knows.
    public static func unknownCoding(_ method: String, _ path: String, type: String) -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Type: \(type)\r\nTransfer-Encoding: xchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
    }

    /// `type` with one of its parameters repeated in the ways that once ended either server
    /// (swift-openapi-runtime traps on parameter names equal once lowercased): in another case,
    /// exactly, across two joined headers, and in a quoted value split where the runtime splits.
    public static func repeatedParameters(of type: String) -> [String] {
        [
            "\(type); charset=utf-8; Charset=utf-8", "\(type); q=1; Q=1", "\(type); a=1; a=2",
            "\(type); x=\"a;X=b\"", "\(type);CHARSET=a;charset=b",
        ]
    }

    /// A request to `path` with `method`, `Content-Type: type` and `body`, its length declared.
    public static func withBody(_ method: String, _ path: String, type: String, body: String) -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    /// A well-formed chunked body of `size` bytes (in 1 MiB chunks), for a body over the limit.
    public static func largeChunkedBody(size: Int) -> [UInt8] {
        chunkedBody([UInt8](repeating: 0x41, count: size))
    }

    /// `content` as a well-formed chunked body, in chunks of at most `chunkSize` bytes.
    public static func chunkedBody(_ content: [UInt8], chunkSize: Int = 1 << 20) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(content.count + content.count / 100_000 + 16)
        var start = 0
        while start < content.count {
            let end = min(content.count, start + chunkSize)
            bytes += Array("\(String(end - start, radix: 16))\r\n".utf8) + content[start..<end] + Array("\r\n".utf8)
            start = end
        }
        return bytes + Array("0\r\n\r\n".utf8)
    }
}
