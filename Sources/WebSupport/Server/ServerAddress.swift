import Foundation

/// The running server's address, told once it listens (with the real port when 0 was asked).
public struct ServerAddress: Sendable {
    /// The URL to open.
    public var url: String
    /// Where the data it serves is: the folder's path, or the bucket's `s3://BUCKET/PREFIX`.
    public var data: String

    /// Creates an address.
    public init(url: String, data: String) {
        self.url = url
        self.data = data
    }

    /// The address of a server bound to `host` (bracketed when it is IPv6) and `port`.
    public init(host: String, port: Int, data: String) {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        self.init(url: "http://\(shownHost):\(port)/", data: data)
    }
}
