import DocumentStore
import Foundation
import ImagingSamples
import ObjectStorage
import ScaryCreatures
import Testing
import TestSupport

/// The layout in the bucket is the layout on disk: a data folder copied into a bucket by another
/// program opens there, and back, with nothing lost.
@Suite("Moving creatures from a folder to a bucket and back", .timeLimit(.minutes(4)))
struct FolderBucketMoveTests {
    /// Every creature's title, rating, version and photo bytes, by id.
    private func contents(_ database: ScaryCreatureDatabase) async throws -> [Int: String] {
        let (creatures, problems) = try await database.list()
        #expect(problems.isEmpty)
        var described: [Int: String] = [:]
        for creature in creatures {
            let photo = try await database.fullImage(of: creature.id).map { "\($0.data.count) \($0.format)" } ?? "none"
            described[creature.id] = "\(creature.title)|\(creature.rating)|\(creature.version)|\(photo)"
        }
        return described
    }

    @Test("a folder copied into a bucket (boto3, as aws s3 sync) lists and edits there; copied back it opens as a folder", arguments: S3Store.allCases, ["2018", "2010"])
    func folderToBucketAndBack(store: S3Store, _ layout: String) async throws {
        let server = try await S3TestServer.shared(store)
        let prefix = S3TestServer.uniquePrefix("move")
        try await withTemporaryFolder { work in
            let folder = work.appendingPathComponent("PrivateDocuments")
            let local = try await ScaryCreatureDatabase.open(at: folder, layout: layout == "2010" ? .scaryBugs : .scaryCreatures)
            _ = try await local.add(title: "Lil' Terror", rating: 4.5, image: try SamplePhotos.png())
            _ = try await local.add(title: "Weird Bug 🐛", rating: 1)
            _ = try await local.add(title: "Spooky", rating: 3, image: try SamplePhotos.jpeg())
            let before = try await contents(local)

            try await BucketSync.upload(folder, to: prefix, server: server)
            let client = try server.client()
            let bucket = BucketStorage(client: client, location: S3Location(bucket: S3TestServer.bucket, prefix: prefix))
            let remote = try await ScaryCreatureDatabase.open(storage: .bucket(bucket))
            #expect(remote.layout == local.layout)
            #expect(try await contents(remote) == before)
            _ = try await remote.rate(2, 2.5)
            try await remote.delete(3)
            let added = try await remote.add(title: "From the bucket", image: try SamplePhotos.png())
            #expect(added.id == 3)
            let after = try await contents(remote)
            try await client.shutdown()

            let back = work.appendingPathComponent("Back")
            try await BucketSync.download(prefix, to: back, server: server)
            let returned = try await ScaryCreatureDatabase.open(at: back)
            #expect(returned.layout == local.layout)
            #expect(try await contents(returned) == after)
            #expect(try await returned.check(repair: false).isClean)
        }
    }
}
