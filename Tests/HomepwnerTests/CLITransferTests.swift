import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("homepwner export and import: the whole inventory moved through one zip", .timeLimit(.minutes(4)))
struct CLITransferTests {
    @Test("export writes the zip and a summary line; import into a new folder brings the items and photo; a second import is refused with exit 73, a file that is no zip with 65")
    func exportThenImport() async throws {
        try await withTemporaryFolder { folder in
            let source = ["--data-dir", folder.appendingPathComponent("old").path]
            let added = try await homepwner(["add", "Camera", "--value", "900", "--location", "House › Office"] + source + ["--create"])
            #expect(added.status == 0, "\(added.errors)")
            let list = try await homepwner(["list", "--json"] + source)
            let items = try #require((try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
            let key = try #require(items.first?["itemKey"] as? String)
            let photo = folder.appendingPathComponent("photo.png")
            try samplePNG().write(to: photo)
            #expect(try await homepwner(["set-image", key, photo.path] + source).status == 0)

            let zip = folder.appendingPathComponent("moving.zip")
            let export = try await homepwner(["export", zip.path] + source)
            #expect(export.status == 0, "\(export.errors)")
            #expect(export.output == "Exported 1 item, 1 photo, 0 attachments and 0 locations to \(zip.path).\n")

            let target = ["--storage", folder.appendingPathComponent("new").path]
            let imported = try await homepwner(["import", zip.path] + target + ["--create"])
            #expect(imported.status == 0, "\(imported.errors)")
            #expect(imported.output == "Imported 1 item, 1 photo and 0 attachments; 0 locations added to the list.\n")
            #expect(try Data(contentsOf: folder.appendingPathComponent("new/items.archive")) == (try Data(contentsOf: folder.appendingPathComponent("old/items.archive"))))
            #expect(try Data(contentsOf: folder.appendingPathComponent("new/\(key)")) == (try Data(contentsOf: photo)))

            let again = try await homepwner(["import", zip.path] + target)
            #expect(again.status == 73)
            #expect(again.errors == "homepwner: error: \(folder.appendingPathComponent("new").path) has 1 item; a full export is imported only into an inventory with no items, so nothing was imported\n")

            let notZip = folder.appendingPathComponent("notes.zip")
            try Data("hello".utf8).write(to: notZip)
            let refused = try await homepwner(["import", notZip.path, "--storage", folder.appendingPathComponent("third").path, "--create"])
            #expect(refused.status == 65)
            #expect(refused.errors == "homepwner: error: notes.zip is not a zip file; choose a .zip that Export made\n")
        }
    }
}
