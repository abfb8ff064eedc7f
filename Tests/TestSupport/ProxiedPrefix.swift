import DocumentStore
import ObjectStorage

/// A fresh prefix of a shared local S3 server's bucket, reached two ways: directly, and through
/// a fault proxy of its own (which can make the storage slow, failing or silent, and logs every
/// request). A test writes through ``direct`` and serves through ``proxied``.
public struct ProxiedPrefix: Sendable {
    /// The proxy in front of the server.
    public let proxy: S3FaultProxy
    /// The prefix, reached directly.
    public let direct: BucketStorage
    /// The prefix, reached through the proxy (a request may take up to 20 s).
    public let proxied: BucketStorage

    /// A prefix named after `name` on `store`'s shared server, with a proxy started for it.
    public static func start(_ store: S3Store, name: String) async throws -> ProxiedPrefix {
        let server = try await S3TestServer.shared(store)
        let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
        let location = S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix(name))
        return ProxiedPrefix(
            proxy: proxy,
            direct: BucketStorage(client: try server.client(), location: location),
            proxied: BucketStorage(client: try server.client(endpoint: proxy.endpoint, requestTimeout: .seconds(20)), location: location)
        )
    }

    /// Runs `body` with a fresh proxied prefix (``start(_:name:)``) and closes it after, whether
    /// `body` returned or threw.
    public static func with<Result: Sendable>(_ store: S3Store, name: String, _ body: (ProxiedPrefix) async throws -> Result) async throws -> Result {
        let prefix = try await start(store, name: name)
        do {
            let result = try await body(prefix)
            await prefix.close()
            return result
        } catch {
            await prefix.close()
            throw error
        }
    }

    /// Shuts both clients down and ends the proxy.
    public func close() async {
        try? await direct.client.shutdown()
        try? await proxied.client.shutdown()
        proxy.stop()
    }
}
