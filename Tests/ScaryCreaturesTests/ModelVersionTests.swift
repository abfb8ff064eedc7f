import DocumentStore
import Foundation
import ImagingSamples
import KeyedArchive
@testable import ScaryCreatures
import Testing
import TestSupport

/// A creature's `Data.plist` recording model `version` (none when nil) and a key `Horns` that
/// version 1 does not know.
func creatureOfVersion(_ version: Int?) -> Data {
    var extra: [PropertyListKey: PropertyList] = ["Horns": .integer(3)]
    if let version { extra["Version"] = .integer(Int64(version)) }
    return handBuiltCreature(extra: extra, more: [])
}

@Suite("Scary Creatures' Version key: the model-version mechanism Homepwner uses too")
struct CreatureModelVersionTests {
    static let refusal = "the Data.plist of creature 1 was written by model version 9; this scary-creatures knows up to 2 and opens it read-only; nothing was changed"

    /// A folder with creature 1 recording `version`; returns its Data.plist's URL.
    static func folder(_ folder: URL, version: Int?) throws -> URL {
        let bundle = folder.appendingPathComponent("1.scarycreature")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let url = bundle.appendingPathComponent("Data.plist")
        try creatureOfVersion(version).write(to: url)
        return url
    }

    @Test("the model has two versions (Title and Rating; who changed it) and one step; no Version key (the 2010 and 2018 apps) reads as 1, and our writes record 2")
    func history() throws {
        #expect(ScaryCreatureData.modelVersions.current == 2)
        #expect(ScaryCreatureData.modelVersions.steps.map(\.name) == ["changeHistory"])
        #expect(ScaryCreatureData.modelVersions.steps.map(\.from) == [1])
        #expect(ScaryCreatureData.archiveVersion == 2)
        #expect(try CreatureLayout.decode(creatureOfVersion(nil)).modelVersion == 1)
        #expect(try CreatureLayout.decode(creatureOfVersion(1)).modelVersion == 1)
        #expect(try CreatureLayout.decode(creatureOfVersion(2)).modelVersion == 2)
        #expect(try CreatureLayout.decode(creatureOfVersion(9)).modelVersion == 9)
        let written = try CreatureLayout.scaryCreatures.encode(try CreatureLayout.decode(creatureOfVersion(nil)))
        #expect(try KeyedUnarchiver(data: written).field("Version", of: 1) == .integer(2))
    }

    @Test("a 2018 creature (no Version) is renamed as before: written with the current Version (2), its unknown key kept")
    func olderIsWritten() async throws {
        try await withTemporaryFolder { folder in
            let url = try Self.folder(folder, version: nil)
            let database = try await ScaryCreatureDatabase.open(at: folder)
            _ = try await database.rename(1, to: "Renamed")
            let data = try CreatureLayout.decode(try Data(contentsOf: url))
            #expect(data.modelVersion == 2)
            #expect(data.otherFields.keys == ["Horns"])
            #expect(try KeyedUnarchiver(data: try Data(contentsOf: url)).field("Version", of: 1) == .integer(2))
        }
    }

    @Test("a creature of a newer Version is listed with its unknown key, and rename, rate, delete, set-image and remove-image are refused naming both versions; its files never change")
    func newerIsReadOnly() async throws {
        try await withTemporaryFolder { folder in
            let url = try Self.folder(folder, version: 9)
            let before = try Data(contentsOf: url)
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let listed = try await database.list()
            #expect(listed.creatures.map(\.id) == [1])
            #expect(listed.creatures[0].data.modelVersion == 9)
            #expect(listed.creatures[0].data.otherFields.keys == ["Horns"])
            let refusal = ScaryCreaturesError(.newerModel, Self.refusal)
            await #expect(throws: refusal) { _ = try await database.rename(1, to: "Renamed") }
            await #expect(throws: refusal) { _ = try await database.rate(1, 3) }
            await #expect(throws: refusal) { try await database.delete(1) }
            let version = listed.creatures[0].version
            await #expect(throws: refusal) { try await database.delete(1, ifVersion: version) }
            await #expect(throws: refusal) { try await database.setImage(1, try SamplePhotos.jpeg()) }
            await #expect(throws: refusal) { try await database.removeImage(1) }
            #expect(try Data(contentsOf: url) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["Data.plist"])
        }
    }

    @Test("the command refuses to rename a newer creature: one line on stderr, exit 73, the file unchanged")
    func commandRefuses() async throws {
        try await withTemporaryFolder { folder in
            let url = try Self.folder(folder, version: 9)
            let before = try Data(contentsOf: url)
            let run = try await runCLI(["rename", "1", "Renamed"], dataDir: folder)
            #expect(run.status == 73)
            #expect(run.errors == "scary-creatures: error: \(Self.refusal)\n")
            #expect(try Data(contentsOf: url) == before)
            let list = try await runCLI(["list"], dataDir: folder)
            #expect(list.status == 0)
        }
    }
}
