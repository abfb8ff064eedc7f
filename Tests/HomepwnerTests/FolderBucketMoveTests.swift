import DocumentStore
import Foundation
import Homepwner
import ImagingSamples
import ObjectStorage
import Testing
import TestSupport

/// The layout in the bucket is the layout on disk: an inventory folder copied into a bucket by
/// another program opens there, and back, with nothing lost.
@Suite("Moving an inventory from a folder to a bucket and back", .timeLimit(.minutes(4)))
struct InventoryMoveTests {
    /// Every item's fields and photo size, in order.
    private func contents(_ store: ItemStore) async throws -> [String] {
        var described: [String] = []
        for item in try await store.items() {
            let photo = try await store.images.image(forKey: item.itemKey)?.count ?? 0
            described.append("\(item.itemKey)|\(item.itemName)|\(item.serialNumber)|\(item.valueInDollars)|\(item.version)|\(photo)")
        }
        return described
    }

    @Test("items.archive and the photos copied into a bucket (boto3, as aws s3 sync) open and change there; copied back they open as a folder", arguments: S3Store.allCases)
    func folderToBucketAndBack(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let prefix = S3TestServer.uniquePrefix("move-items")
        try await withTemporaryFolder { work in
            let folder = work.appendingPathComponent("Documents")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let local = try await ItemStore.open(at: folder)
            let lamp = try await local.add(NewItem(name: "Lamp", serialNumber: "L-1", valueInDollars: 40))
            _ = try await local.add(NewItem(name: "Éclair 😀"))
            try await local.setImage(try SamplePhotos.png(), forKey: lamp.itemKey)
            let before = try await contents(local)
            try await local.close()

            try await BucketSync.upload(folder, to: prefix, server: server)
            let client = try server.client()
            let bucket = BucketStorage(client: client, location: S3Location(bucket: S3TestServer.bucket, prefix: prefix))
            let remote = try await ItemStore.open(storage: .bucket(bucket))
            #expect(try await contents(remote) == before)
            try await remote.update(lamp.itemKey, ItemChanges(valueInDollars: 55))
            _ = try await remote.add(NewItem(name: "Rug"))
            let after = try await contents(remote)
            try await remote.close()
            try await client.shutdown()

            let back = work.appendingPathComponent("Back")
            try await BucketSync.download(prefix, to: back, server: server)
            let returned = try await ItemStore.open(at: back, readOnly: true)
            #expect(try await contents(returned) == after)
        }
    }
}
