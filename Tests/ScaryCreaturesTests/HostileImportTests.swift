import Foundation
import DocumentStore
import KeyedArchive
import ScaryCreatures
import Testing
import TestSupport

@Suite("Imports that are hostile, huge or odd")
struct HostileImportTests {
    func creatureData(_ title: String) throws -> Data {
        try CreatureLayout.scaryCreatures.encode(ScaryCreatureData(title: title, rating: 2))
    }

    @Test("a zip whose photos inflate a hundred times their size is refused before anything is imported")
    func compressionRatio() async throws {
        try await withTemporaryFolder { folder in
            let zeros = Data(count: 8 << 20)
            var entries: [(String, Data, Bool)] = []
            for index in 1...3 {
                entries.append(("\(index).scarycreature/Data.plist", try creatureData("Bomb \(index)"), true))
                entries.append(("\(index).scarycreature/fullImage.png", zeros, true))
            }
            let zip = folder.appendingPathComponent("bomb.zip")
            try writeZip(entries, to: zip)
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let error = await #expect(throws: ScaryCreaturesError.self) { try await database.importCreatures(from: zip) }
            #expect(error?.code == .invalidImport)
            #expect(error?.message.hasPrefix("1.scarycreature/fullImage.png in bomb.zip inflates ") == true)
            #expect(error?.message.hasSuffix(" times its size; it is refused as a possible zip bomb") == true)
            #expect(try await database.list().creatures.isEmpty)
        }
    }

    @Test("too many entries, or too many bytes in all, are refused as a possible zip bomb")
    func entryCountAndTotal() async throws {
        try await withTemporaryFolder { folder in
            let zip = folder.appendingPathComponent("many.zip")
            try writeZip((1...20).map { ("\($0).scarycreature/Data.plist", try creatureData("C\($0)"), false) }, to: zip)
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let many = await #expect(throws: ScaryCreaturesError.self) {
                try await database.importCreatures(from: zip, limits: ImportLimits(maxEntries: 10))
            }
            #expect(many?.message == "many.zip has more than 10 entries; it is refused as a possible zip bomb")
            let big = await #expect(throws: ScaryCreaturesError.self) {
                try await database.importCreatures(from: zip, limits: ImportLimits(maxTotalBytes: 1000))
            }
            #expect(big?.message == "many.zip inflates to more than 1000 bytes; it is refused as a possible zip bomb")
            #expect(try await database.list().creatures.isEmpty)
            let summary = try await database.importCreatures(from: zip)
            #expect(summary.imported.count == 20)
        }
    }

    @Test("a zip is imported one creature at a time: a damaged third creature does not stop the first two")
    func streaming() async throws {
        try await withTemporaryFolder { folder in
            let zip = folder.appendingPathComponent("three.zip")
            try writeZip([
                ("1.scarycreature/Data.plist", try creatureData("First"), false),
                ("2.scarycreature/Data.plist", try creatureData("Second"), false),
                ("3.scarycreature/Data.plist", try creatureData("Third"), false),
            ], to: zip)
            // Damage the third entry's stored bytes so its CRC no longer matches.
            var bytes = try Data(contentsOf: zip)
            let third = try #require(bytes.range(of: Data("Third".utf8)))
            bytes[third.lowerBound] = UInt8(ascii: "X")
            try bytes.write(to: zip)
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let summary = try await database.importCreatures(from: zip)
            #expect(summary.imported.map(\.title) == ["First", "Second"])
            #expect(summary.skipped.map(\.source) == ["3.scarycreature"])
            #expect(summary.skipped.first?.reason == "3.scarycreature/Data.plist in three.zip cannot be read: damaged, or larger than it says")
        }
    }

    @Test("folders whose names are canonically equivalent but different stay two creatures")
    func equivalentFolderNames() async throws {
        try await withTemporaryFolder { folder in
            let zip = folder.appendingPathComponent("names.zip")
            try writeZip([
                ("caf\u{E9}/Data.plist", try creatureData("Composed"), false),
                ("cafe\u{301}/Data.plist", try creatureData("Decomposed"), false),
            ], to: zip)
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let summary = try await database.importCreatures(from: zip)
            #expect(Set(summary.imported.map(\.title)) == ["Composed", "Decomposed"])
        }
    }

    @Test("symbolic links inside an imported folder are not followed; that creature is skipped with the reason")
    func symlinks() async throws {
        try await withTemporaryFolder { folder in
            let source = folder.appendingPathComponent("Old")
            let fine = source.appendingPathComponent("1.scarycreature")
            try FileManager.default.createDirectory(at: fine, withIntermediateDirectories: true)
            try creatureData("Fine").write(to: fine.appendingPathComponent("Data.plist"))
            let linkedData = source.appendingPathComponent("2.scarycreature")
            try FileManager.default.createDirectory(at: linkedData, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: linkedData.appendingPathComponent("Data.plist").path, withDestinationPath: "/etc/passwd")
            let linkedPhoto = source.appendingPathComponent("3.scarycreature")
            try FileManager.default.createDirectory(at: linkedPhoto, withIntermediateDirectories: true)
            try creatureData("Linked photo").write(to: linkedPhoto.appendingPathComponent("Data.plist"))
            let huge = folder.appendingPathComponent("huge.png")
            #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
            #expect(truncate(huge.path, 2_000_000_000) == 0)
            try FileManager.default.createSymbolicLink(atPath: linkedPhoto.appendingPathComponent("fullImage.png").path, withDestinationPath: huge.path)
            try FileManager.default.createSymbolicLink(atPath: source.appendingPathComponent("4.scarycreature").path, withDestinationPath: fine.path)
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let summary = try await database.importCreatures(from: source)
            #expect(summary.imported.map(\.title) == ["Fine"])
            #expect(summary.skipped.map(\.source) == ["2.scarycreature", "3.scarycreature", "4.scarycreature"])
            #expect(summary.skipped.map(\.reason) == [
                "\(linkedData.path)/Data.plist is a symbolic link; links are not followed here",
                "\(linkedPhoto.path)/fullImage.png is a symbolic link, not an image file (links are not followed here)",
                "it is a symbolic link; links inside an import are not followed",
            ])
        }
    }

    @Test("a FIFO, as the import or inside it, is refused at once instead of waiting for a writer")
    func fifos() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder.appendingPathComponent("data"))
            let pipe = folder.appendingPathComponent("pipe.zip")
            #expect(mkfifo(pipe.path, 0o600) == 0)
            let error = await #expect(throws: ScaryCreaturesError.self) { try await database.importCreatures(from: pipe) }
            #expect(error?.message == "\(pipe.path) is a pipe (FIFO), not a zip or a folder")
            let bundle = folder.appendingPathComponent("1.scarycreature")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            #expect(mkfifo(bundle.appendingPathComponent("Data.plist").path, 0o600) == 0)
            let summary = try await database.importCreatures(from: folder)
            #expect(summary.skipped.map(\.reason) == ["\(bundle.path)/Data.plist is a pipe (FIFO), not a regular file"])
        }
    }
}
