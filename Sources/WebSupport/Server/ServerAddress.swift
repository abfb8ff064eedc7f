import Foundation

/// The running server's address, told once it listens (with the real port when 0 was asked).
public struct ServerAddress: Sendable {
    /// The URL to open.
    public var url: String
    /// The data folder it serves (or the bucket's `s3://` URL).
    public var dataFolder: URL

    /// The folder's path, or the bucket's `s3://BUCKET/PREFIX`.
    public var dataDescription: String {
        dataFolder.isFileURL ? dataFolder.path : dataFolder.absoluteString
    }

    /// Creates an address.
    public init(url: String, dataFolder: URL) {
        self.url = url
        self.dataFolder = dataFolder
    }

    /// The address of a server bound to `host` (bracketed when it is IPv6) and `port`.
    public init(host: String, port: Int, dataFolder: URL) {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        self.init(url: "http://\(shownHost):\(port)/", dataFolder: dataFolder)
    }
}
