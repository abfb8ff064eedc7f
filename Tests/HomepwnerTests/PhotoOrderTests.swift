import DocumentStore
import Foundation
@testable import Homepwner
import ObjectStorage
import Testing
import TestSupport

@Suite("Photo order on a bucket: a failure at any step leaves no item without its photo", .serialized, .timeLimit(.minutes(4)))
struct PhotoOrderTests {
    /// Runs `body` with a store on a fresh prefix reached through a fault proxy (few retries,
    /// so a planned failure fails the request), the proxy, and the same prefix reached directly.
    static func withProxiedStore(on kind: StorageKind, _ body: (ItemStore, S3FaultProxy, StoragePlace) async throws -> Void) async throws {
        try await withStoragePlace(kind) { place in
            guard case .bucket(let direct) = place.storage, let server = place.server else { return }
            let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
            defer { proxy.stop() }
            // Few attempts, so a planned failure fails the request; time enough for an answer from
            // the local S3 server, which the whole test run shares and which answers one request
            // at a time (under CI's full run an answer once took longer than 5 s).
            let retry = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(5), maxDelay: .milliseconds(10), deadline: .seconds(30))
            let client = try server.client(endpoint: proxy.endpoint, retry: retry, requestTimeout: .seconds(30))
            let store = ItemStore(storage: .bucket(BucketStorage(client: client, location: direct.location)))
            do {
                try await body(store, proxy, place)
            } catch {
                try? await client.shutdown()
                throw error
            }
            try await client.shutdown()
        }
    }

    @Test("a delete whose photo removal fails has already removed the item: the photo is an orphan that check --repair removes", arguments: StorageKind.buckets)
    func deleteRemovesTheItemBeforeThePhoto(kind: StorageKind) async throws {
        try await Self.withProxiedStore(on: kind) { store, proxy, place in
            let lamp = try await store.add(NewItem(name: "Lamp"))
            let sofa = try await store.add(NewItem(name: "Sofa"))
            try await store.setImage(try samplePNG(seed: 1), forKey: lamp.itemKey)
            try await store.setImage(try samplePNG(seed: 2), forKey: sofa.itemKey)
            try await proxy.plan([], byMethod: ["DELETE": ["internal", "internal"]])
            let error = await #expect(throws: HomepwnerError.self) { try await store.delete(lamp.itemKey) }
            #expect(error?.code == .unavailable)  // the storage kept failing: worth trying again
            // What is stored: the item is gone, its photo is left; no item lacks its photo.
            let stored = try await ItemStore.open(storage: place.storage, readOnly: true)
            #expect(try await stored.items().map(\.itemKey) == [sofa.itemKey])
            #expect(try await place.names() == [lamp.itemKey, sofa.itemKey, "items.archive"].sorted())
            #expect(try await stored.check().orphanPhotos == [lamp.itemKey])
            let repaired = try await ItemStore.open(storage: place.storage).repair()
            #expect(repaired.repairs == ["removed the photo \(lamp.itemKey), which no item names"])
            #expect(repaired.isClean)
            #expect(try await place.names() == [sofa.itemKey, "items.archive"].sorted())
        }
    }

    @Test("a photo whose write fails leaves the item as it was, with its old photo or none", arguments: StorageKind.buckets)
    func failedPhotoWriteChangesNothing(kind: StorageKind) async throws {
        try await Self.withProxiedStore(on: kind) { store, proxy, place in
            let lamp = try await store.add(NewItem(name: "Lamp"))
            let old = try samplePNG(seed: 1)
            try await store.setImage(old, forKey: lamp.itemKey)
            try await proxy.plan([], byMethod: ["PUT": ["internal", "internal"]])
            let error = await #expect(throws: HomepwnerError.self) { try await store.setImage(try samplePNG(seed: 9), forKey: lamp.itemKey) }
            #expect(error?.code == .storage)
            #expect(try await place.read(lamp.itemKey) == old)
            #expect(try await store.images.image(forKey: lamp.itemKey) == old)
            #expect(try await store.items().map(\.itemKey) == [lamp.itemKey])
        }
    }
}
