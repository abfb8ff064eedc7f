import Foundation

/// The bundles as objects in a bucket (`PREFIX/N.ext/Data.plist` and the attachments beside
/// it): every operation as requests, what each promises told at
/// ``DocumentFolder/init(bucket:configuration:pool:)``.
struct BucketBundles: BundlePlace {
    /// The bucket and prefix.
    let bucket: BucketStorage

    func bundles(in folder: DocumentFolder) async throws -> [DocumentBundle] { try await folder.objectScan(bucket).bundles.map(\.0) }
    func bundle(_ id: Int, in folder: DocumentFolder) async throws -> DocumentBundle { try await folder.objectBundle(bucket, id).0 }
    func readData(of id: Int, in folder: DocumentFolder) async throws -> Data { try await folder.objectReadData(bucket, id) }

    func access<Result: Sendable>(
        _ id: Int, exclusive: Bool, in folder: DocumentFolder, _ body: @escaping @Sendable (any BundleFiles, UInt64) throws -> Result
    ) async throws -> Result {
        try await folder.withObjectSession(bucket, id, exclusive: exclusive) { session, generation in try body(session, generation) }
    }

    func create(data: Data, attachments: [String: Data], in folder: DocumentFolder) async throws -> DocumentBundle {
        try await folder.objectCreate(bucket, data: data, attachments: attachments)
    }

    func delete(_ id: Int, precondition: (@Sendable (Data?) throws -> Void)?, in folder: DocumentFolder) async throws {
        try await folder.objectDelete(bucket, id, precondition: precondition)
    }

    func list<Value: Sendable>(
        decode: @escaping @Sendable (Data) throws -> Value, summary: ListingSummaryFormat<Value>?, in folder: DocumentFolder
    ) async throws -> DocumentListing<Value> {
        try await folder.objectList(bucket, decode: decode, format: summary)
    }

    func repair<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value, in folder: DocumentFolder) async throws -> [DocumentFolder.QuarantinedBundle] {
        try await folder.objectRepair(bucket, decode: decode)
    }

    /// Nothing is ever half done in a bucket: there is nothing to clean.
    func open(cleaning: DocumentFolder.Cleaning, in folder: DocumentFolder) async throws -> DocumentFolder.OpenReport {
        DocumentFolder.OpenReport()
    }

    /// Read in a shared read of the bundle (the object's bytes are whole either way).
    func readAttachment(named name: String, of id: Int, limit: Int, in folder: DocumentFolder) async throws -> Data {
        let data = try await folder.read(id) { try $0.readAttachment(named: name, limit: limit) }
        guard let data else { throw Self.noAttachment(name, of: id, in: folder) }
        return data
    }

    /// The object read whole (within 256 MiB) into an anonymous file, which the handle reads.
    func openAttachment(named name: String, of id: Int, in folder: DocumentFolder) async throws -> FileHandle {
        let data = try await folder.read(id) { try $0.readAttachment(named: name) }
        guard let data else { throw Self.noAttachment(name, of: id, in: folder) }
        return try await folder.pool.run { try DocumentFolder.anonymousFile(holding: data) }
    }

    func attachmentNames(of id: Int, in folder: DocumentFolder) async throws -> [String] {
        try await folder.read(id) { try $0.attachmentNames() }
    }

    func watch(in folder: DocumentFolder, settings: BundleWatchSettings, _ handle: @escaping @Sendable (BundleWatchEvent) async -> Void) async throws {
        try await folder.objectWatch(bucket, settings: settings, handle)
    }

    private static func noAttachment(_ name: String, of id: Int, in folder: DocumentFolder) -> DocumentStoreError {
        DocumentStoreError(.notFound, "bundle \(folder.configuration.bundleName(for: id)) has no \(name)", path: folder.root.absoluteString)
    }
}

extension ObjectBundleSession: BundleFiles {}
