import Foundation
import ImagingSamples
import Testing
import TestSupport

/// `scary-creatures --storage s3://…`: every command on a bucket, and storage that cannot be
/// used refused at start with one line and its own exit status.
@Suite("The scary-creatures command on a bucket, run as a real process", .timeLimit(.minutes(4)))
struct BucketCLITests {
    /// Runs `scary-creatures arguments… --storage s3://… --s3-path-style` against the local S3 server.
    private func run(_ arguments: [String], storage: String, environment: [String: String]) async throws -> ChildRun {
        try await runBuilt("scary-creatures", arguments + ["--storage", storage, "--s3-path-style"], environment: environment)
    }

    @Test("add, list, show, rename, rate, set-image, check and delete work on a bucket, laid out as in a folder", arguments: S3Store.allCases)
    func everyCommand(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let prefix = S3TestServer.uniquePrefix("cli")
        let storage = "s3://\(S3TestServer.bucket)/\(prefix)"
        let environment = server.environment
        try await withTemporaryFolder { folder in
            let photo = folder.appendingPathComponent("photo.jpg")
            try SamplePhotos.jpeg().write(to: photo)
            await #expect(try run(["add", "Lil' Terror", "--rating", "4.5"], storage: storage, environment: environment).output == "1\n")
            await #expect(try run(["add", "Weird Bug", "--image", photo.path], storage: storage, environment: environment).output == "2\n")
            await #expect(try run(["list"], storage: storage, environment: environment).output == "    1  ★★★★½  Lil' Terror\n    2  ☆☆☆☆☆  Weird Bug\n")
            await #expect(try run(["show", "2"], storage: storage, environment: environment).output.contains("photo:  JPEG, 160×160"))
            await #expect(try run(["rename", "1", "Big Terror"], storage: storage, environment: environment).status == 0)
            await #expect(try run(["rate", "2", "3"], storage: storage, environment: environment).status == 0)
            let png = folder.appendingPathComponent("photo.png")
            try SamplePhotos.png().write(to: png)
            await #expect(try run(["set-image", "1", png.path], storage: storage, environment: environment).status == 0)
            await #expect(try run(["check"], storage: storage, environment: environment).status == 0)
            await #expect(try run(["delete", "2"], storage: storage, environment: environment).status == 0)
            await #expect(try run(["list"], storage: storage, environment: environment).output == "    1  ★★★★½  Big Terror\n")
            let client = try server.client()
            var keys = try await client.listAll(prefix: prefix).map { String($0.key.dropFirst(prefix.count)) }
            #expect(keys.filter { !$0.hasPrefix(".") } == ["1.scarycreature/Data.plist", "1.scarycreature/fullImage.png", "1.scarycreature/thumbImage.png"])
            // A photo a crash left without its creature: check finds it, check --repair puts it aside.
            try await client.put(prefix + "5.scarycreature/fullImage.png", body: try SamplePhotos.png())
            let check = try await run(["check"], storage: storage, environment: environment)
            #expect(check.status == 1)
            #expect(check.output.contains("5.scarycreature"))
            await #expect(try run(["check", "--repair"], storage: storage, environment: environment).status == 0)
            await #expect(try run(["check"], storage: storage, environment: environment).status == 0)
            keys = try await client.listAll(prefix: prefix).map { String($0.key.dropFirst(prefix.count)) }
            try await client.shutdown()
            #expect(!keys.contains("5.scarycreature/fullImage.png"))
            #expect(keys.contains(".quarantine/5.scarycreature/fullImage.png"))
        }
    }

    @Test("refused credentials, a missing bucket, an unreachable endpoint and a malformed location (a usage error): one line, their exit status, never a hang", arguments: S3Store.allCases, [
        ("secret", "scary-tests", Int32(77), "refused the credentials"),
        ("bucket", "no-such-bucket", 66, "there is no bucket \"no-such-bucket\""),
        ("endpoint", "scary-tests", 69, "cannot reach http://127.0.0.1:9"),
        ("location", "Bad_Bucket", 64, "is not a bucket name"),
    ])
    func startErrors(store: S3Store, _ failure: (broken: String, bucket: String, status: Int32, message: String)) async throws {
        let (broken, bucket, status, message) = failure
        var environment = try await S3TestServer.shared(store).environment
        if broken == "secret" { environment["AWS_SECRET_ACCESS_KEY"] = "wrong" }
        if broken == "endpoint" { environment["AWS_ENDPOINT_URL_S3"] = "http://127.0.0.1:9" }
        let result = try await run(["list"], storage: "s3://\(bucket)/x", environment: environment)
        #expect(result.status == status)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("scary-creatures: error: "))
        #expect(result.errors.contains(message))
        #expect(result.errors.filter { $0 == "\n" }.count == 1)
    }

    @Test("--storage with a folder is what --data-dir was: a missing one is refused (66) and not made, --create makes it, before or after the subcommand")
    func storageFolder() async throws {
        try await withTemporaryFolder { work in
            let folder = work.appendingPathComponent("PrivateDocuments").path
            let missing = try await runBuilt("scary-creatures", ["add", "Ghost", "--storage", folder])
            #expect(missing.status == 66)
            #expect(missing.errors.contains("there is no data folder at \(folder)"))
            #expect(!FileManager.default.fileExists(atPath: folder))
            #expect(try await runBuilt("scary-creatures", ["add", "Ghost", "--storage", folder, "--create"]).output == "1\n")
            #expect(try await runBuilt("scary-creatures", ["--storage", folder, "list"]).output == "    1  ☆☆☆☆☆  Ghost\n")
            #expect(try await runBuilt("scary-creatures", ["--storage=\(folder)", "list"]).output == "    1  ☆☆☆☆☆  Ghost\n")
        }
    }

    @Test("--storage and --data-dir together, --s3-path-style on a folder and --create on a bucket are usage errors")
    func misusedOptions() async throws {
        for arguments in [
            ["list", "--storage", "/tmp/x", "--data-dir", "/tmp/y"], ["list", "--storage", "/tmp/x", "--s3-path-style"],
            ["list", "--storage", "s3://scary-tests/x", "--create"],
        ] {
            let result = try await runBuilt("scary-creatures", arguments)
            #expect(result.status == 64)
            #expect(result.errors.contains("scary-creatures: error: "))
        }
    }
}
