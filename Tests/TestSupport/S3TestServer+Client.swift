import ObjectStorage

extension S3TestServer {
    /// Settings for reaching this server (or `endpoint` instead: a fault proxy in front of it,
    /// or an address where nothing listens), with its key, path-style, and the limits given.
    public func settings(
        endpoint: String? = nil, secret: String? = nil, retry: RetryPolicy? = nil,
        requestTimeout: Duration? = nil, maxConnections: Int? = nil
    ) throws -> S3Settings {
        var environment = self.environment
        if let endpoint { environment["AWS_ENDPOINT_URL_S3"] = endpoint }
        if let secret { environment["AWS_SECRET_ACCESS_KEY"] = secret }
        var settings = try S3Settings.fromEnvironment(environment, pathStyle: true)
        if let retry { settings.retry = retry }
        if let requestTimeout { settings.requestTimeout = requestTimeout }
        if let maxConnections { settings.maxConnections = maxConnections }
        return settings
    }

    /// A client of `bucket` (the shared bucket unless told) with ``settings(endpoint:secret:retry:requestTimeout:maxConnections:)``.
    public func client(
        bucket: String = S3TestServer.bucket, endpoint: String? = nil, secret: String? = nil, retry: RetryPolicy? = nil,
        requestTimeout: Duration? = nil, maxConnections: Int? = nil
    ) throws -> S3Client {
        let settings = try settings(endpoint: endpoint, secret: secret, retry: retry, requestTimeout: requestTimeout, maxConnections: maxConnections)
        return S3Client(settings: settings, bucket: bucket)
    }
}
