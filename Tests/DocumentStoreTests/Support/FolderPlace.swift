import DocumentStore
import DocumentStoreSamples
import Foundation
import ObjectStorage
import Testing
import TestSupport

/// Runs `body` with a fresh document folder (configured as `configuration`) of `kind` (a
/// temporary folder, or a prefix of its own in a local S3 server's bucket), and a maker of
/// further stores on the same place (another server on the same bucket).
func withFolderPlace(
    _ kind: StorageKind, configuration: DocumentFolderConfiguration = .sampleCreatures,
    _ body: (_ folder: DocumentFolder, _ another: () -> DocumentFolder, _ bucket: BucketStorage?) async throws -> Void
) async throws {
    guard let store = kind.store else {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: configuration)
            try await folder.open()
            try await body(folder, { DocumentFolder(root: root, configuration: configuration) }, nil)
        }
        return
    }
    let server = try await S3TestServer.shared(store)
    // The shared moto answers one request at a time for the whole run, and the run's first
    // minute loads it most: 200 creations at once can queue a request of theirs past the default
    // 20 s deadline there. What these tests check is not how long it takes.
    let client = try server.client(retry: RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(50), maxDelay: .seconds(2), deadline: .seconds(120)))
    let bucket = BucketStorage(client: client, location: S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix("folder")))
    do {
        let folder = DocumentFolder(bucket: bucket, configuration: configuration)
        try await folder.open()
        try await body(folder, { DocumentFolder(bucket: bucket, configuration: configuration) }, bucket)
    } catch {
        try? await client.shutdown()
        throw error
    }
    try await client.shutdown()
}
