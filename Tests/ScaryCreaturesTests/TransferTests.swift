import Foundation
import KeyedArchive
import ScaryCreatures
import Testing
import TestSupport
import ImagingSamples

@Suite("Export and import", .timeLimit(.minutes(4)))
struct TransferTests {
    @Test("an exported zip imports elsewhere with the same title, rating, unknown keys and photo bytes")
    func exportImport() async throws {
        try await withTemporaryFolder { folder in
            let source = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("a"))
            let photo = try SamplePhotos.jpeg()
            _ = try await source.add(title: "Traveller", rating: 3.5, image: photo)
            let zip = folder.appendingPathComponent("out.scarycreature.zip")
            try await source.export(1, to: zip)
            let target = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("b"))
            _ = try await target.add(title: "Already here")
            let summary = try await target.importCreatures(from: zip)
            #expect(summary.imported.map(\.id) == [2])
            #expect(summary.skipped.isEmpty)
            let imported = try await target.creature(2)
            #expect(imported.title == "Traveller" && imported.rating == 3.5)
            #expect(try await imported.fullImage()?.data == photo)
            #expect(try await imported.thumbnail() != nil)
        }
    }

    @Test("a whole 2010 data folder imports; a bad creature is skipped with its reason, the rest land")
    func importScaryBugsFolder() async throws {
        try await withTemporaryFolder { folder in
            let old = folder.appendingPathComponent("Private Documents")
            let bundles: [(String, Data, Data?)] = [
                ("1.scarybug", try foundationArchive(FoundationCreature(title: "Potato Bug", rating: 3, inlineRating: true), className: "ScaryBugData", topKey: "Data"), try SamplePhotos.png()),
                ("2.ScaryBug", try foundationArchive(FoundationCreature(title: "Centipede", rating: 4, inlineRating: true), className: "ScaryBugData", topKey: "Data"), nil),
                ("3.scarybug", Data("not a plist".utf8), nil),
                ("4.scarybug", try foundationArchive(FoundationCreature(title: "Wasp", rating: 2, inlineRating: true), className: "ScaryBugData", topKey: "Data"), Data("GIF89a-not-really".utf8)),
                ("5.scarybug", try foundationArchive(FoundationCreature(title: "Odd", rating: 3.7, inlineRating: true), className: "ScaryBugData", topKey: "Data"), nil),
            ]
            for (name, data, photo) in bundles {
                let bundle = old.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
                try data.write(to: bundle.appendingPathComponent("data.plist"))
                if let photo { try photo.write(to: bundle.appendingPathComponent("fullImage.jpg")) }
            }
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("PrivateDocuments"))
            let summary = try await database.importCreatures(from: old)
            #expect(summary.imported.map(\.title) == ["Potato Bug", "Centipede"])
            #expect(summary.skipped.map(\.source) == ["3.scarybug", "4.scarybug", "5.scarybug"])
            #expect(summary.skipped[0].reason.contains("cannot be read"))
            #expect(summary.skipped[1].reason.hasSuffix("fullImage.jpg: this is a GIF image, and only JPEG and PNG photos can be used: save it as JPEG first"))
            #expect(summary.skipped[2].reason.contains("rating"))
            let listed = try await database.list().creatures
            #expect(listed.map(\.title) == ["Potato Bug", "Centipede"])
            // The 2010 photo (PNG bytes named .jpg) is kept under its real type.
            #expect(try await database.fullImage(of: 1)?.format == .png)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("PrivateDocuments/1.scarycreature/fullImage.png").path))
        }
    }

    @Test("a single bundle folder imports")
    func importBundleFolder() async throws {
        try await withTemporaryFolder { folder in
            let bundle = folder.appendingPathComponent("7.scarycreature")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            try foundationArchive(FoundationCreature(title: "Loner", rating: 1), className: "ScaryCreatures.ScaryCreatureData").write(to: bundle.appendingPathComponent("Data.plist"))
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let summary = try await database.importCreatures(from: bundle)
            #expect(summary.imported.map(\.title) == ["Loner"])
        }
    }

    @Test("what is not an import source is a clear error")
    func badSources() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let text = folder.appendingPathComponent("notes.zip")
            try Data("hello".utf8).write(to: text)
            let empty = folder.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            for (url, message) in [(text, "notes.zip is not a zip file; choose a .zip that Export made"), (empty, "holds no .scarycreature or .scarybug bundles"), (folder.appendingPathComponent("missing"), "does not exist")] {
                let error = try await #require(throws: ScaryCreaturesError.self) { try await database.importCreatures(from: url) }
                #expect(error.code == .invalidImport)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }

    @Test("export and import through the CLI")
    func cli() async throws {
        try await withTemporaryFolder { folder in
            let a = folder.appendingPathComponent("a"), b = folder.appendingPathComponent("b")
            #expect(try await runCLI(["add", "Exported", "--rating", "2", "--create"], dataDir: a).status == 0)
            let zip = folder.appendingPathComponent("x.scarycreature.zip")
            let export = try await runCLI(["export", "1", "-o", zip.path], dataDir: a)
            #expect(export.status == 0 && export.output == zip.path + "\n")
            let imported = try await runCLI(["import", zip.path, "--create"], dataDir: b)
            #expect(imported.status == 0)
            #expect(imported.output.contains("as 1  Exported"))
            #expect(imported.output.hasSuffix("1 imported, 0 skipped\n"))
            let missing = try await runCLI(["import", folder.appendingPathComponent("nothing").path], dataDir: b)
            #expect(missing.status == 65 && missing.errors.contains("does not exist"))
        }
    }
}
