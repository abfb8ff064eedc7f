import Foundation
@testable import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command on an items.archive of another model version, run as a real process", .timeLimit(.minutes(4)))
struct ModelVersionCLITests {
    static let refusal = "homepwner: error: items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only; nothing was changed\n"

    @Test("on a newer archive every change is one line on stderr and exit 73; the file is never rewritten")
    func newerArchiveRefusesChanges() async throws {
        try await withTemporaryFolder { folder in
            let archive = folder.appendingPathComponent("items.archive")
            let newer = try ModelVersionFixtures.data(version: 9)
            try newer.write(to: archive)
            let photo = folder.appendingPathComponent("photo.png")
            try samplePNG().write(to: photo)
            let key = ModelVersionFixtures.items[0].itemKey
            let data = ["--data-dir", folder.path]
            for arguments in [
                ["add", "Drill"], ["update", key, "--value", "5"], ["delete", key], ["set-image", key, photo.path],
                ["remove-image", key], ["update", key, "--notes", "new"],
            ] {
                let run = try await homepwner(arguments + data)
                #expect(run.status == 73, "\(arguments)")
                #expect(run.errors == Self.refusal, "\(arguments)")
                #expect(run.output == "", "\(arguments)")
            }
            #expect(try Data(contentsOf: archive) == newer)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted() == ["items.archive", "photo.png"])
        }
    }

    @Test("on a newer archive list works (exit 0) and says it is read-only, with every item")
    func newerArchiveLists() async throws {
        try await withTemporaryFolder { folder in
            try ModelVersionFixtures.data(version: 9).write(to: folder.appendingPathComponent("items.archive"))
            let run = try await homepwner(["list", "--data-dir", folder.path])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("  Mac Mini  (C07XYZ)  [2 × $1,200 each]\n"), "its quantity 2, a total of $2,400")
            #expect(run.output.hasSuffix("3 items, total value $2,403\nitems.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only\n"))
            let json = try await homepwner(["list", "--json", "--data-dir", folder.path])
            let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(listed["newerModel"] as? String == "items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only")
            #expect((listed["items"] as? [Any])?.count == 3)
            let check = try await homepwner(["check", "--data-dir", folder.path])
            #expect(check.status == 0, "\(check.errors)")
            #expect(check.output == "3 items read\narchive: items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only\nall good\n")
            let repair = try await homepwner(["check", "--repair", "--data-dir", folder.path])
            #expect(repair.status == 73)
            #expect(repair.errors == "homepwner: error: items.archive was written by model version 9; this homepwner knows up to 5 and opens it read-only; nothing was repaired\n")
        }
    }

    @Test("a 2014 archive changed by the command is kept once as items.archive.v1 and written at version 5")
    func olderArchiveUpgradedByCommand() async throws {
        try await withTemporaryFolder { folder in
            let old = try ModelVersionFixtures.data(version: 1)
            try old.write(to: folder.appendingPathComponent("items.archive"))
            let list = try await homepwner(["list", "--data-dir", folder.path])
            #expect(list.status == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("items.archive.v1").path))
            let run = try await homepwner(["add", "Drill", "--data-dir", folder.path])
            #expect(run.status == 0, "\(run.errors)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive.v1")) == old)
            let written = try Data(contentsOf: folder.appendingPathComponent("items.archive"))
            #expect(try ItemArchive.decode(written).modelVersion == 5)
            let names = try foundationReadItems(written).map { Array($0.itemName.unicodeScalars) }
            #expect(names == (ModelVersionFixtures.items.map(\.itemName) + ["Drill"]).map { Array($0.unicodeScalars) })
        }
    }
}
