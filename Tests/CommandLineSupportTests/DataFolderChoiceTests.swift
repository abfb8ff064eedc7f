import ArgumentParser
@testable import CommandLineSupport
import DocumentStore
import Foundation
import Testing

@Suite("DataFolderChoice and DataFolderOptions: the storage a command works on")
struct DataFolderChoiceTests {
    /// An app whose default folder is never used.
    private enum Sample: DataFolderApp {
        static let dataFolderHelp = "The folder."
        static let defaultDataFolder = URL(fileURLWithPath: "/unused/default")
    }

    private let unused = URL(fileURLWithPath: "/unused")

    @Test("--s3-path-style needs a bucket: without --storage, or with a folder, it is a configuration error")
    func pathStyleNeedsABucket() throws {
        for storage in [nil, "/some/folder"] {
            let error = try #require(throws: StorageConnectError.self) {
                try DataFolderChoice(storage: storage, defaultFolder: unused, create: false, pathStyle: true)
            }
            #expect(error.kind == .configuration)
            #expect(error.message == "--s3-path-style applies only to --storage s3://BUCKET/PREFIX")
        }
        let bucket = try DataFolderChoice(storage: "s3://bucket/prefix", defaultFolder: unused, create: false, pathStyle: true)
        #expect(bucket.location.arguments == ["--storage", "s3://bucket/prefix/", "--s3-path-style"])
        #expect(!bucket.isDefault && !bucket.mayCreate)
    }

    @Test("--create applies only to a folder: with a bucket it is a configuration error; with a folder it may be created")
    func createNeedsAFolder() throws {
        let error = try #require(throws: StorageConnectError.self) {
            try DataFolderChoice(storage: "s3://bucket/prefix", defaultFolder: unused, create: true)
        }
        #expect(error.kind == .configuration)
        #expect(error.message == "--create applies only to a folder: buckets are created with the storage provider's own tools")
        let folder = try DataFolderChoice(storage: "/some/folder/../folder", defaultFolder: unused, create: true)
        #expect(folder.location == .folder(URL(fileURLWithPath: "/some/folder", isDirectory: true)))
        #expect(!folder.isDefault && folder.mayCreate)
    }

    @Test("a --storage folder that is a file, or missing, without --create is MissingDataFolder, and nothing is created")
    func missingFolderNotCreated() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("DataFolderChoiceTests-\(UUID().uuidString)")
        let choice = try DataFolderChoice(storage: missing.path, defaultFolder: unused, create: false)
        await #expect(throws: MissingDataFolder(location: choice.location)) { try await choice.resolve() }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        try Data("not a folder".utf8).write(to: missing)
        defer { try? FileManager.default.removeItem(at: missing) }
        await #expect(throws: MissingDataFolder(location: choice.location)) { try await choice.resolve() }
    }

    @Test("the options refuse --storage with --data-dir, and --s3-path-style or --create where they mean nothing, as usage errors with the sentence")
    func optionsRefuse() throws {
        let cases: [([String], String)] = [
            (["--storage", "/a", "--data-dir", "/b"], "give the storage once: --storage or --data-dir, not both"),
            (["--s3-path-style"], "--s3-path-style applies only to --storage s3://BUCKET/PREFIX"),
            (["--storage", "s3://bucket/prefix", "--create"], "--create applies only to a folder: buckets are created with the storage provider's own tools"),
        ]
        for (arguments, message) in cases {
            let error = try #require(throws: (any Error).self) { try DataFolderOptions<Sample>.parse(arguments) }
            #expect(DataFolderOptions<Sample>.message(for: error) == message, "\(arguments)")
            #expect(DataFolderOptions<Sample>.exitCode(for: error) == .validationFailure, "\(arguments)")
        }
    }

    @Test("--data-dir is --storage for a folder; neither is the app's default folder, which may be created")
    func dataDirAndDefault() throws {
        let dataDir = try DataFolderOptions<Sample>.parse(["--data-dir", "/d"]).choice
        #expect(dataDir.location == .folder(URL(fileURLWithPath: "/d", isDirectory: true)))
        #expect(!dataDir.isDefault && !dataDir.mayCreate)
        let none = try DataFolderOptions<Sample>.parse([]).choice
        #expect(none.location == .folder(Sample.defaultDataFolder))
        #expect(none.isDefault && none.mayCreate)
    }
}
