import Foundation

/// Where a ``DocumentFolder``'s bundles are, and how each of its operations is carried out
/// there: folders on disk (``FolderBundles``) or objects in a bucket (``BucketBundles``). The
/// folder's public operations are written once over it; what each promises in a bucket is told
/// at ``DocumentFolder/init(bucket:configuration:pool:)``.
protocol BundlePlace: Sendable {
    /// ``DocumentFolder/bundles()``.
    func bundles(in folder: DocumentFolder) async throws -> [DocumentBundle]
    /// ``DocumentFolder/bundle(_:)``.
    func bundle(_ id: Int, in folder: DocumentFolder) async throws -> DocumentBundle
    /// ``DocumentFolder/readData(of:)``.
    func readData(of id: Int, in folder: DocumentFolder) async throws -> Data
    /// Runs `body` with bundle `id`'s files, held exclusively when `exclusive` (an edit), shared
    /// otherwise (a read); `body` also gets the bundle's generation in this process.
    func access<Result: Sendable>(
        _ id: Int, exclusive: Bool, in folder: DocumentFolder, _ body: @escaping @Sendable (any BundleFiles, UInt64) throws -> Result
    ) async throws -> Result
    /// ``DocumentFolder/create(data:attachments:)``, the names checked.
    func create(data: Data, attachments: [String: Data], in folder: DocumentFolder) async throws -> DocumentBundle
    /// ``DocumentFolder/delete(_:precondition:)``.
    func delete(_ id: Int, precondition: (@Sendable (Data?) throws -> Void)?, in folder: DocumentFolder) async throws
    /// ``DocumentFolder/list(decode:)`` (no summary) and ``DocumentFolder/list(decode:summary:)``.
    func list<Value: Sendable>(
        decode: @escaping @Sendable (Data) throws -> Value, summary: ListingSummaryFormat<Value>?, in folder: DocumentFolder
    ) async throws -> DocumentListing<Value>
    /// ``DocumentFolder/repair(decode:)``.
    func repair<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value, in folder: DocumentFolder) async throws -> [DocumentFolder.QuarantinedBundle]
    /// ``DocumentFolder/open(cleaning:)``.
    func open(cleaning: DocumentFolder.Cleaning, in folder: DocumentFolder) async throws -> DocumentFolder.OpenReport
    /// ``DocumentFolder/readAttachment(named:of:limit:)``, the name checked.
    func readAttachment(named name: String, of id: Int, limit: Int, in folder: DocumentFolder) async throws -> Data
    /// ``DocumentFolder/openAttachment(named:of:)``, the name checked.
    func openAttachment(named name: String, of id: Int, in folder: DocumentFolder) async throws -> FileHandle
    /// ``DocumentFolder/attachmentNames(of:)``.
    func attachmentNames(of id: Int, in folder: DocumentFolder) async throws -> [String]
    /// ``DocumentFolder/watch(_:_:)``.
    func watch(in folder: DocumentFolder, settings: BundleWatchSettings, _ handle: @escaping @Sendable (BundleWatchEvent) async -> Void) async throws
}

extension BundlePlace {
    /// ``DocumentFolder/read(_:_:)``.
    func read<Result: Sendable>(_ id: Int, in folder: DocumentFolder, _ body: @escaping @Sendable (any BundleFiles, UInt64) throws -> Result) async throws -> Result {
        try await access(id, exclusive: false, in: folder, body)
    }

    /// ``DocumentFolder/edit(_:_:)``.
    func edit<Result: Sendable>(_ id: Int, in folder: DocumentFolder, _ body: @escaping @Sendable (any BundleFiles) throws -> Result) async throws -> Result {
        try await access(id, exclusive: true, in: folder) { files, _ in try body(files) }
    }
}

/// The bundles as folders on disk: every operation through descriptors, under `flock`s, on the
/// folder's ``BlockingPool``.
struct FolderBundles: BundlePlace {
    func bundles(in folder: DocumentFolder) async throws -> [DocumentBundle] { try await folder.diskBundles() }
    func bundle(_ id: Int, in folder: DocumentFolder) async throws -> DocumentBundle { try await folder.diskBundle(id) }
    func readData(of id: Int, in folder: DocumentFolder) async throws -> Data { try await folder.diskReadData(of: id) }

    func access<Result: Sendable>(
        _ id: Int, exclusive: Bool, in folder: DocumentFolder, _ body: @escaping @Sendable (any BundleFiles, UInt64) throws -> Result
    ) async throws -> Result {
        try await folder.diskAccess(id, exclusive: exclusive, body)
    }

    func create(data: Data, attachments: [String: Data], in folder: DocumentFolder) async throws -> DocumentBundle {
        try await folder.diskCreate(data: data, attachments: attachments)
    }

    func delete(_ id: Int, precondition: (@Sendable (Data?) throws -> Void)?, in folder: DocumentFolder) async throws {
        try await folder.diskDelete(id, precondition: precondition)
    }

    func list<Value: Sendable>(
        decode: @escaping @Sendable (Data) throws -> Value, summary: ListingSummaryFormat<Value>?, in folder: DocumentFolder
    ) async throws -> DocumentListing<Value> {
        guard let summary else { return try await folder.diskList(decode: decode) }
        return try await folder.diskList(decode: decode, summary: summary)
    }

    func repair<Value: Sendable>(decode: @escaping @Sendable (Data) throws -> Value, in folder: DocumentFolder) async throws -> [DocumentFolder.QuarantinedBundle] {
        try await folder.diskRepair(decode: decode)
    }

    func open(cleaning: DocumentFolder.Cleaning, in folder: DocumentFolder) async throws -> DocumentFolder.OpenReport {
        try await folder.diskOpen(cleaning: cleaning)
    }

    func readAttachment(named name: String, of id: Int, limit: Int, in folder: DocumentFolder) async throws -> Data {
        try await folder.diskReadAttachment(named: name, of: id, limit: limit)
    }

    func openAttachment(named name: String, of id: Int, in folder: DocumentFolder) async throws -> FileHandle {
        try await folder.diskOpenAttachment(named: name, of: id)
    }

    func attachmentNames(of id: Int, in folder: DocumentFolder) async throws -> [String] {
        try await folder.diskAttachmentNames(of: id)
    }

    /// Told by the kernel: the settings, made for listing, do not apply.
    func watch(in folder: DocumentFolder, settings: BundleWatchSettings, _ handle: @escaping @Sendable (BundleWatchEvent) async -> Void) async throws {
        try await folder.diskWatch(handle)
    }
}
