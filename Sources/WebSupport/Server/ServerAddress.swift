import Foundation

/// The running server's address, told once it listens (with the real port when 0 was asked).
public struct ServerAddress: Sendable {
    /// The URL to open.
    public var url: String
    /// Where the data it serves is: the folder's path, or the bucket's `s3://BUCKET/PREFIX`.
    public var data: String

    /// The address of a server bound to `host` (bracketed when it is IPv6) and `port`, serving
    /// the data at `data`, over HTTPS when `secure`.
    public init(host: String, port: Int, data: String, secure: Bool = false) {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        self.url = "\(secure ? "https" : "http")://\(shownHost):\(port)/"
        self.data = data
    }
}
