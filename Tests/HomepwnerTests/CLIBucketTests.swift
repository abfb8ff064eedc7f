import DocumentStore
import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command on a bucket (--storage s3://…), run as a real process", .timeLimit(.minutes(4)))
struct CLIBucketTests {
    /// Runs `homepwner arguments… --storage s3://… --s3-path-style` with the local server's
    /// endpoint and key in the environment.
    static func run(_ arguments: [String], on place: StoragePlace) async throws -> ChildRun {
        try await homepwner(arguments + place.arguments, environment: place.environment)
    }

    @Test("locations and attachments work on a bucket: PREFIX/locations.plist and PREFIX/<itemKey>.attachment-1-<name>, removed with the item", arguments: StorageKind.buckets)
    func locationsAndAttachments(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let key = CLITests.addedKey(try await Self.run(["add", "Boiler", "--location", "Cellar"], on: place))
            let added = try await Self.run(["locations", "add", "Cellar"], on: place)
            #expect(added.status == 0, "\(added.errors)")
            #expect(try await Self.run(["locations"], on: place).output == "Cellar  (1 item)\n")
            try await withTemporaryFolder { folder in
                let manual = folder.appendingPathComponent("manual.pdf")
                try AttachmentStoreTests.pdf.write(to: manual)
                let attached = try await Self.run(["attach", key, manual.path], on: place)
                #expect(attached.status == 0, "\(attached.errors)")
            }
            let name = "\(key).attachment-1-manual.pdf"
            #expect(try await place.read(name) == AttachmentStoreTests.pdf)
            #expect(try await place.names() == [name, "items.archive", "locations.plist"].sorted())
            #expect(try await Self.run(["delete", key], on: place).status == 0)
            #expect(try await place.names() == ["items.archive", "locations.plist"])
        }
    }

    @Test("add, list, show, update, set-image, remove-image, delete and check work on a bucket, its layout that of a folder", arguments: StorageKind.buckets)
    func endToEnd(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let added = try await Self.run(["add", "Mac Mini", "--serial", "C07XYZ", "--value", "$1,200"], on: place)
            #expect(added.status == 0, "\(added.errors)")
            let key = CLITests.addedKey(added)
            #expect(ItemRules.isValidKey(key))
            #expect(added.output == "\(key)  $1,200  Mac Mini  added\n")
            #expect(try await Self.run(["add", "Spork"], on: place).status == 0)

            let list = try await Self.run(["list"], on: place)
            #expect(list.status == 0, "\(list.errors)")
            #expect(list.output.contains("\(key.prefix(8))          $1,200  "))
            #expect(list.output.hasSuffix("2 items, total value $1,200\n"))

            try await withTemporaryFolder { folder in
                let photo = folder.appendingPathComponent("photo.png")
                try samplePNG().write(to: photo)
                let setImage = try await Self.run(["set-image", String(key.prefix(6)), photo.path], on: place)
                #expect(setImage.status == 0, "\(setImage.errors)")
            }
            #expect(try await place.read(key) == samplePNG())
            #expect(try await place.names() == [key, "items.archive"].sorted())

            let update = try await Self.run(["update", key.lowercased(), "--value", "900", "--name", "Mac mini"], on: place)
            #expect(update.status == 0, "\(update.errors)")
            let show = try await Self.run(["show", key, "--json"], on: place)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any], "\(show.errors)")
            #expect(json["itemName"] as? String == "Mac mini")
            #expect(json["serialNumber"] as? String == "C07XYZ")
            #expect(json["valueInDollars"] as? Int == 900)
            #expect(json["hasPhoto"] as? Bool == true)
            let shown = try await Self.run(["show", key], on: place)
            #expect(shown.output.contains("photo:          PNG, 24×16, "))

            let delete = try await Self.run(["delete", key], on: place)
            #expect(delete.output == "\(key.prefix(8))  Mac mini  deleted\n", "\(delete.errors)")
            #expect(try await place.names() == ["items.archive"])
            let listing = try await Self.run(["list", "--json"], on: place)
            let items = try #require(try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any])
            #expect((items["items"] as? [[String: Any]])?.map { $0["itemName"] as? String } == ["Spork"])
            #expect(try await Self.run(["check"], on: place).output.hasSuffix("all good\n"))
        }
    }

    @Test("check finds a photo object no item names (left by a crash between deleting an item and its photo); --repair removes it", arguments: StorageKind.buckets)
    func orphanPhotoRepair(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let added = try await Self.run(["add", "Lamp"], on: place)
            let key = CLITests.addedKey(added)
            let orphan = "00000000-0000-4000-8000-00000000ABCD"
            try await place.write(orphan, try samplePNG(seed: 3))
            try await place.write(key, try samplePNG(seed: 4))

            let check = try await Self.run(["check"], on: place)
            #expect(check.status == 1)
            #expect(check.output.contains("photo \(orphan): no item has this key\n"))
            let repair = try await Self.run(["check", "--repair"], on: place)
            #expect(repair.status == 0, "\(repair.output)\(repair.errors)")
            #expect(repair.output.contains("repaired: removed the photo \(orphan), which no item names\n"))
            #expect(try await place.names() == [key, "items.archive"].sorted())
            #expect(try await Self.run(["check"], on: place).output.hasSuffix("all good\n"))
        }
    }

    @Test("bad credentials, a missing bucket and an unreachable endpoint: one line on stderr, exit 77, 66 or 69, never a hang", arguments: S3Store.allCases)
    func unusableStorage(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let prefix = S3TestServer.uniquePrefix("cli")
        var wrongSecret = server.environment
        wrongSecret["AWS_SECRET_ACCESS_KEY"] = "not-the-secret"
        var nowhere = server.environment
        nowhere["AWS_ENDPOINT_URL_S3"] = "http://127.0.0.1:1"
        let cases: [(bucket: String, environment: [String: String], status: Int32, message: String)] = [
            (S3TestServer.bucket, wrongSecret, 77, "refused the credentials for s3://\(S3TestServer.bucket)/\(prefix)"),
            ("no-such-bucket-here", server.environment, 66, "there is no bucket \"no-such-bucket-here\" at "),
            (S3TestServer.bucket, nowhere, 69, "cannot reach "),
        ]
        for command in [["list"], ["add", "Lamp"], ["serve", "--port", "0"]] {
            for test in cases {
                let run = try await homepwner(
                    command + ["--storage", "s3://\(test.bucket)/\(prefix)", "--s3-path-style"], environment: test.environment
                )
                #expect(run.status == test.status, "\(command): \(run.errors)")
                #expect(run.errors.hasPrefix("homepwner: error: ") && run.errors.contains(test.message), "\(run.errors)")
                #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
                #expect(run.output.isEmpty)
            }
        }
    }
}
