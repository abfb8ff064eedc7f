import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command keeps several photos an item", .timeLimit(.minutes(4)))
struct CLIPhotosTests {
    @Test("photos add (several files), list (text and --json), remove by number, as a real process; the first photo stays the key's file")
    func addListRemove() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let key = CLITests.addedKey(try await homepwner(["add", "Piano"] + data))
            let short = String(key.prefix(8))
            var files: [String] = []
            for seed in 1...3 {
                let file = folder.appendingPathComponent("p\(seed).png")
                try samplePNG(seed: seed).write(to: file)
                files.append(file.path)
            }
            let added = try await homepwner(["photos", "add", short] + files + data)
            #expect(added.status == 0, "\(added.errors)")
            #expect(added.output == "1  \(key)  (the 2014 app's photo)  added\n2  \(key).photo-2  added\n3  \(key).photo-3  added\n")
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(key).photo-3")) == (try samplePNG(seed: 3)))
            let listed = try await homepwner(["photos", "list", short] + data)
            #expect(listed.output == "1  \(key)  (the 2014 app's photo)\n2  \(key).photo-2\n3  \(key).photo-3\n")
            let json = try await homepwner(["photos", short, "--json"] + data)
            let list = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(list["itemKey"] as? String == key)
            let photos = try #require(list["photos"] as? [[String: Any]])
            #expect(photos.map { $0["number"] as? Int } == [1, 2, 3])
            #expect(photos.map { $0["name"] as? String } == [key, "\(key).photo-2", "\(key).photo-3"])
            #expect(photos.allSatisfy { ($0["version"] as? String)?.isEmpty == false })

            let removed = try await homepwner(["photos", "remove", short, "1"] + data)
            #expect(removed.output == "photo 1  \(key)  removed (2 photos left)\n")
            #expect(try Data(contentsOf: folder.appendingPathComponent(key)) == (try samplePNG(seed: 2)))
            #expect(try await homepwner(["photos", "list", short] + data).output == "1  \(key)  (the 2014 app's photo)\n2  \(key).photo-3\n")
            // Deleting the item removes every photo file.
            #expect(try await homepwner(["delete", short] + data).status == 0)
            #expect(try fileNames(in: folder).filter { $0.hasPrefix(key) }.isEmpty)
        }
    }

    @Test("a file that is not an image adds none (exit 65), a missing photo number is exit 66, a number that is not one exit 65, each one line on stderr")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let key = CLITests.addedKey(try await homepwner(["add", "Piano"] + data))
            let good = folder.appendingPathComponent("good.png"), bad = folder.appendingPathComponent("bad.jpg")
            try samplePNG().write(to: good)
            try Data("not a photo".utf8).write(to: bad)
            let refused = try await homepwner(["photos", "add", key, good.path, bad.path] + data)
            #expect(refused.status == 65)
            #expect(refused.errors == "homepwner: error: \(bad.path): this file is not a JPEG or PNG photo\n")
            #expect(try await homepwner(["photos", "list", key] + data).output == "no photos (add some with: homepwner photos add KEY FILE …)\n")
            let missing = try await homepwner(["photos", "remove", key, "2"] + data)
            #expect(missing.status == 66)
            #expect(missing.errors == "homepwner: error: item \(key) has no photo 2 (it has 0 photos)\n")
            let notANumber = try await homepwner(["photos", "remove", key, "1x"] + data)
            #expect(notANumber.status == 65)
            #expect(notANumber.errors == "homepwner: error: a photo's number is a whole number from 1, as photos list shows it, not \"1x\"\n")
        }
    }
}
