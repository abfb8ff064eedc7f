import DocumentStore
import Foundation
import Imaging
import KeyedArchive
import ScaryCreatures
import Testing
import TestSupport
import ImagingSamples

@Suite("The creature database")
struct DatabaseTests {
    @Test("add, list, rename, rate and delete, each durable and visible to a fresh open")
    func lifecycle() async throws {
        try await withTemporaryFolder { root in
            let database = try await ScaryCreatureDatabase.open(at: root)
            let first = try await database.add(title: "Lil' Terror", rating: 4.5)
            let second = try await database.add(title: " Weird Bug ", rating: 1)
            #expect(first.id == 1 && second.id == 2 && second.title == "Weird Bug")
            _ = try await database.rename(1, to: "Big Terror")
            _ = try await database.rate(2, 3.5)
            let reopened = try await ScaryCreatureDatabase.open(at: root)
            let listed = try await reopened.list()
            #expect(listed.creatures.map(\.title) == ["Big Terror", "Weird Bug"])
            #expect(listed.creatures.map(\.rating) == [4.5, 3.5])
            try await reopened.delete(1)
            #expect(try await reopened.list().creatures.map(\.id) == [2])
            let error = try await #require(throws: ScaryCreaturesError.self) { try await reopened.rename(1, to: "Ghost") }
            #expect(error.code == .notFound)
        }
    }

    @Test("a bad title, rating or photo is refused before anything is written")
    func refusals() async throws {
        try await withTemporaryFolder { root in
            let database = try await ScaryCreatureDatabase.open(at: root)
            await #expect(throws: ScaryCreaturesError.self) { try await database.add(title: "", rating: 1) }
            await #expect(throws: ScaryCreaturesError.self) { try await database.add(title: "x", rating: 6) }
            let error = try await #require(throws: ScaryCreaturesError.self) {
                try await database.add(title: "x", image: Data("GIF89a............".utf8))
            }
            #expect(error.code == .invalidImage)
            #expect(error.message == "this is a GIF image, and only JPEG and PNG photos can be used: save it as JPEG first")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        }
    }

    @Test("a photo is kept as uploaded, named by its content, with a PNG thumbnail")
    func photos() async throws {
        try await withTemporaryFolder { root in
            let database = try await ScaryCreatureDatabase.open(at: root)
            let png = try SamplePhotos.png(), jpeg = try SamplePhotos.jpeg()
            let creature = try await database.add(title: "Painted", rating: 2, image: png)
            let bundle = root.appendingPathComponent("1.scarycreature")
            #expect(try Data(contentsOf: bundle.appendingPathComponent("fullImage.png")) == png)
            let thumbnail = try #require(try await creature.thumbnail())
            #expect(try ImageInfo.read(thumbnail) == ImageInfo(format: .png, width: 88, height: 88))

            try await database.setImage(1, jpeg)
            let names = Set(try FileManager.default.contentsOfDirectory(atPath: bundle.path))
            #expect(names == ["Data.plist", "fullImage.jpg", "thumbImage.png"])
            #expect(try await creature.fullImage()?.format == .jpeg)
            let green = try SamplePhotos.centre(of: try #require(try await database.thumbnail(of: 1)))
            #expect(green[1] > 150 && green[0] < 80)
        }
    }

    @Test("after a crash mid photo change, the thumbnail follows the newer photo")
    func crashBetweenPhotoFiles() async throws {
        try await withTemporaryFolder { root in
            let database = try await ScaryCreatureDatabase.open(at: root)
            _ = try await database.add(title: "Changing", image: try SamplePhotos.png())
            let bundle = root.appendingPathComponent("1.scarycreature")
            // The state a crash leaves after "remove thumbnail, write the new photo": both photos,
            // the JPEG newer, no thumbnail.
            try FileManager.default.removeItem(at: bundle.appendingPathComponent("thumbImage.png"))
            try SamplePhotos.jpeg().write(to: bundle.appendingPathComponent("fullImage.jpg"))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: bundle.appendingPathComponent("fullImage.png").path)
            let fresh = try await ScaryCreatureDatabase.open(at: root)
            #expect(try await fresh.fullImage(of: 1)?.format == .jpeg)
            let centre = try SamplePhotos.centre(of: try #require(try await fresh.thumbnail(of: 1)))
            #expect(centre[1] > 150, "the regenerated thumbnail shows the JPEG (green), not the old PNG")
            let report = try await fresh.check(repair: true)
            #expect(report.photoProblems.contains { $0.message.contains("two full photos") && $0.repaired })
            #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("fullImage.png").path))
        }
    }

    @Test("a 2010 Scary Bugs folder lists and opens, and stays a 2010 folder when changed")
    func scaryBugsFolder() async throws {
        try await withTemporaryFolder { root in
            let png = try SamplePhotos.png()
            for (index, name) in ["1.scarybug", "2.ScaryBug"].enumerated() {
                let bundle = root.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
                try foundationArchive(FoundationCreature(title: "Bug \(index + 1)", rating: Float(index) + 2.5, inlineRating: true), className: "ScaryBugData", topKey: "Data")
                    .write(to: bundle.appendingPathComponent("data.plist"))
                try png.write(to: bundle.appendingPathComponent("fullImage.jpg"))  // PNG bytes, .jpg name
            }
            let database = try await ScaryCreatureDatabase.open(at: root)
            #expect(database.layout.kind == .scaryBugs2010)
            let listed = try await database.list()
            #expect(listed.creatures.map(\.title) == ["Bug 1", "Bug 2"])
            #expect(try await database.fullImage(of: 2)?.format == .png)
            #expect(try await database.thumbnail(of: 2) != nil)
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("2.ScaryBug/thumbImage.jpg").path))
            _ = try await database.rename(2, to: "Renamed Bug")
            let rewritten = try Data(contentsOf: root.appendingPathComponent("2.ScaryBug/data.plist"))
            #expect(try foundationUnarchiveBug(rewritten)?.title == "Renamed Bug")
            let added = try await database.add(title: "New Bug", rating: 1)
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("\(added.id).scarybug/data.plist").path))
        }
    }

    @Test("a 2018 folder written by Foundation opens, and our changes still open in Foundation")
    func scaryCreaturesFolder() async throws {
        try await withTemporaryFolder { root in
            let bundle = root.appendingPathComponent("1.scarycreature")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            try foundationArchive(FoundationCreature(title: "Lil' Terror", rating: 5), className: "ScaryCreatures.ScaryCreatureData")
                .write(to: bundle.appendingPathComponent("Data.plist"))
            try SamplePhotos.png().write(to: bundle.appendingPathComponent("thumbImage.png"))
            let database = try await ScaryCreatureDatabase.open(at: root)
            #expect(try await database.creature(1).title == "Lil' Terror")
            _ = try await database.rate(1, 0.5)
            let creature = try #require(try foundationUnarchive(Data(contentsOf: bundle.appendingPathComponent("Data.plist")), className: "ScaryCreatures.ScaryCreatureData"))
            #expect(creature.rating == 0.5 && creature.title == "Lil' Terror")
        }
    }

    @Test("check reports corrupt and foreign bundles; repair quarantines them and regenerates thumbnails")
    func checkAndRepair() async throws {
        try await withTemporaryFolder { root in
            let database = try await ScaryCreatureDatabase.open(at: root)
            _ = try await database.add(title: "Good", image: try SamplePhotos.png())
            for (name, bytes) in [("2.scarycreature", Data("garbage".utf8)), ("3.scarycreature", try KeyedArchiver.archivedData(withRoot: ["not", "a", "creature"]))] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
                try bytes.write(to: root.appendingPathComponent(name).appendingPathComponent("Data.plist"))
            }
            try FileManager.default.removeItem(at: root.appendingPathComponent("1.scarycreature/thumbImage.png"))
            let report = try await database.check(repair: false)
            #expect(report.creatures == 1)
            #expect(report.badBundles.map(\.name) == ["2.scarycreature", "3.scarycreature"])
            #expect(report.photoProblems.map(\.message) == ["no thumbnail"])
            #expect(!report.isClean)
            let repaired = try await database.check(repair: true)
            #expect(repaired.quarantined.count == 2)
            #expect(try await database.check(repair: false).isClean)
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("1.scarycreature/thumbImage.png").path))
        }
    }

    @Test("concurrent adds and renames lose nothing")
    func concurrency() async throws {
        try await withTemporaryFolder { root in
            let database = try await ScaryCreatureDatabase.open(at: root)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask { _ = try await database.add(title: "Creature \(index)", rating: Double(index % 11) / 2) }
                }
                try await group.waitForAll()
            }
            let titles = Set(try await database.list().creatures.map(\.title))
            #expect(titles == Set((0..<40).map { "Creature \($0)" }))
        }
    }
}

@Suite("Thumbnails in the memory cache")
struct ThumbnailCacheTests {
    @Test("a deleted creature's cached thumbnail never shows on a new creature that gets its number")
    func reusedNumber() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let first = try await database.add(title: "Red", image: try SamplePhotos.png())
            let old = try #require(try await database.thumbnail(of: first.id))
            #expect(try SamplePhotos.centre(of: old) != [20, 200, 20])
            try await database.delete(first.id)
            let second = try await database.add(title: "Green", image: try SamplePhotos.jpeg())
            #expect(second.id == first.id)
            let new = try #require(try await database.thumbnail(of: second.id))
            let centre = try SamplePhotos.centre(of: new)
            #expect(centre[1] > 150 && centre[0] < 60)
        }
    }

    @Test("after a photo change the thumbnail shows the new photo, and after its removal there is none")
    func photoChange() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let creature = try await database.add(title: "Changing", image: try SamplePhotos.png())
            _ = try await database.thumbnail(of: creature.id)
            try await database.setImage(creature.id, try SamplePhotos.jpeg())
            let centre = try SamplePhotos.centre(of: try #require(try await database.thumbnail(of: creature.id)))
            #expect(centre[1] > 150 && centre[0] < 60)
            try await database.removeImage(creature.id)
            #expect(try await database.thumbnail(of: creature.id) == nil)
            #expect(try await database.hasPhoto(creature.id) == false)
        }
    }
}

@Suite("Photos streamed from disk")
struct PhotoStreamTests {
    @Test("a photo opened for streaming is read whole and unchanged even if it is replaced meanwhile; ranges read their bytes")
    func streamSurvivesReplacement() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let png = try SamplePhotos.png()
            let creature = try await database.add(title: "Streamed", image: png)
            let file = try #require(try await database.photoFile(of: creature.id))
            #expect(file.kind == .png && file.size == png.count)
            try await database.setImage(creature.id, try SamplePhotos.jpeg())
            var read: [UInt8] = []
            for try await chunk in file.chunks(in: 0..<file.size) { read += chunk }
            #expect(Data(read) == png)
            var part: [UInt8] = []
            for try await chunk in file.chunks(in: 8..<24) { part += chunk }
            #expect(Data(part) == png[8..<24])
            let now = try #require(try await database.photoFile(of: creature.id))
            #expect(now.kind == .jpeg)
            #expect(now.identity != file.identity)
        }
    }
}
